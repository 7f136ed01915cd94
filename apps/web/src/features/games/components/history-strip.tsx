import type { HouseRound } from '@arcadia/contract';
import { useTranslation } from '../../../lib/i18n';
import { netMinor } from '../lib/stake';

interface HistoryStripProps {
  rounds: HouseRound[];
  money(minor: bigint | string, signed?: boolean): string;
}

/** The latest results, newest first: green for a win, muted for a loss, outlined while open. */
export function HistoryStrip({ rounds, money }: HistoryStripProps) {
  const { t } = useTranslation('games');
  return (
    <ol className="history-strip" aria-label={t('history')} data-testid="history-strip">
      {rounds.length === 0 && <li className="history-strip__empty">{t('history_empty')}</li>}
      {rounds.slice(0, 24).map((r) => {
        const net = netMinor(r.stake, r.payout);
        const state =
          r.status === 'open'
            ? 'open'
            : r.status === 'void'
              ? 'void'
              : net > 0n
                ? 'win'
                : BigInt(r.payout) > 0n
                  ? 'push'
                  : 'loss';
        return (
          <li
            key={r.roundId}
            className={`history-strip__item history-strip__item--${state}`}
            title={`#${r.nonce} · ${t(`round_${state}`)} · ${money(r.stake)} → ${money(r.payout)}`}
          >
            {r.status === 'open' ? t('round_open') : money(net, true)}
          </li>
        );
      })}
    </ol>
  );
}
