import { useParams } from 'react-router';
import { PvpRoom } from '../../features/pvp/components/pvp-room';

/** A card room (/pvp/:tableCode): watched by anyone, played by members. */
export default function PvpRoomPage() {
  const { tableCode = '' } = useParams();
  return <PvpRoom key={tableCode} code={tableCode} />;
}
