import type { SportsCategory } from '@arcadia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { onRealtimeReconnect, sendRealtime, useSocketEvent } from '../../../lib/realtime';
import { useSessionStore } from '../../../lib/session-store';
import { sportsKeys, useSportsEvents } from '../api/sports';
import { oddsFormats, useOddsFormat } from '../lib/odds';
import { useSlipStore } from '../lib/slip-store';
import { BetSlip } from './bet-slip';
import { EventCard } from './event-card';
import { MySportsBets } from './my-sports-bets';
import '../sports.css';

/** Joins a category's public topic while shown; its price moves and results refresh the book. */
function useBookTopic(category: SportsCategory) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const topic = `sports:${category}`;
    sendRealtime('topic.join', { topic });
    const off = onRealtimeReconnect(() => sendRealtime('topic.join', { topic }));
    return () => {
      off();
      sendRealtime('topic.leave', { topic });
    };
  }, [category]);
  // A burst of moves (a kick-off closes every market of an event) refreshes once.
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: sportsKeys.events(category) });
    }, 400);
  };
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useSocketEvent('sports.market', refresh);
  useSocketEvent('sports.event', refresh);
  useSocketEvent('sports.bet', () => {
    void client.invalidateQueries({ queryKey: ['member', 'sports-bets'] });
  });
}

/**
 * The house sportsbook in a game centre (/sports: sports, then cockfight; /esports): the book by
 * sport and league with live prices in the member's odds format, the bet slip beside it (a bottom
 * sheet on a phone), and the member's bets.
 */
export function Sportsbook({ categories }: { categories: readonly SportsCategory[] }) {
  const { t } = useTranslation('sports');
  const [category, setCategory] = useState<SportsCategory>(categories[0]!);
  const [sport, setSport] = useState<string | null>(null);
  const [format, setFormat] = useOddsFormat();
  const token = useSessionStore((s) => s.token);
  const slipCount = useSlipStore((s) => s.legs.length);
  const events = useSportsEvents(category);
  useBookTopic(category);
  const list = events.data?.list ?? [];
  const sports = [...new Set(list.map((e) => e.sport))];
  const shown = list.filter((e) => sport === null || e.sport === sport);
  const upcoming = shown.filter((e) => e.status === 'scheduled');
  const done = shown.filter((e) => e.status !== 'scheduled');

  return (
    <section className="sportsbook" aria-label={t('book')}>
      <div className="sportsbook__bar">
        {categories.length > 1 && (
          <div className="segmented" role="tablist" aria-label={t('categories')}>
            {categories.map((c) => (
              <button
                key={c}
                type="button"
                role="tab"
                className="segmented__item"
                aria-selected={c === category}
                onClick={() => {
                  setCategory(c);
                  setSport(null);
                }}
              >
                {t(`category.${c}`)}
              </button>
            ))}
          </div>
        )}
        {sports.length > 1 && (
          <div className="sportsbook__chips" role="group" aria-label={t('sports')}>
            <button
              type="button"
              className="chip"
              aria-pressed={sport === null}
              onClick={() => setSport(null)}
            >
              {t('all')}
            </button>
            {sports.map((s) => (
              <button
                key={s}
                type="button"
                className="chip"
                aria-pressed={sport === s}
                onClick={() => setSport(s)}
              >
                {t(`sport.${s}`, { defaultValue: s })}
              </button>
            ))}
          </div>
        )}
        <label className="sportsbook__format">
          <span>{t('odds_format')}</span>
          <select value={format} onChange={(e) => setFormat(e.target.value as typeof format)}>
            {oddsFormats.map((f) => (
              <option key={f} value={f}>
                {t(`format.${f}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={`sportsbook__body${slipCount > 0 ? ' sportsbook__body--slip' : ''}`}>
        <div className="sportsbook__events">
          {events.isPending ? (
            <p className="muted">{t('loading')}</p>
          ) : upcoming.length === 0 && done.length === 0 ? (
            <p className="muted">{t('no_events')}</p>
          ) : (
            <>
              {upcoming.map((e) => (
                <EventCard key={e.eventId} event={e} format={format} />
              ))}
              {done.length > 0 && (
                <>
                  <h2 className="sportsbook__subtitle">{t('in_play_and_results')}</h2>
                  {done.map((e) => (
                    <EventCard key={e.eventId} event={e} format={format} />
                  ))}
                </>
              )}
            </>
          )}
        </div>
        <div className="sportsbook__side">
          <BetSlip format={format} />
          {token && <MySportsBets format={format} />}
        </div>
      </div>
    </section>
  );
}
