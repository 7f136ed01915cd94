import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatMoney, minorToMajorText } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';
import { type SportsBetItem, useSportsBets } from '../api/sports';
import { marketName, pickName } from '../lib/labels';
import { type OddsFormat, showOdds } from '../lib/odds';

/** The member's bets: open ones awaiting results, settled ones with each leg's result. */
export function MySportsBets({ format }: { format: OddsFormat }) {
  const { t, i18n } = useTranslation('sports');
  const brand = useBrand();
  const [tab, setTab] = useState<'open' | 'settled'>('open');
  const bets = useSportsBets(tab, true);
  const money = (minor: string) =>
    formatMoney(minorToMajorText(minor, brand.currencyScale) ?? '0', {
      scale: brand.currencyScale,
      currencySymbol: brand.currencySymbol,
      locale: i18n.language,
    });
  const list = bets.data?.list ?? [];
  const legText = (b: SportsBetItem['legs'][number]) => {
    const [home, away] = b.event.split(' v ');
    const named = { home: home ?? '', away: away ?? '', category: b.category };
    return {
      pick: pickName(
        t,
        named,
        { kind: b.kind, line: b.kind === 'handicap' && b.key === 'away' ? -(b.line ?? 0) : b.line },
        b.key,
      ),
      market: marketName(t, b),
    };
  };
  return (
    <section className="sports-mybets" aria-label={t('my_bets')}>
      <div className="sports-mybets__head">
        <h2 className="sports-slip__title">{t('my_bets')}</h2>
        <div className="segmented" role="tablist">
          {(['open', 'settled'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              className="segmented__item"
              aria-selected={tab === s}
              onClick={() => setTab(s)}
            >
              {t(`tab.${s}`)}
            </button>
          ))}
        </div>
      </div>
      {list.length === 0 ? (
        <p className="muted">{t('no_bets')}</p>
      ) : (
        <ul className="sports-mybets__list">
          {list.map((b) => (
            <li key={b.betId} className={`sports-bet sports-bet--${b.status}`}>
              <div className="sports-bet__head">
                <strong>{b.kind === 'parlay' ? t('parlay', { count: b.legs.length }) : t('single')}</strong>
                <span className={`sports-bet__status sports-bet__status--${b.status}`}>
                  {t(`bet_status.${b.status}`)}
                </span>
              </div>
              <ul className="sports-bet__legs">
                {b.legs.map((l) => {
                  const text = legText(l);
                  return (
                    <li key={`${l.marketId}:${l.key}`}>
                      <span>
                        {text.pick}{' '}
                        <span className="muted">
                          · {text.market} · {l.event}
                        </span>
                      </span>
                      <span className="sports-bet__odds">
                        {showOdds(l.odds, format)}
                        {l.result && (
                          <span className={`sports-leg sports-leg--${l.result}`}>{t(`leg.${l.result}`)}</span>
                        )}
                      </span>
                    </li>
                  );
                })}
              </ul>
              <div className="sports-bet__money">
                <span>
                  {t('stake')} {money(b.stake)}
                </span>
                <span>
                  {b.status === 'open'
                    ? `${t('potential_return')} ${money(b.potentialReturn)}`
                    : `${t('payout')} ${money(b.payout)}`}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
