import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { SportsEventItem, SportsMarketItem } from '../api/sports';
import { marketName, pickName, resultText } from '../lib/labels';
import { type OddsFormat, showOdds } from '../lib/odds';
import { useSlipStore } from '../lib/slip-store';

/** Markets shown on the card; the rest open with "more markets". */
const MAIN_KINDS = new Set(['1x2', 'handicap', 'total', 'match_winner', 'fight']);

function MarketRow({
  event,
  market,
  format,
}: {
  event: SportsEventItem;
  market: SportsMarketItem;
  format: OddsFormat;
}) {
  const { t } = useTranslation('sports');
  const legs = useSlipStore((s) => s.legs);
  const toggle = useSlipStore((s) => s.toggle);
  const open = market.status === 'open' && event.status === 'scheduled';
  const name = marketName(t, market);
  return (
    <div className={`sports-market sports-market--${market.kind}`} role="group" aria-label={name}>
      <div className="sports-market__name">
        {name}
        {market.status === 'suspended' && <span className="sports-badge">{t('suspended')}</span>}
      </div>
      <div className="sports-market__picks">
        {market.selections.map((s) => {
          const pick = pickName(t, event, market, s.key);
          const chosen = legs.some((l) => l.marketId === market.marketId && l.key === s.key);
          return (
            <button
              key={s.key}
              type="button"
              className="sports-pick"
              aria-pressed={chosen}
              disabled={!open}
              aria-label={`${pick} ${showOdds(s.odds, format)}`}
              onClick={() =>
                toggle({
                  eventId: event.eventId,
                  marketId: market.marketId,
                  key: s.key,
                  odds: s.odds,
                  event: `${event.home} v ${event.away}`,
                  market: name,
                  pick,
                })
              }
            >
              <span className="sports-pick__name">{pick}</span>
              <span className="sports-pick__odds">{showOdds(s.odds, format)}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** One event: league, time or state, teams, its main markets and, on demand, the others. */
export function EventCard({ event, format }: { event: SportsEventItem; format: OddsFormat }) {
  const { t, i18n } = useTranslation('sports');
  const [more, setMore] = useState(false);
  const main = event.markets.filter((m) => MAIN_KINDS.has(m.kind));
  const rest = event.markets.filter((m) => !MAIN_KINDS.has(m.kind));
  const starts = new Date(event.startsAt);
  const when = starts.toLocaleString(i18n.language, {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <article
      className={`sports-event sports-event--${event.status}`}
      aria-label={`${event.home} v ${event.away}`}
    >
      <header className="sports-event__head">
        <span className="sports-event__league">{event.league}</span>
        {event.status === 'scheduled' && (
          <time className="sports-event__time" dateTime={event.startsAt}>
            {when}
          </time>
        )}
        {event.status === 'live' && (
          <span className="sports-badge sports-badge--live">{t('status.live')}</span>
        )}
        {event.result && (
          <span className="sports-badge sports-badge--final">
            {event.status === 'cancelled' ? t('status.cancelled') : t('status.finished')} ·{' '}
            {resultText(t, event.result)}
          </span>
        )}
      </header>
      <div className="sports-event__teams">
        <span>{event.home}</span>
        <span className="muted">{event.category === 'COCKFIGHT' ? t('vs_fight') : t('vs')}</span>
        <span>{event.away}</span>
      </div>
      {event.status === 'scheduled' && (
        <>
          {main.map((m) => (
            <MarketRow key={m.marketId} event={event} market={m} format={format} />
          ))}
          {rest.length > 0 && (
            <button
              type="button"
              className="button button--small sports-event__more"
              aria-expanded={more}
              onClick={() => setMore(!more)}
            >
              {more ? t('fewer_markets') : t('more_markets', { count: rest.length })}
            </button>
          )}
          {more && rest.map((m) => <MarketRow key={m.marketId} event={event} market={m} format={format} />)}
        </>
      )}
    </article>
  );
}
