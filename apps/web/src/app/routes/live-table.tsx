import { useParams } from 'react-router';
import { LiveTable } from '../../features/live/components/live-table';

/** A house live table (/live/:tableCode): watched by anyone, bet on by members. */
export default function LiveTablePage() {
  const { tableCode = '' } = useParams();
  // Keyed by table: chips, pending bets and the clock start afresh at another table.
  return <LiveTable key={tableCode} code={tableCode} />;
}
