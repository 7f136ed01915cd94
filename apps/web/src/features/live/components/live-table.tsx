import { hashServerSeed, liveRoundResult, type RoadOutcome } from '@arcadia/games';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useApiErrorText } from '../../../lib/api-error-text';
import { formatMoney, minorToMajorText } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';
import { useRealtimeStatus, useRealtimeTopic, useSocketEvent } from '../../../lib/realtime';
import { useServerNow } from '../../../lib/server-clock';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import { useUiStore } from '../../../lib/ui-store';
import {
  type LiveTableItem,
  liveKeys,
  useLiveMyBets,
  useLiveTable,
  useLiveTotals,
  usePlaceLiveBet,
} from '../api/live';
import { ROULETTE_RED, spotLabel, spotLayout, spotPays } from '../lib/spots';
import { BaccaratRoads } from './roads';
import { TableStage } from './table-stage';
import '../live.css';

const CHIPS = [1, 5, 10, 50, 100, 500, 1000, 5000];

/** Joins the table's public topic while shown; rounds, totals and the member's settled bets update the page. */
function useTableTopic(code: string) {
  const client = useQueryClient();
  useRealtimeTopic(`live:${code}`, () => void client.invalidateQueries({ queryKey: ['live'] }));
  useSocketEvent('live.round', (round) => {
    if (round.tableCode !== code) return;
    client.setQueryData(
      liveKeys.table(code),
      (old: { table: LiveTableItem; offsetMs: number } | undefined) =>
        old ? { ...old, table: { ...old.table, round } } : old,
    );
    if (round.status === 'betting') client.setQueryData(liveKeys.totals(code), null);
    if (round.status === 'settled' || round.status === 'voided') {
      void client.invalidateQueries({ queryKey: liveKeys.table(code) });
      void client.invalidateQueries({ queryKey: liveKeys.myBets(code) });
    }
  });
  useSocketEvent('live.totals', (totals) => {
    if (totals.tableCode === code) client.setQueryData(liveKeys.totals(code), totals);
  });
  useSocketEvent('live.bet', (bet) => {
    if (bet.tableCode === code) void client.invalidateQueries({ queryKey: liveKeys.myBets(code) });
  });
}

type Settled = LiveTableItem['history'][number];

/** JSON with object keys in order: the stored result (its keys reordered by the database) compares by content. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** Checks a settled round in the browser: the seed's hash against the commitment, and the deal it gives. */
function VerifyRound({ table, round }: { table: LiveTableItem; round: Settled }) {
  const { t } = useTranslation('live');
  const [verdict, setVerdict] = useState<{ roundId: string; ok: boolean } | null>(null);
  const check = () => {
    const hashOk = hashServerSeed(round.serverSeed) === round.seedHash;
    const dealt = liveRoundResult(table.kind, round.serverSeed, table.tableCode, round.roundNo);
    setVerdict({
      roundId: round.roundId,
      ok: hashOk && canonical(dealt) === canonical(round.result),
    });
  };
  const shown = verdict?.roundId === round.roundId ? verdict : null;
  return (
    <div className="live-fair__verify">
      <button type="button" className="button" onClick={check}>
        {t('verify', { n: round.roundNo })}
      </button>
      {shown && (
        <span className={`live-fair__verdict live-fair__verdict--${shown.ok ? 'ok' : 'bad'}`} role="status">
          {t(`verdict.${shown.ok ? 'ok' : 'bad'}`)}
        </span>
      )}
    </div>
  );
}

/**
 * A live table (/live/:tableCode): the round on the clock for everyone seated — the countdown, the
 * spots with what the brand's players have on them, the deal, the settlement — with the member's
 * chips and bets, the history and (baccarat) the roads, and the round's fairness proof.
 */
export function LiveTable({ code }: { code: string }) {
  const { t, i18n } = useTranslation('live');
  const client = useQueryClient();
  const brand = useBrand();
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore((s) => s.isTrial);
  const openModal = useUiStore((s) => s.openModal);
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const online = useRealtimeStatus() === 'online';
  const query = useLiveTable(code, !online);
  const totals = useLiveTotals(code, !online);
  const mine = useLiveMyBets(code, Boolean(token) && !isTrial);
  const place = usePlaceLiveBet();
  useTableTopic(code);
  const now = useServerNow(query.data?.offsetMs ?? 0, 200);
  const [chip, setChip] = useState(2);
  // Chips staged for one round: another round starts with none.
  const [staged, setStaged] = useState<{ roundId: string | null; bets: Record<string, bigint> }>({
    roundId: null,
    bets: {},
  });

  const table = query.data?.table;
  const round = table?.round ?? null;
  const unit = 10n ** BigInt(brand.currencyScale);
  const money = (minor: bigint | string) =>
    formatMoney(minorToMajorText(String(minor), brand.currencyScale) ?? '0', {
      scale: brand.currencyScale,
      currencySymbol: brand.currencySymbol,
      locale: i18n.language,
    });
  const chips = useMemo(() => {
    if (!table) return [];
    const min = BigInt(table.minBet);
    const max = BigInt(table.maxBet);
    return CHIPS.map((c) => BigInt(c) * unit).filter((c) => c >= min && c <= max);
  }, [table, unit]);
  const chipValue = chips[Math.min(chip, chips.length - 1)] ?? 0n;
  const roundId = round?.roundId ?? null;
  const pending = staged.roundId === roundId ? staged.bets : {};
  const setPending = (next: (p: Record<string, bigint>) => Record<string, bigint>) =>
    setStaged((s) => ({ roundId, bets: next(s.roundId === roundId ? s.bets : {}) }));

  if (query.isError) return <p className="panel-state">{errorText(query.error)}</p>;
  if (!table) return <p className="panel-state">{t('loading')}</p>;

  const closes = round ? Date.parse(round.closesAt) : 0;
  const resultAt = round ? Date.parse(round.resultAt) : 0;
  const betting = round?.status === 'betting' && now < closes;
  const secondsLeft = betting ? Math.max(0, Math.ceil((closes - now) / 1000)) : 0;
  const progress =
    !round || round.status === 'betting'
      ? 0
      : round.status !== 'dealing'
        ? 1
        : Math.min(1, Math.max(0, (now - closes) / Math.max(1, (resultAt - closes) * 0.85)));
  const lastSettled = table.history.at(-1) ?? null;
  const lastResult = round?.result ?? lastSettled?.result ?? null;
  const myRound = (mine.data?.list ?? []).filter((b) => b.roundId === round?.roundId);
  const mineOn = (spot: string) =>
    myRound.filter((b) => b.spot === spot).reduce((a, b) => a + BigInt(b.stake), 0n);
  const pendingTotal = Object.values(pending).reduce((a, b) => a + b, 0n);
  const totalOn = (spot: string) =>
    totals.data?.roundId === round?.roundId ? totals.data?.spots.find((s) => s.spot === spot) : undefined;

  const addChip = (spot: string) => {
    if (!token) return openModal('login');
    if (!betting || chipValue === 0n) return;
    setPending((p) => {
      const next = (p[spot] ?? 0n) + chipValue;
      if (next + mineOn(spot) > BigInt(table.maxBet)) {
        showToast(t('limit', { max: money(table.maxBet) }), 'error');
        return p;
      }
      return { ...p, [spot]: next };
    });
  };
  const confirm = () => {
    if (!round || pendingTotal === 0n) return;
    place.mutate(
      {
        tableCode: code,
        roundId: round.roundId,
        bets: Object.entries(pending).map(([spot, amount]) => ({ spot, amount: amount.toString() })),
      },
      {
        onSuccess: () => {
          setPending(() => ({}));
          showToast(t('placed'), 'success');
          void client.invalidateQueries({ queryKey: liveKeys.myBets(code) });
          void client.invalidateQueries({ queryKey: liveKeys.totals(code) });
        },
        onError: (err) => showToast(errorText(err), 'error'),
      },
    );
  };

  const statusText = !round
    ? t('status.waiting')
    : betting
      ? t('status.betting', { seconds: secondsLeft })
      : round.status === 'voided'
        ? t('status.voided')
        : round.status === 'settled'
          ? t('status.settled')
          : t('status.dealing');
  const outcomes = table.history
    .filter((h) => h.result.kind === 'baccarat')
    .map((h) => (h.result.kind === 'baccarat' ? h.result.winner : 'tie') as RoadOutcome);

  return (
    <div className="page live-table" data-kind={table.kind}>
      <header className="live-table__head">
        <Link to={paths.live} className="live-table__back">
          ← {t('all_tables')}
        </Link>
        <h1 className="live-table__title">{t(`table.${code}`, { defaultValue: code })}</h1>
        <span className="live-table__honest">{t('animated_table')}</span>
      </header>

      <div className="live-table__bar">
        <span
          className={`live-status live-status--${betting ? 'betting' : (round?.status ?? 'waiting')}`}
          role="status"
        >
          {statusText}
        </span>
        {round && <span className="live-table__round">{t('round_no', { n: round.roundNo })}</span>}
        <span className="live-table__players">{t('players', { count: totals.data?.players ?? 0 })}</span>
        <span className="live-table__limits">
          {t('limits', { min: money(table.minBet), max: money(table.maxBet) })}
        </span>
      </div>
      {betting && (
        <div className="live-timer" aria-hidden="true">
          <span style={{ width: `${Math.min(100, ((closes - now) / (table.betSeconds * 1000)) * 100)}%` }} />
        </div>
      )}

      <section className="live-stage" aria-label={t('table_area')}>
        <TableStage
          result={betting ? lastResult : (round?.result ?? null)}
          progress={betting ? 1 : progress}
          waiting={betting}
        />
      </section>

      <section className="live-spots" aria-label={t('spots')}>
        {spotLayout(table.kind).map((group) => (
          <div
            key={group.key}
            className={`live-spots__group live-spots__group--${group.key}`}
            style={{ gridTemplateColumns: `repeat(${group.columns}, minmax(0, 1fr))` }}
          >
            {group.spots.map((spot) => {
              const total = totalOn(spot);
              const my = mineOn(spot) + (pending[spot] ?? 0n);
              const colour = /^n\d+$/.test(spot)
                ? Number(spot.slice(1)) === 0
                  ? 'green'
                  : ROULETTE_RED.has(Number(spot.slice(1)))
                    ? 'red'
                    : 'black'
                : spot;
              return (
                <button
                  key={spot}
                  type="button"
                  className={`live-spot live-spot--${colour}${pending[spot] ? ' live-spot--pending' : ''}`}
                  onClick={() => addChip(spot)}
                  disabled={Boolean(token) && (!betting || isTrial)}
                  aria-label={`${spotLabel(t, spot)}${my > 0n ? ` · ${t('my_stake', { amount: money(my) })}` : ''}`}
                  data-spot={spot}
                >
                  <span className="live-spot__name">{spotLabel(t, spot)}</span>
                  {spotPays(table.pays, spot) && (
                    <span className="live-spot__pays">{spotPays(table.pays, spot)}</span>
                  )}
                  {total && (
                    <span className="live-spot__total">
                      {money(total.amount)} · {total.bets}
                    </span>
                  )}
                  {my > 0n && <span className="live-spot__chip">{money(my)}</span>}
                </button>
              );
            })}
          </div>
        ))}
      </section>

      <section className="live-controls" aria-label={t('chips')}>
        {!token ? (
          <button type="button" className="button button--primary" onClick={() => openModal('login')}>
            {t('sign_in_to_bet')}
          </button>
        ) : isTrial ? (
          <p className="live-controls__note">{t('trial_watch')}</p>
        ) : (
          <>
            <div className="live-chips" role="radiogroup" aria-label={t('chip_value')}>
              {chips.map((c, i) => (
                <button
                  key={String(c)}
                  type="button"
                  role="radio"
                  aria-checked={i === Math.min(chip, chips.length - 1)}
                  className="live-chip"
                  onClick={() => setChip(i)}
                >
                  {minorToMajorText(String(c), brand.currencyScale)?.replace(/\.0+$/, '')}
                </button>
              ))}
            </div>
            <div className="live-controls__actions">
              <span className="live-controls__pending">{t('pending', { amount: money(pendingTotal) })}</span>
              <button
                type="button"
                className="button"
                onClick={() => setPending(() => ({}))}
                disabled={pendingTotal === 0n}
              >
                {t('clear')}
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={confirm}
                disabled={!betting || pendingTotal === 0n || place.isPending}
              >
                {t('confirm')}
              </button>
            </div>
          </>
        )}
      </section>

      <section className="live-history" aria-label={t('history')}>
        <h2>{t('history')}</h2>
        {table.kind === 'baccarat' ? (
          <BaccaratRoads outcomes={outcomes} />
        ) : (
          <ol className="live-history__strip">
            {table.history.slice(-24).map((h) => (
              <li
                key={h.roundId}
                className={`live-history__item live-history__item--${h.summary}`}
                title={t('round_no', { n: h.roundNo })}
              >
                {h.result.kind === 'dragon-tiger'
                  ? t(`road_letter.${h.summary === 'dragon' ? 'D' : h.summary === 'tiger' ? 'Tg' : 'DT_tie'}`)
                  : h.result.kind === 'sic-bo'
                    ? h.result.total
                    : h.summary}
              </li>
            ))}
          </ol>
        )}
      </section>

      {token && !isTrial && (
        <section className="live-mine" aria-label={t('my_bets')}>
          <h2>{t('my_bets')}</h2>
          {(mine.data?.list ?? []).length === 0 ? (
            <p className="live-mine__empty">{t('no_bets')}</p>
          ) : (
            <table className="live-mine__table">
              <thead>
                <tr>
                  <th scope="col">{t('col.round')}</th>
                  <th scope="col">{t('col.spot')}</th>
                  <th scope="col">{t('col.stake')}</th>
                  <th scope="col">{t('col.payout')}</th>
                  <th scope="col">{t('col.status')}</th>
                </tr>
              </thead>
              <tbody>
                {(mine.data?.list ?? []).slice(0, 12).map((b) => (
                  <tr key={b.betId}>
                    <td>{b.roundNo}</td>
                    <td>{spotLabel(t, b.spot)}</td>
                    <td>{money(b.stake)}</td>
                    <td>{b.status === 'open' ? '—' : money(b.payout)}</td>
                    <td>
                      <span className={`live-bet-status live-bet-status--${b.status}`}>
                        {t(`bet_status.${b.status}`)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}

      {(round || lastSettled) && (
        <section className="live-fair" aria-label={t('fairness')}>
          <h2>{t('fairness')}</h2>
          <dl>
            {round && (
              <>
                <dt>{t('seed_hash_now', { n: round.roundNo })}</dt>
                <dd className="live-fair__mono">{round.seedHash}</dd>
              </>
            )}
            {lastSettled && (
              <>
                <dt>{t('seed_hash_last', { n: lastSettled.roundNo })}</dt>
                <dd className="live-fair__mono">{lastSettled.seedHash}</dd>
                <dt>{t('server_seed')}</dt>
                <dd className="live-fair__mono">{lastSettled.serverSeed}</dd>
                <dt>{t('client_seed')}</dt>
                <dd className="live-fair__mono">
                  {table.tableCode} · {t('nonce', { n: lastSettled.roundNo })}
                </dd>
              </>
            )}
          </dl>
          {lastSettled && <VerifyRound table={table} round={lastSettled} />}
        </section>
      )}
    </div>
  );
}
