import { useLocation } from 'react-router';
import { AccountGames } from '../../features/lobby/components/account-games';
import { paths } from '../../config/paths';

/** `/favorite` and `/recent`: the member's own game lists. */
export default function AccountGamesPage() {
  const { pathname } = useLocation();
  const kind = pathname === paths.recent ? 'recent' : 'favourites';
  return <AccountGames key={kind} kind={kind} />;
}
