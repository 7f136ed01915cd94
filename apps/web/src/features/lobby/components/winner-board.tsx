import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { languageCatalogue } from '@arcadia/contract/client';
import { currentLanguage } from '../../../lib/i18n';
import { compareAmounts, formatMoney } from '../../../lib/money';

export interface WinnerEntry {
  customerName: string;
  /** Major units as sent by the server (a decimal string or number). */
  winAmount: string | number;
  gameName?: string | undefined;
}

const medal = ['gold', 'silver', 'bronze'] as const;

/** Sorted by win amount, largest first, exactly (no float arithmetic on money). */
export function rankWinners<T extends WinnerEntry>(entries: readonly T[], scale: number): T[] {
  const cmp = (a: T, b: T) => {
    try {
      return compareAmounts(b.winAmount, a.winAmount, scale);
    } catch {
      // An amount this build cannot read sorts last rather than breaking the board.
      return 0;
    }
  };
  return [...entries].sort(cmp);
}

/**
 * Spec §2 winner board: the top three with rank icons, then a scrolling list from rank 4 with the
 * currency symbol. The list scrolls only when it overflows, and never for reduced motion (CSS).
 */
export function WinnerBoard({
  entries,
  currencySymbol,
  scale,
  loading,
}: {
  entries: readonly WinnerEntry[];
  currencySymbol: string;
  scale: number;
  loading?: boolean;
}) {
  const { t } = useTranslation('lobby');
  const locale = languageCatalogue[currentLanguage()].locale;
  if (!loading && entries.length === 0) return <EmptyState />;
  const ranked = rankWinners(entries, scale);
  const money = (v: string | number) => formatMoney(v, { currencySymbol, scale, locale });
  const rest = ranked.slice(3);
  return (
    <div className="winners">
      <ol className="winners__top" aria-label={t('top_winners')}>
        {ranked.slice(0, 3).map((w, i) => (
          <li key={`${i}-${w.customerName}`} className={`winners__top-item winners__top-item--${medal[i]}`}>
            <span className="winners__medal" aria-label={t('rank_n', { rank: i + 1 })}>
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                <circle cx="12" cy="14" r="7" />
                <path d="M8 3h3l1 5M16 3h-3l-1 5" fill="none" strokeWidth="2" />
                <text x="12" y="17.5" textAnchor="middle" fontSize="9" fontWeight="700">
                  {i + 1}
                </text>
              </svg>
            </span>
            <span className="winners__name">{w.customerName}</span>
            {w.gameName && <span className="winners__game">{w.gameName}</span>}
            <span className="winners__amount">{money(w.winAmount)}</span>
          </li>
        ))}
      </ol>
      {rest.length > 0 && (
        <div className="winners__scroll">
          <ol className={`winners__list${rest.length > 6 ? ' is-scrolling' : ''}`} start={4}>
            {rest.map((w, i) => (
              <li key={`${i}-${w.customerName}`} className="winners__row">
                <span className="winners__rank">{i + 4}</span>
                <span className="winners__name">{w.customerName}</span>
                <span className="winners__amount">{money(w.winAmount)}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
