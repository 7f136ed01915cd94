import { FairStream, dealNiuNiu, fullDeck, hashServerSeed } from '@arcadia/games';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { PlayingCard } from '../../../components/playing-card';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../config/paths';
import { useApiErrorText } from '../../../lib/api-error-text';
import { formatMoney, minorToMajorText, toMinorUnits } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';
import { useRealtimeStatus, useRealtimeTopic, useSocketEvent } from '../../../lib/realtime';
import { useServerNow } from '../../../lib/server-clock';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import { useUiStore } from '../../../lib/ui-store';
import {
  type PvpHandItem,
  type PvpTableReply,
  pvpKeys,
  usePvpBet,
  usePvpLeave,
  usePvpSit,
  usePvpTable,
} from '../api/pvp';
import { HoldemTable } from './holdem-table';
import { PracticeLinks } from './practice-room';
import { ThreeCardTable } from './three-card-table';
import '../pvp.css';

const MULTIPLES = [1, 2, 3, 4, 5];

/** Joins the room's topic: any change to seats or the hand refreshes the room. */
function useRoomTopic(code: string) {
  const client = useQueryClient();
  useRealtimeTopic(`pvp:${code}`, () => void client.invalidateQueries({ queryKey: pvpKeys.table(code) }));
  useSocketEvent('pvp.table', (e) => {
    if (e.tableCode === code) void client.invalidateQueries({ queryKey: pvpKeys.table(code) });
  });
}

/** The buy-in form: an amount of the brand's currency, at least the room's minimum; one request id per attempt. */
function BuyIn({ table }: { table: PvpTableReply }) {
  const { t, i18n } = useTranslation('pvp');
  const brand = useBrand();
  const client = useQueryClient();
  const sit = usePvpSit();
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const requestId = useRef<string | null>(null);
  const min = minorToMajorText(table.minBuyIn, brand.currencyScale) ?? '0';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ amount: string }>({ defaultValues: { amount: min } });
  const submit = ({ amount }: { amount: string }) => {
    requestId.current ??= crypto.randomUUID();
    sit.mutate(
      {
        tableCode: table.tableCode,
        buyIn: toMinorUnits(amount, brand.currencyScale)!.toString(),
        requestId: requestId.current,
      },
      {
        onSuccess: (reply) => {
          requestId.current = null;
          client.setQueryData(
            pvpKeys.table(table.tableCode),
            (old: { table: PvpTableReply; offsetMs: number } | undefined) =>
              old ? { ...old, table: { ...old.table, ...reply } } : old,
          );
          void client.invalidateQueries({ queryKey: pvpKeys.table(table.tableCode) });
        },
        onError: (err) => {
          requestId.current = null;
          showToast(errorText(err), 'error');
        },
      },
    );
  };
  return (
    <form className="pvp-buyin" onSubmit={(e) => void handleSubmit(submit)(e)} aria-label={t('sit_title')}>
      <TextField
        label={t('buy_in', { symbol: brand.currencySymbol })}
        inputMode="decimal"
        hint={t('min_buy_in', {
          amount: formatMoney(min, {
            scale: brand.currencyScale,
            currencySymbol: brand.currencySymbol,
            locale: i18n.language,
          }),
        })}
        error={errors.amount ? t('buy_in_invalid') : undefined}
        {...register('amount', {
          validate: (v) => {
            const minor = toMinorUnits(v, brand.currencyScale);
            return minor !== null && minor >= BigInt(table.minBuyIn);
          },
        })}
      />
      <button type="submit" className="button button--primary" disabled={sit.isPending}>
        {t('sit')}
      </button>
    </form>
  );
}

/**
 * Whether the cards shown match the seed's deal: bull-bull deals five to each seat in turn from a
 * sample; the turn games shuffle the deck and deal round by round (hold'em two each then the
 * board, three-card three each), seats in order.
 */
function dealtFrom(stream: FairStream, hand: PvpHandItem) {
  if (hand.holdem || hand.threecard) {
    const deck = stream.shuffle(fullDeck());
    const players = hand.holdem?.players ?? hand.threecard!.players;
    const n = players.length;
    const holesOk = players.every((p, i) => !p.hole || p.hole.every((c, round) => c === deck[round * n + i]));
    const board = hand.holdem?.board ?? [];
    return holesOk && board.every((c, k) => c === deck[2 * n + k]);
  }
  const dealt = dealNiuNiu(stream, hand.result!.seats.length);
  return JSON.stringify(dealt) === JSON.stringify(hand.result!.seats.map((s) => s.cards));
}

/** Checks a settled hand in the browser: the seed against its hash, and the cards it deals. */
function VerifyHand({ table, hand }: { table: PvpTableReply; hand: PvpHandItem }) {
  const { t } = useTranslation('pvp');
  const [verdict, setVerdict] = useState<{ handId: string; ok: boolean } | null>(null);
  if (!hand.serverSeed || !hand.result) return null;
  const check = () => {
    const stream = new FairStream({
      serverSeed: hand.serverSeed!,
      clientSeed: table.tableCode,
      nonce: hand.handNo,
    });
    setVerdict({
      handId: hand.handId,
      ok: hashServerSeed(hand.serverSeed!) === hand.seedHash && dealtFrom(stream, hand),
    });
  };
  const shown = verdict?.handId === hand.handId ? verdict : null;
  return (
    <div className="pvp-fair__verify">
      <button type="button" className="button" onClick={check}>
        {t('verify', { n: hand.handNo })}
      </button>
      {shown && (
        <span className={`pvp-fair__verdict pvp-fair__verdict--${shown.ok ? 'ok' : 'bad'}`} role="status">
          {t(shown.ok ? 'verified' : 'not_verified')}
        </span>
      )}
    </div>
  );
}

/**
 * A card room (/pvp/:tableCode): bull-bull with a rotating banker (hold'em and three-card have their own
 * felts, HoldemTable and ThreeCardTable). The seats around the table with
 * their stacks, the hand on the clock (bets, the deal, the results), the member's buy-in, bet
 * multiple and cash-out, and the hand's fairness proof.
 */
export function PvpRoom({ code }: { code: string }) {
  const { t, i18n } = useTranslation('pvp');
  const brand = useBrand();
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore((s) => s.isTrial);
  const openModal = useUiStore((s) => s.openModal);
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const online = useRealtimeStatus() === 'online';
  const query = usePvpTable(code, !online);
  const bet = usePvpBet();
  const leave = usePvpLeave();
  useRoomTopic(code);
  const now = useServerNow(query.data?.offsetMs ?? 0);

  if (query.isError) return <p className="panel-state">{errorText(query.error)}</p>;
  if (!query.data) return <p className="panel-state">{t('loading')}</p>;
  const table = query.data.table;
  const hand = table.hand;
  const money = (minor: string | bigint) =>
    formatMoney(minorToMajorText(String(minor), brand.currencyScale) ?? '0', {
      scale: brand.currencyScale,
      currencySymbol: brand.currencySymbol,
      locale: i18n.language,
    });
  const mine = table.seats.find((s) => s.mine);
  const betting = hand?.status === 'betting' && now < Date.parse(hand.closesAt);
  const secondsLeft = betting ? Math.max(0, Math.ceil((Date.parse(hand!.closesAt) - now) / 1000)) : 0;
  const dealing = hand?.status === 'dealing';
  const progress = dealing
    ? Math.min(
        1,
        Math.max(
          0,
          (now - Date.parse(hand!.closesAt)) /
            Math.max(1, Date.parse(hand!.resultAt) - Date.parse(hand!.closesAt)),
        ),
      )
    : 1;
  const myBet = mine ? (hand?.bets.find((b) => b.seat === mine.seat)?.multiple ?? 1) : null;
  const isBanker = mine !== undefined && hand?.bankerSeat === mine.seat && hand.status === 'betting';
  const refresh = () => void client.invalidateQueries({ queryKey: pvpKeys.table(code) });

  // A hand past its close waits for the deal: it reads as dealing until the server moves it on.
  const statusText = !hand
    ? t('status.waiting')
    : table.game === 'holdem'
      ? hand.status === 'betting'
        ? t('status.in_play', { street: t(`street.${hand.holdem?.street ?? 'preflop'}`) })
        : t('status.settled')
      : table.game === 'threecard'
        ? hand.status === 'betting'
          ? t('status.in_round', { n: hand.threecard?.round ?? 1 })
          : t('status.settled')
        : betting
          ? t('status.betting', { seconds: secondsLeft })
          : hand.status === 'betting' || hand.status === 'dealing'
            ? t('status.dealing')
            : hand.status === 'voided'
              ? t('status.voided')
              : t('status.settled');

  const seatView = (n: number) => {
    const seat = table.seats.find((s) => s.seat === n);
    const result = hand?.result?.seats.find((s) => s.seat === n);
    const banker = hand && hand.status !== 'voided' && hand.bankerSeat === n;
    const chosen = hand?.bets.find((b) => b.seat === n)?.multiple;
    // During the deal the cards turn one seat at a time; settled hands show everything.
    const order = hand?.result?.seats.findIndex((s) => s.seat === n) ?? -1;
    const count = hand?.result?.seats.length ?? 1;
    const visible =
      hand?.status === 'settled' || (dealing && order >= 0 && progress * (count + 1) > order + 1);
    return (
      <li
        key={n}
        className={`pvp-seat pvp-seat--${n}${seat?.mine ? ' pvp-seat--mine' : ''}${seat ? '' : ' pvp-seat--empty'}`}
        aria-label={seat ? t('seat_label', { n: n + 1, player: seat.player }) : t('seat_empty', { n: n + 1 })}
      >
        {seat ? (
          <>
            <div className="pvp-seat__who">
              <span className="pvp-seat__name">{seat.player}</span>
              {banker && <span className="pvp-seat__banker">{t('banker')}</span>}
              {seat.leaving && <span className="pvp-seat__leaving">{t('leaving')}</span>}
            </div>
            <div className="pvp-seat__stack">{money(seat.stack)}</div>
            {result ? (
              <>
                <div className="card-row pvp-seat__cards">
                  {result.cards.map((c, i) => (
                    <PlayingCard key={i} code={visible ? c : null} index={i} />
                  ))}
                </div>
                {visible && (
                  <div className="pvp-seat__hand">
                    {t(`hand.${result.hand}`, { n: result.bull })} · ×{result.multiplier}
                    {!banker && <span className="pvp-seat__bet"> · {t('bet_x', { n: result.bet })}</span>}
                  </div>
                )}
                {hand?.status === 'settled' && (
                  <div className={`pvp-seat__net pvp-seat__net--${BigInt(result.net) >= 0n ? 'up' : 'down'}`}>
                    {BigInt(result.net) > 0n ? '+' : ''}
                    {money(result.net)}
                  </div>
                )}
              </>
            ) : (
              !banker &&
              chosen !== undefined && <div className="pvp-seat__bet">{t('bet_x', { n: chosen })}</div>
            )}
          </>
        ) : (
          <span className="pvp-seat__open">{t('open_seat')}</span>
        )}
      </li>
    );
  };

  return (
    <div className="page pvp-room">
      <header className="pvp-room__head">
        <Link to={paths.pvp} className="pvp-room__back">
          ← {t('all_rooms')}
        </Link>
        <h1 className="pvp-room__title">{t(`room.${code}`, { defaultValue: code })}</h1>
        <span className="pvp-room__rules">
          {table.game === 'holdem'
            ? t('blinds', { big: money(table.unit), min: money(table.minBuyIn) })
            : table.game === 'threecard'
              ? t('ante', { ante: money(table.unit), min: money(table.minBuyIn) })
              : t('stakes', { unit: money(table.unit), min: money(table.minBuyIn) })}
        </span>
      </header>
      <div className="pvp-room__bar">
        <span
          className={`pvp-status pvp-status--${betting ? 'betting' : (hand?.status ?? 'waiting')}`}
          role="status"
        >
          {statusText}
        </span>
        {hand && <span>{t('hand_no', { n: hand.handNo })}</span>}
        <span>{t('seats_taken', { n: table.seats.length, max: table.maxSeats })}</span>
      </div>

      {table.game === 'holdem' ? (
        <HoldemTable table={table} now={now} money={money} />
      ) : table.game === 'threecard' ? (
        <ThreeCardTable table={table} now={now} money={money} />
      ) : (
        <section className="pvp-felt" aria-label={t('table')}>
          <ol className="pvp-seats">{Array.from({ length: table.maxSeats }, (_, n) => seatView(n))}</ol>
        </section>
      )}

      <section className="pvp-controls" aria-label={t('controls')}>
        {!token ? (
          <>
            <button type="button" className="button button--primary" onClick={() => openModal('login')}>
              {t('sign_in_to_sit')}
            </button>
            <PracticeLinks />
          </>
        ) : isTrial ? (
          <>
            <p className="pvp-controls__note">{t('trial_watch')}</p>
            <PracticeLinks />
          </>
        ) : !mine ? (
          table.seats.length < table.maxSeats ? (
            <BuyIn table={table} />
          ) : (
            <p className="pvp-controls__note">{t('full')}</p>
          )
        ) : (
          <>
            {table.game === 'niuniu' && betting && !isBanker && (
              <div className="pvp-multiples" role="radiogroup" aria-label={t('your_bet')}>
                {MULTIPLES.map((m) => (
                  <button
                    key={m}
                    type="button"
                    role="radio"
                    aria-checked={myBet === m}
                    className="pvp-multiple"
                    disabled={bet.isPending || BigInt(mine.stack) < BigInt(table.unit) * BigInt(m * 5)}
                    onClick={() =>
                      bet.mutate(
                        { tableCode: code, handId: hand!.handId, multiple: m },
                        { onSuccess: refresh, onError: (err) => showToast(errorText(err), 'error') },
                      )
                    }
                  >
                    ×{m}
                  </button>
                ))}
              </div>
            )}
            {table.game === 'niuniu' && isBanker && <p className="pvp-controls__note">{t('you_bank')}</p>}
            <button
              type="button"
              className="button"
              disabled={leave.isPending || mine.leaving}
              onClick={() =>
                leave.mutate(
                  { tableCode: code },
                  {
                    onSuccess: (r) => {
                      showToast(
                        r.leaving
                          ? t('leaving_after_hand')
                          : t('cashed_out', { amount: money(r.cashedOut ?? '0') }),
                        'success',
                      );
                      refresh();
                    },
                    onError: (err) => showToast(errorText(err), 'error'),
                  },
                )
              }
            >
              {t('leave')}
            </button>
          </>
        )}
      </section>

      {hand && (
        <section className="pvp-fair" aria-label={t('fairness')}>
          <h2>{t('fairness')}</h2>
          <dl>
            <dt>{t('seed_hash', { n: hand.handNo })}</dt>
            <dd className="pvp-fair__mono">{hand.seedHash}</dd>
            <dt>{t('server_seed')}</dt>
            <dd className="pvp-fair__mono">{hand.serverSeed ?? t('seed_hidden')}</dd>
          </dl>
          <VerifyHand table={table} hand={hand} />
        </section>
      )}
    </div>
  );
}
