import type { PlayerStatus } from '@arcadia/contract';
import { useTranslation } from '../../../lib/i18n';

/** A member's status as a coloured label. */
export function StatusBadge({ status }: { status: PlayerStatus }) {
  const { t } = useTranslation('operator');
  return (
    <span className={`ops-players__status ops-players__status--${status}`}>
      {t(`players.status_${status}`)}
    </span>
  );
}
