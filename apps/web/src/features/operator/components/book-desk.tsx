import type { SportsCategory, SportsResult } from '@arcadia/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type BookEvent, useBookEvents, useEnterResult, useMarketStatus } from '../api/book';

const REASON_MIN = 3;
const REASON_MAX = 500;
const categories: SportsCategory[] = ['SPORTS', 'ESPORTS', 'COCKFIGHT'];

interface ResultFields {
  home: string;
  away: string;
  maps: string;
  outcome: 'meron' | 'wala' | 'draw' | 'cancelled';
  voided: boolean;
  reason: string;
}

/** The result kind an event's markets take: a score, maps, or a fight. */
function kindOf(e: BookEvent): 'score' | 'maps' | 'fight' {
  if (e.markets.some((m) => m.kind === 'fight')) return 'fight';
  if (e.markets.some((m) => m.kind === 'match_winner' || m.kind === 'map_winner')) return 'maps';
  return 'score';
}

/** A result in a table cell: the score, the maps' winners, the fight's outcome, or void. */
function resultLabel(r: SportsResult, t: (key: string) => string): string {
  switch (r.kind) {
    case 'score':
      return `${r.home}–${r.away}`;
    case 'maps':
      return r.maps.map((m) => (m === 'home' ? 'H' : 'A')).join(' ');
    case 'fight':
      return t(`book_fight_${r.outcome}`);
    case 'void':
      return t('book_void');
  }
}

/** Maps as typed ("H A H"): the winner of each map in order, H for home and A for away. */
function parseMaps(text: string): ('home' | 'away')[] | null {
  const maps = text
    .trim()
    .toUpperCase()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((x) => (x === 'H' ? 'home' : x === 'A' ? 'away' : null));
  return maps.length > 0 && maps.length <= 7 && maps.every((m) => m !== null)
    ? (maps as ('home' | 'away')[])
    : null;
}

function ResultForm({
  event,
  category,
  onDone,
}: {
  event: BookEvent;
  category: SportsCategory;
  onDone(): void;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const enter = useEnterResult(category);
  const kind = kindOf(event);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResultFields>({
    defaultValues: { home: '', away: '', maps: '', outcome: 'meron', voided: false, reason: '' },
    mode: 'onTouched',
  });
  const goals = { validate: (v: string) => /^\d{1,3}$/.test(v.trim()) || t('book_goals_invalid') };
  const submit = handleSubmit((f) => {
    let result: SportsResult;
    if (f.voided) result = { kind: 'void' };
    else if (kind === 'fight') result = { kind: 'fight', outcome: f.outcome };
    else if (kind === 'maps') {
      const maps = parseMaps(f.maps)!;
      const home = maps.filter((m) => m === 'home').length;
      result = { kind: 'maps', maps, winner: home > maps.length - home ? 'home' : 'away' };
    } else result = { kind: 'score', home: Number(f.home), away: Number(f.away) };
    enter.mutate({ eventId: event.eventId, result, reason: f.reason.trim() }, { onSuccess: onDone });
  });
  return (
    <form
      className="ops-book__form"
      onSubmit={submit}
      noValidate
      aria-label={t('book_result_for', { event: `${event.home} v ${event.away}` })}
    >
      {kind === 'score' && (
        <div className="ops-book__score">
          <TextField
            label={event.home}
            inputMode="numeric"
            error={errors.home?.message}
            {...register('home', goals)}
          />
          <TextField
            label={event.away}
            inputMode="numeric"
            error={errors.away?.message}
            {...register('away', goals)}
          />
        </div>
      )}
      {kind === 'maps' && (
        <TextField
          label={t('book_maps')}
          hint={t('book_maps_hint')}
          error={errors.maps?.message}
          {...register('maps', { validate: (v) => parseMaps(v) !== null || t('book_maps_invalid') })}
        />
      )}
      {kind === 'fight' && (
        <label className="field">
          <span className="field__label">{t('book_outcome')}</span>
          <select className="field__input" {...register('outcome')}>
            {(['meron', 'wala', 'draw', 'cancelled'] as const).map((o) => (
              <option key={o} value={o}>
                {t(`book_fight_${o}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="checkbox">
        <input type="checkbox" {...register('voided')} /> {t('book_void')}
      </label>
      <TextField
        label={t('reason')}
        required
        error={errors.reason?.message}
        {...register('reason', {
          validate: (v) =>
            (v.trim().length >= REASON_MIN && v.trim().length <= REASON_MAX) ||
            t('reason_length', { min: REASON_MIN, max: REASON_MAX }),
        })}
      />
      {enter.error && (
        <p className="form__error" role="alert">
          {errorText(enter.error)}
        </p>
      )}
      <div className="ops-book__actions">
        <button type="button" className="button button--small" onClick={onDone}>
          {t('cancel')}
        </button>
        <button type="submit" className="button button--primary button--small" disabled={enter.isPending}>
          {event.result ? t('book_correct') : t('book_enter')}
        </button>
      </div>
    </form>
  );
}

/**
 * The sportsbook desk (all-brand admins: the book is every brand's): each category's events with
 * their markets' states, results entered or corrected, and markets suspended or reopened — every
 * action with its reason, audited.
 */
export function BookDesk() {
  const { t, i18n } = useTranslation('operator');
  const errorText = useApiErrorText();
  const [category, setCategory] = useState<SportsCategory>('SPORTS');
  const [open, setOpen] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const events = useBookEvents(category);
  const status = useMarketStatus(category);
  const list = events.data?.list ?? [];
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  const reasonOk = reason.trim().length >= REASON_MIN;
  return (
    <section className="ops-card ops-book" aria-labelledby="ops-book-title">
      <header className="ops-card__header">
        <h2 id="ops-book-title">{t('book_title')}</h2>
        <div className="segmented" role="tablist" aria-label={t('book_categories')}>
          {categories.map((c) => (
            <button
              key={c}
              type="button"
              role="tab"
              className="segmented__item"
              aria-selected={c === category}
              onClick={() => {
                setCategory(c);
                setOpen(null);
              }}
            >
              {t(`book_category_${c}`)}
            </button>
          ))}
        </div>
      </header>
      <TextField
        label={t('book_market_reason')}
        hint={t('book_market_reason_hint')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {status.error && (
        <p className="form__error" role="alert">
          {errorText(status.error)}
        </p>
      )}
      {events.isPending ? (
        <p className="ops-card__state" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
        </p>
      ) : list.length === 0 ? (
        <EmptyState message={t('book_empty')} />
      ) : (
        <div className="table-scroll">
          <table className="data-table ops-table ops-table--compact">
            <thead>
              <tr>
                <th scope="col">{t('book_starts')}</th>
                <th scope="col">{t('book_event')}</th>
                <th scope="col">{t('book_state')}</th>
                <th scope="col">{t('book_markets')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((e) => (
                <tr key={e.eventId}>
                  <td>{when(e.startsAt)}</td>
                  <td>
                    <strong>
                      {e.home} v {e.away}
                    </strong>
                    <div className="muted">{e.league}</div>
                    {open === e.eventId && (
                      <ResultForm event={e} category={category} onDone={() => setOpen(null)} />
                    )}
                  </td>
                  <td>
                    {t(`book_status_${e.status}`)}
                    {e.result && <div className="muted">{resultLabel(e.result, t)}</div>}
                  </td>
                  <td>
                    <ul className="ops-book__markets">
                      {e.markets.map((m) => (
                        <li key={m.marketId}>
                          <span>
                            {m.kind}
                            {m.line !== null ? ` ${m.line / 4}` : ''}
                            {m.map !== null ? ` #${m.map}` : ''} · {t(`book_market_${m.status}`)}
                          </span>
                          {(m.status === 'open' || m.status === 'suspended') && (
                            <button
                              type="button"
                              className="button button--small"
                              disabled={!reasonOk || status.isPending}
                              title={reasonOk ? undefined : t('book_market_reason_hint')}
                              onClick={() =>
                                status.mutate({
                                  marketId: m.marketId,
                                  status: m.status === 'open' ? 'suspended' : 'open',
                                  reason: reason.trim(),
                                })
                              }
                            >
                              {m.status === 'open' ? t('book_suspend') : t('book_reopen')}
                            </button>
                          )}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    {open !== e.eventId && (
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => setOpen(e.eventId)}
                      >
                        {e.result ? t('book_correct') : t('book_enter')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
