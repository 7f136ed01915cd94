import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useGame, usePrimaryAction } from '../components/game-context';
import { ratioLabel } from '../lib/stake';

export interface MinesView {
  mineCount: number;
  mines: number[] | null;
  revealed: number[];
  status: 'playing' | 'busted' | 'cashed';
  hitMine: number | null;
  multiplier: { num: number; den: number };
  payout: string;
}

/** Cash-out multiple after k safe picks with m mines: 0.99 × C(25,k) / C(25−m,k), for labels. */
export function nextMultiplier(m: number, k: number): number {
  let r = 0.99;
  for (let i = 0; i < k; i++) r *= (25 - i) / (25 - m - i);
  return r;
}

/** The mines board for a round's view: which cells are open, gems, mines and the bust. */
export function MinesBoard({
  view,
  onPick,
  disabled,
}: {
  view: MinesView | null;
  onPick(cell: number): void;
  disabled: boolean;
}) {
  const { t } = useTranslation('games');
  const playing = view?.status === 'playing';
  return (
    <div className="mines__grid" role="grid" aria-label={t('mines_board')}>
      {Array.from({ length: 25 }, (_, cell) => {
        const open = view?.revealed.includes(cell) ?? false;
        const mine = view?.mines?.includes(cell) ?? false;
        const hit = view?.hitMine === cell;
        const state = open ? 'gem' : mine ? (hit ? 'hit' : 'mine') : view && !playing ? 'spent' : 'closed';
        return (
          <button
            key={cell}
            type="button"
            role="gridcell"
            className={`mines__cell mines__cell--${state}`}
            disabled={disabled || !playing || open}
            onClick={() => onPick(cell)}
            aria-label={t(`mines_cell_${state}`, { n: cell + 1 })}
            data-cell={cell}
          >
            {state === 'gem' && (
              <svg viewBox="0 0 32 32" aria-hidden="true">
                <path d="M8 6h16l6 8-14 14L2 14z" className="mines__gem" />
              </svg>
            )}
            {(state === 'mine' || state === 'hit') && (
              <svg viewBox="0 0 32 32" aria-hidden="true">
                <circle cx="16" cy="17" r="9" className="mines__bomb" />
                <path d="M16 8V3M22 10l3-3M10 10 7 7" className="mines__fuse" />
              </svg>
            )}
          </button>
        );
      })}
    </div>
  );
}

/** Mines: choose how many mines, open cells one by one, cash out whenever a pick was safe. */
export function MinesGame() {
  const { t } = useTranslation('games');
  const { stake, play, busy, money, openRound, setStakeLocked } = useGame();
  const [mines, setMines] = useState(3);
  const [view, setView] = useState<MinesView | null>(
    openRound && openRound.status === 'open' ? (openRound.outcome as MinesView) : null,
  );
  const [roundStake, setRoundStake] = useState<string>(openRound?.stake ?? '0');
  const playing = view?.status === 'playing';
  useEffect(() => setStakeLocked(playing), [playing, setStakeLocked]);

  const start = useCallback(async () => {
    const reply = await play({ action: 'start', stake: stake.toString(), params: { mines } });
    if (reply) {
      setView(reply.round.outcome as MinesView);
      setRoundStake(reply.round.stake);
    }
  }, [play, stake, mines]);

  const pick = async (cell: number) => {
    const reply = await play({ action: 'reveal', params: { cell } });
    if (reply) setView(reply.round.outcome as MinesView);
  };

  const cashout = useCallback(async () => {
    const reply = await play({ action: 'cashout' });
    if (reply) setView(reply.round.outcome as MinesView);
  }, [play]);

  const canCash = playing && (view?.revealed.length ?? 0) > 0;
  usePrimaryAction(
    () => void (playing ? (canCash ? cashout() : undefined) : start()),
    !busy && (!playing || canCash),
  );

  const safeLeft = view ? 25 - view.mineCount - view.revealed.length : 0;
  const count = playing ? view!.mineCount : mines;
  const k = view?.revealed.length ?? 0;

  return (
    <div className="mines">
      <div className="mines__status" aria-live="polite" data-testid="mines-status">
        {playing && (
          <>
            <span>{t('current_multiplier', { value: ratioLabel(view!.multiplier) })}</span>
            <span>{t('next_multiplier', { value: `${nextMultiplier(count, k + 1).toFixed(2)}×` })}</span>
            <span>{t('safe_left', { count: safeLeft })}</span>
          </>
        )}
        {view?.status === 'cashed' && (
          <strong className="win">{t('win_amount', { amount: money(view.payout) })}</strong>
        )}
        {view?.status === 'busted' && <strong className="loss">{t('busted')}</strong>}
        {!view && <span>{t('mines_hint')}</span>}
      </div>
      <MinesBoard view={view} onPick={(c) => void pick(c)} disabled={busy} />
      <div className="mines__controls">
        {playing ? (
          <button
            type="button"
            className="game-button game-button--primary"
            disabled={busy || !canCash}
            onClick={() => void cashout()}
            data-testid="cashout"
          >
            {t('cash_out', {
              amount: money(
                (BigInt(roundStake) * BigInt(view!.multiplier.num)) / BigInt(view!.multiplier.den),
              ),
            })}
          </button>
        ) : (
          <>
            <label className="field mines__count">
              <span className="field__label">{t('mine_count')}</span>
              <select
                className="field__input"
                value={mines}
                onChange={(e) => setMines(Number(e.target.value))}
                disabled={busy}
              >
                {Array.from({ length: 24 }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="game-button game-button--primary"
              disabled={busy}
              onClick={() => void start()}
              data-testid="mines-start"
            >
              {t('start_round')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
