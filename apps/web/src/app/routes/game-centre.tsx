import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { GameCentre } from '../../features/lobby/components/game-centre';
import { paths } from '../../config/paths';

const categories = {
  [paths.sports]: { category: 'SPORTS', title: 'con_sports' },
  [paths.esports]: { category: 'ESPORTS', title: 'compete_game' },
  [paths.lott]: { category: 'LOTT', title: 'con_lott' },
  [paths.elott]: { category: 'ELOTT', title: 'in_elott_Handicap' },
} as const;

/** Game centre (spec §2): /sports, /esports, /lott, /elott list the category's vendors. */
export default function GameCentrePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { category, title } = categories[pathname as keyof typeof categories] ?? categories[paths.sports];
  return <GameCentre category={category} title={t(title)} />;
}
