import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useToastStore } from '../../../lib/toast-store';
import { type PvpActBody, type PvpTableView, pvpKeys, usePvpAct } from '../api/pvp';
import { TurnSeat } from './turn-seat';

type Action = 'fold' | 'call' | 'raise' | 'look' | 'compare';

/**
 * A three-card hand on the felt: every seat's three cards face down until its player looks (or a
 * comparison or the showdown shows them), blind or seen, what each has put in, whose turn it is
 * and until when, the round and the blind price; on the member's turn fold, call, raise the price
 * or compare with a player still in; and a look at one's own cards at any time.
 */
export function ThreeCardTable({
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
  const client = useQueryClient();
  const act = usePvpAct();
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const hand = table.hand;
  const game = hand?.threecard ?? null;
  const live = hand?.status === 'betting' && game !== null;
  const opts = live ? game.options : null;
  const seconds =
    live && game.deadline ? Math.max(0, Math.ceil((Date.parse(game.deadline) - now) / 1000)) : null;
  const nameOf = (seat: number) =>
    table.seats.find((s) => s.seat === seat)?.player ?? t('seat_empty', { n: seat + 1 });

  const send = (action: Action, extra: { to?: string; against?: number } = {}) => {
    if (onAct) {
      onAct({ action, ...extra });
      return;
    }
    act.mutate(
      { tableCode: table.tableCode, handId: hand!.handId, action, ...extra },
      {
        onSuccess: () => void client.invalidateQueries({ queryKey: pvpKeys.table(table.tableCode) }),
        onError: (err) => showToast(errorText(err), 'error'),
      },
    );
  };

  const seat = (n: number) => {
    const p = game?.players.find((x) => x.seat === n);
    return (
      <TurnSeat
        key={n}
        n={n}
        table={table}
        player={p}
        cards={p ? (p.hole ?? [null, null, null]) : null}
        button={game?.button ?? null}
        turn={live && game.toAct === n}
        seconds={seconds}
        handNamespace="threecard_hand"
        money={money}
      >
        {p && (
          <div className="pvp-seat__bet">
            <span className={`pvp-seat__eye pvp-seat__eye--${p.seen ? 'seen' : 'blind'}`}>
              {t(p.seen ? 'seen' : 'blind')}
            </span>{' '}
            {t('in_pot', { amount: money(p.committed) })}
          </div>
        )}
        {p?.folded && <div className="pvp-seat__bet">{t(p.lost ? 'lost_compare' : 'folded')}</div>}
      </TurnSeat>
    );
  };

  return (
    <>
      <section className="pvp-felt pvp-felt--holdem" aria-label={t('table')}>
        {game && (
          <div className="pvp-board">
            <p className="pvp-board__pot">{t('pot', { amount: money(game.pot) })}</p>
            <p className="pvp-board__note">
              {t('round_of', { n: Math.min(game.round, game.maxRounds), max: game.maxRounds })} ·{' '}
              {t('blind_price', {
                blind: money(game.stake),
                seen: money(BigInt(game.stake) * 2n),
              })}
            </p>
          </div>
        )}
        <ol className="pvp-seats">{Array.from({ length: table.maxSeats }, (_, n) => seat(n))}</ol>
        {game && game.comparisons.length > 0 && (
          <ul className="pvp-compares" aria-label={t('comparisons')}>
            {game.comparisons.map((c, i) => (
              <li key={i}>
                {t('compared', { a: nameOf(c.seat), b: nameOf(c.against), winner: nameOf(c.winner) })}
              </li>
            ))}
          </ul>
        )}
      </section>
      {live && (game.canLook || opts) && (
        <section className="pvp-actions" aria-label={t(opts ? 'your_turn' : 'your_cards')}>
          {game.canLook && (
            <button type="button" className="button" disabled={act.isPending} onClick={() => send('look')}>
              {t('look')}
            </button>
          )}
          {opts && (
            <>
              <button type="button" className="button" disabled={act.isPending} onClick={() => send('fold')}>
                {t('fold')}
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={act.isPending}
                onClick={() => send('call')}
              >
                {t('call', { amount: money(opts.price) })}
              </button>
              {opts.raises.map((r) => (
                <button
                  key={r.to}
                  type="button"
                  className="button"
                  disabled={act.isPending}
                  onClick={() => send('raise', { to: r.to })}
                >
                  {t('raise_level', { to: money(r.to), amount: money(r.price) })}
                </button>
              ))}
              {opts.compare.map((seatNo) => (
                <button
                  key={seatNo}
                  type="button"
                  className="button"
                  disabled={act.isPending}
                  onClick={() => send('compare', { against: seatNo })}
                >
                  {t('compare_with', { player: nameOf(seatNo), amount: money(opts.price) })}
                </button>
              ))}
            </>
          )}
        </section>
      )}
    </>
  );
}
