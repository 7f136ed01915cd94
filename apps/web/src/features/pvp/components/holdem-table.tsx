import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayingCard } from '../../../components/playing-card';
import { useApiErrorText } from '../../../lib/api-error-text';
import { minorToMajorText, toMinorUnits } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';
import { useToastStore } from '../../../lib/toast-store';
import { type PvpActBody, type PvpTableView, pvpKeys, usePvpAct } from '../api/pvp';

/**
 * A hold'em hand on the felt: the seats with what they have behind and in front, the dealer
 * button, whose turn it is and until when, the board and the pot — and, on the member's turn,
 * fold, check or call, and raise to an amount (or all in).
 */
export function HoldemTable({
  table,
  now,
  money,
  onAct,
}: {
  table: PvpTableView;
  now: number;
  money: (minor: string | bigint) => string;
  /** Where actions go instead of the server (a practice table). */
  onAct?: (body: PvpActBody) => void;
}) {
  const { t } = useTranslation('pvp');
  const brand = useBrand();
  const client = useQueryClient();
  const act = usePvpAct();
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const [raiseTo, setRaiseTo] = useState('');
  const hand = table.hand;
  const holdem = hand?.holdem ?? null;
  const live = hand?.status === 'betting' && holdem !== null;
  const opts = live ? holdem.options : null;
  const seconds =
    live && holdem.deadline ? Math.max(0, Math.ceil((Date.parse(holdem.deadline) - now) / 1000)) : null;

  const send = (action: 'fold' | 'check' | 'call' | 'raise', to?: string) => {
    if (onAct) {
      setRaiseTo('');
      onAct({ action, ...(to ? { to } : {}) });
      return;
    }
    act.mutate(
      { tableCode: table.tableCode, handId: hand!.handId, action, ...(to ? { to } : {}) },
      {
        onSuccess: () => {
          setRaiseTo('');
          void client.invalidateQueries({ queryKey: pvpKeys.table(table.tableCode) });
        },
        onError: (err) => showToast(errorText(err), 'error'),
      },
    );
  };
  const raiseMinor = toMinorUnits(raiseTo || '0', brand.currencyScale);
  const raiseOk =
    opts !== null &&
    raiseMinor !== null &&
    raiseMinor >= BigInt(opts.minRaiseTo) &&
    raiseMinor <= BigInt(opts.maxRaiseTo);

  const seat = (n: number) => {
    const s = table.seats.find((x) => x.seat === n);
    const p = holdem?.players.find((x) => x.seat === n);
    const result = hand?.status === 'settled' ? hand.result?.seats.find((x) => x.seat === n) : undefined;
    const turn = live && holdem.toAct === n;
    const behind = s && p && live ? BigInt(s.stack) - BigInt(p.committed) : s ? BigInt(s.stack) : 0n;
    return (
      <li
        key={n}
        className={`pvp-seat${s?.mine ? ' pvp-seat--mine' : ''}${s ? '' : ' pvp-seat--empty'}${turn ? ' pvp-seat--turn' : ''}${p?.folded ? ' pvp-seat--folded' : ''}`}
        aria-label={s ? t('seat_label', { n: n + 1, player: s.player }) : t('seat_empty', { n: n + 1 })}
      >
        {s ? (
          <>
            <div className="pvp-seat__who">
              <span className="pvp-seat__name">{s.player}</span>
              {holdem && holdem.button === n && (
                <span className="pvp-seat__dealer" title={t('dealer')}>
                  D
                </span>
              )}
              {s.leaving && <span className="pvp-seat__leaving">{t('leaving')}</span>}
              {s.computer && <span className="pvp-seat__computer">{t('computer')}</span>}
            </div>
            <div className="pvp-seat__stack">{money(behind)}</div>
            {p && (
              <div className="card-row pvp-seat__cards">
                {(p.hole ?? (p.folded ? [] : [null, null])).map((c, i) => (
                  <PlayingCard key={i} code={c} index={i} />
                ))}
              </div>
            )}
            {p && live && BigInt(p.street) > 0n && (
              <div className="pvp-seat__bet">{t('in_front', { amount: money(p.street) })}</div>
            )}
            {p?.folded && <div className="pvp-seat__bet">{t('folded')}</div>}
            {p?.allIn && !p.folded && <div className="pvp-seat__bet">{t('all_in')}</div>}
            {turn && seconds !== null && <div className="pvp-seat__clock">{t('to_act', { seconds })}</div>}
            {result && (
              <>
                {result.cards.length > 0 && (
                  <div className="pvp-seat__hand">{t(`holdem_hand.${result.hand}`)}</div>
                )}
                <div className={`pvp-seat__net pvp-seat__net--${BigInt(result.net) >= 0n ? 'up' : 'down'}`}>
                  {BigInt(result.net) > 0n ? '+' : ''}
                  {money(result.net)}
                </div>
              </>
            )}
          </>
        ) : (
          <span className="pvp-seat__open">{t('open_seat')}</span>
        )}
      </li>
    );
  };

  return (
    <>
      <section className="pvp-felt pvp-felt--holdem" aria-label={t('table')}>
        {holdem && (
          <div className="pvp-board" aria-label={t('board')}>
            <div className="card-row">
              {Array.from({ length: 5 }, (_, i) => holdem.board[i] ?? null).map((c, i) =>
                c ? <PlayingCard key={i} code={c} index={i} /> : <span key={i} className="card card--slot" />,
              )}
            </div>
            <p className="pvp-board__pot">{t('pot', { amount: money(holdem.pot) })}</p>
          </div>
        )}
        <ol className="pvp-seats pvp-seats--six">
          {Array.from({ length: table.maxSeats }, (_, n) => seat(n))}
        </ol>
      </section>
      {opts && (
        <section className="pvp-actions" aria-label={t('your_turn')}>
          <button type="button" className="button" disabled={act.isPending} onClick={() => send('fold')}>
            {t('fold')}
          </button>
          {opts.canCheck ? (
            <button type="button" className="button" disabled={act.isPending} onClick={() => send('check')}>
              {t('check')}
            </button>
          ) : (
            <button type="button" className="button" disabled={act.isPending} onClick={() => send('call')}>
              {t('call', { amount: money(opts.toCall) })}
            </button>
          )}
          {opts.canRaise && (
            <>
              <label className="pvp-actions__raise">
                <span>{t('raise_to', { symbol: brand.currencySymbol })}</span>
                <input
                  className="field__input"
                  inputMode="decimal"
                  value={raiseTo}
                  placeholder={minorToMajorText(opts.minRaiseTo, brand.currencyScale) ?? ''}
                  onChange={(e) => setRaiseTo(e.target.value)}
                />
              </label>
              <button
                type="button"
                className="button button--primary"
                disabled={act.isPending || !raiseOk}
                onClick={() => send('raise', raiseMinor!.toString())}
              >
                {t('raise')}
              </button>
              <button
                type="button"
                className="button"
                disabled={act.isPending}
                onClick={() => send('raise', opts.maxRaiseTo)}
              >
                {t('all_in_button', { amount: money(opts.maxRaiseTo) })}
              </button>
            </>
          )}
        </section>
      )}
    </>
  );
}
