import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { PlayingCard } from '../../../components/playing-card';
import { useApiErrorText } from '../../../lib/api-error-text';
import { minorToMajorText, toMinorUnits } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';
import { useToastStore } from '../../../lib/toast-store';
import { type PvpActBody, type PvpTableView, pvpKeys, usePvpAct } from '../api/pvp';
import { TurnSeat } from './turn-seat';

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
    const p = holdem?.players.find((x) => x.seat === n);
    return (
      <TurnSeat
        key={n}
        n={n}
        table={table}
        player={p}
        cards={p ? (p.hole ?? (p.folded ? [] : [null, null])) : null}
        button={holdem?.button ?? null}
        turn={live && holdem.toAct === n}
        seconds={seconds}
        handNamespace="holdem_hand"
        money={money}
      >
        {p && live && BigInt(p.street) > 0n && (
          <div className="pvp-seat__bet">{t('in_front', { amount: money(p.street) })}</div>
        )}
        {p?.folded && <div className="pvp-seat__bet">{t('folded')}</div>}
        {p?.allIn && !p.folded && <div className="pvp-seat__bet">{t('all_in')}</div>}
      </TurnSeat>
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
