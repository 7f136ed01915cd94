import { useParams } from 'react-router';
import { PracticeRoom } from '../../features/pvp/components/practice-room';
import { PvpRoom } from '../../features/pvp/components/pvp-room';
import { isPracticeCode } from '../../features/pvp/lib/use-practice-table';

/** A card room (/pvp/:tableCode): watched by anyone, played by members; a practice table for anyone. */
export default function PvpRoomPage() {
  const { tableCode = '' } = useParams();
  return isPracticeCode(tableCode) ? (
    <PracticeRoom key={tableCode} code={tableCode} />
  ) : (
    <PvpRoom key={tableCode} code={tableCode} />
  );
}
