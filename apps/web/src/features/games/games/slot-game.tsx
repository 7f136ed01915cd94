import type { HouseRound } from '@arcadia/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useGame, usePrimaryAction } from '../components/game-context';
import { SymbolArt } from './slot-symbols';

type Cell = [number, number];
interface Win {
  line?: number;
  symbol: string;
  count: number;
  ways?: number;
  coins: number;
  cells: Cell[];
}
interface Spin {
  grid: string[][];
  lineWins: Win[];
  waysWins: Win[];
  scatter: (Win & { freeSpinsAwarded: number }) | null;
  coins: number;
  totalCoins?: number;
}
export interface SlotOutcomeView {
  base: Spin;
  freeSpins: Spin[];
  freeSpinMultiplier: number;
  totalCoins: number;
  payout: string;
}

/** Time between one reel stopping and the next, once the result is in. */
export const REEL_STOP_GAP_MS = 180;
/** How long each free spin turns (the free-spin sequence is shown, not replayed by the server). */
export const FREE_SPIN_MS = 1100;

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function startGrid(strips: string[][], round: HouseRound | undefined): string[][] {
  const last = (round?.outcome as SlotOutcomeView | undefined)?.base?.grid;
  if (Array.isArray(last) && last.length === 5) return last;
  // The strips' first window: what the machine shows before its first spin.
  return strips.map((s) => [0, 1, 2].map((i) => s[i % s.length] ?? ''));
}

/**
 * The three 5×3 video slots in one screen, themed by engine. A spin lasts at least the rules'
 * `minSpinMs` (2.5 s): the reels turn until both the server's result and that time are in, then
 * stop left to right. No autoplay: every spin is one press.
 */
export function SlotGame({ lastRound }: { lastRound?: HouseRound | undefined }) {
  const { t } = useTranslation('games');
  const { session, engine, stake, play, money, setStakeLocked } = useGame();
  const rules = session.rules;
  const strips = useMemo(
    () => (Array.isArray(rules.strips) ? (rules.strips as string[][]) : [[], [], [], [], []]),
    [rules.strips],
  );
  const lines = (Array.isArray(rules.lines) ? rules.lines : []) as number[][];
  const minSpinMs = Number(rules.minSpinMs ?? 2500);
  const betUnits = BigInt(Number(rules.betUnits ?? 1));

  const [grid, setGrid] = useState(() => startGrid(strips, lastRound));
  const [spinning, setSpinning] = useState<boolean[]>([false, false, false, false, false]);
  const [animating, setAnimating] = useState(false);
  const [spin, setSpin] = useState<Spin | null>(null);
  const [freeInfo, setFreeInfo] = useState<{ index: number; total: number; multiplier: number } | null>(null);
  const [win, setWin] = useState<{ amount: string; coinsStake: bigint } | null>(null);
  const [freeWin, setFreeWin] = useState(0);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);
  useEffect(() => setStakeLocked(animating), [animating, setStakeLocked]);

  const land = async (next: Spin) => {
    for (let r = 0; r < 5; r++) {
      if (!alive.current) return;
      setGrid((g) => g.map((col, i) => (i === r ? next.grid[r]! : col)));
      setSpinning((s) => s.map((v, i) => (i === r ? false : v)));
      await wait(REEL_STOP_GAP_MS);
    }
  };

  const doSpin = useCallback(async () => {
    if (animating) return;
    setAnimating(true);
    setSpin(null);
    setWin(null);
    setFreeInfo(null);
    setFreeWin(0);
    setSpinning([true, true, true, true, true]);
    const reply = await play({ action: 'play', stake: stake.toString(), params: {} }, { minMs: minSpinMs });
    if (!reply || !alive.current) {
      setSpinning([false, false, false, false, false]);
      setAnimating(false);
      return;
    }
    const outcome = reply.round.outcome as SlotOutcomeView;
    await land(outcome.base);
    setSpin(outcome.base);
    const roundStake = BigInt(reply.round.stake);
    if (outcome.freeSpins.length > 0) {
      let coins = 0;
      await wait(1200);
      for (let i = 0; i < outcome.freeSpins.length; i++) {
        if (!alive.current) return;
        const fs = outcome.freeSpins[i]!;
        setFreeInfo({
          index: i + 1,
          total: outcome.freeSpins.length,
          multiplier: outcome.freeSpinMultiplier,
        });
        setSpin(null);
        setSpinning([true, true, true, true, true]);
        await wait(FREE_SPIN_MS - 5 * REEL_STOP_GAP_MS);
        await land(fs);
        coins += fs.totalCoins ?? fs.coins;
        setFreeWin(coins);
        setSpin(fs);
        await wait(fs.coins > 0 ? 900 : 350);
      }
    }
    setWin({ amount: reply.round.payout, coinsStake: roundStake });
    setAnimating(false);
  }, [animating, play, stake, minSpinMs]);

  usePrimaryAction(() => void doSpin(), !animating);

  const highlighted = new Set<string>();
  for (const w of [
    ...(spin?.lineWins ?? []),
    ...(spin?.waysWins ?? []),
    ...(spin?.scatter ? [spin.scatter] : []),
  ])
    for (const [r, row] of w.cells) highlighted.add(`${r}:${row}`);
  const lineWins = spin?.lineWins ?? [];
  const lineAmount = (coins: number) => money((stake * BigInt(coins)) / betUnits);

  return (
    <div className={`slot slot--${engine}`}>
      <div className="slot__machine">
        <div className="slot__reels" data-testid="slot-reels" aria-label={t('reels')} aria-busy={animating}>
          {grid.map((col, r) => (
            <div key={r} className={`slot__reel${spinning[r] ? ' slot__reel--spinning' : ''}`}>
              {spinning[r] ? (
                <div className="slot__blur" aria-hidden="true">
                  {[...strips[r]!.slice(0, 10), ...strips[r]!.slice(0, 10)].map((id, i) => (
                    <div key={i} className="slot__cell">
                      <SymbolArt id={id} theme={engine} />
                    </div>
                  ))}
                </div>
              ) : (
                col.map((id, row) => (
                  <div
                    key={row}
                    className={`slot__cell slot__cell--landed${highlighted.has(`${r}:${row}`) ? ' slot__cell--win' : ''}${
                      highlighted.size > 0 && !highlighted.has(`${r}:${row}`) ? ' slot__cell--dim' : ''
                    }`}
                    data-symbol={id}
                  >
                    <SymbolArt id={id} theme={engine} />
                    <span className="visually-hidden">{t(`symbol.${id}`, { defaultValue: id })}</span>
                  </div>
                ))
              )}
            </div>
          ))}
          {lineWins.length > 0 && (
            <svg className="slot__lines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true">
              {lineWins.map((w) => (
                <polyline
                  key={w.line}
                  points={(lines[w.line!] ?? [])
                    .map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`)
                    .join(' ')}
                  className={`slot__line slot__line--${w.line! % 5}`}
                />
              ))}
            </svg>
          )}
        </div>
      </div>
      <div className="slot__panel">
        {freeInfo && (
          <div className="slot__free" role="status">
            {t('free_spin_of', { n: freeInfo.index, total: freeInfo.total })} · {`${freeInfo.multiplier}×`} ·{' '}
            {t('free_spins_coins', { coins: freeWin })}
          </div>
        )}
        <div className="slot__win" aria-live="polite" data-testid="slot-win">
          {win ? (
            BigInt(win.amount) > 0n ? (
              <span className="slot__win-amount">{t('win_amount', { amount: money(win.amount) })}</span>
            ) : (
              <span className="slot__no-win">{t('no_win')}</span>
            )
          ) : animating ? (
            <span className="slot__no-win">{t('good_luck')}</span>
          ) : (
            <span className="slot__no-win">{t('press_spin')}</span>
          )}
        </div>
        {spin && (lineWins.length > 0 || (spin.waysWins?.length ?? 0) > 0 || spin.scatter) && (
          <ul className="slot__wins">
            {lineWins.map((w) => (
              <li key={`l${w.line}`}>
                {t('line_win', {
                  line: w.line! + 1,
                  count: w.count,
                  symbol: t(`symbol.${w.symbol}`, { defaultValue: w.symbol }),
                  amount: lineAmount(w.coins),
                })}
              </li>
            ))}
            {(spin.waysWins ?? []).map((w) => (
              <li key={`w${w.symbol}`}>
                {t('ways_win', {
                  ways: w.ways ?? 1,
                  count: w.count,
                  symbol: t(`symbol.${w.symbol}`, { defaultValue: w.symbol }),
                  amount: lineAmount(w.coins),
                })}
              </li>
            ))}
            {spin.scatter && (
              <li>
                {t('scatter_win', { count: spin.scatter.count, amount: lineAmount(spin.scatter.coins) })}
                {spin.scatter.freeSpinsAwarded > 0 &&
                  ` · ${t('free_spins_awarded', { count: spin.scatter.freeSpinsAwarded })}`}
              </li>
            )}
          </ul>
        )}
        <button
          type="button"
          className="game-button game-button--primary slot__spin"
          onClick={() => void doSpin()}
          disabled={animating}
          data-testid="spin"
        >
          {animating ? t('spinning') : t('spin')}
        </button>
        <p className="slot__note">{t('no_autoplay')}</p>
      </div>
    </div>
  );
}
