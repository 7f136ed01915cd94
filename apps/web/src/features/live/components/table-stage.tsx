import type { LiveResultOut } from '@arcadia/contract';
import { useTranslation } from '../../../lib/i18n';
import { PlayingCard } from '../../../components/playing-card';
import { ROULETTE_RED } from '../lib/spots';

/** Pips of a die face (3 × 3 grid positions). */
const PIPS: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

export function Die({ value, rolling }: { value: number | null; rolling: boolean }) {
  const { t } = useTranslation('live');
  const face = value ?? 1;
  return (
    <span
      className={`live-die${rolling ? ' live-die--rolling' : ''}`}
      role="img"
      aria-label={value && !rolling ? t('die', { n: value }) : t('die_rolling')}
    >
      <svg viewBox="0 0 30 30" aria-hidden="true">
        <rect x="1" y="1" width="28" height="28" rx="6" className="live-die__body" />
        {(rolling ? [] : PIPS[face]!).map((p) => (
          <circle
            key={p}
            cx={7 + (p % 3) * 8}
            cy={7 + Math.floor(p / 3) * 8}
            r="2.6"
            className="live-die__pip"
          />
        ))}
      </svg>
    </span>
  );
}

const pocketColour = (n: number) => (n === 0 ? 'green' : ROULETTE_RED.has(n) ? 'red' : 'black');

/**
 * The table itself: an honest animated table, not a video. While betting is open it waits; once
 * betting closes the round's result (already decided by its committed seed) is dealt, rolled or
 * spun over the deal time, `progress` going from 0 to 1.
 */
export function TableStage({
  result,
  progress,
  waiting,
}: {
  result: LiveResultOut | null;
  /** 0 → 1 over the deal; 1 when settled. */
  progress: number;
  /** Betting is open: the last result stays dimmed until the next deal. */
  waiting: boolean;
}) {
  const { t } = useTranslation('live');
  if (!result) return <div className="live-stage__idle">{t('place_bets')}</div>;
  const dim = waiting ? ' live-stage__result--dim' : '';
  switch (result.kind) {
    case 'baccarat': {
      // Deal order: player, banker, player, banker, then third cards (player's first).
      const order: ['p' | 'b', number][] = [
        ['p', 0],
        ['b', 0],
        ['p', 1],
        ['b', 1],
        ...(result.playerCards[2] ? [['p', 2] as ['p', number]] : []),
        ...(result.bankerCards[2] ? [['b', 2] as ['b', number]] : []),
      ];
      const shown = Math.min(order.length, Math.floor(progress * (order.length + 1)));
      const visible = (side: 'p' | 'b', i: number) =>
        order.findIndex(([s, j]) => s === side && j === i) < shown;
      const done = shown >= order.length;
      const hand = (side: 'p' | 'b', cards: string[], totalShown: number, name: string) => (
        <div className={`live-hand live-hand--${side}`}>
          <div className="live-hand__name">
            {name}
            {done && <strong className="live-hand__total">{totalShown}</strong>}
          </div>
          <div className="card-row">
            {cards.map((c, i) => (
              <PlayingCard key={i} code={visible(side, i) ? c : null} index={i} />
            ))}
          </div>
        </div>
      );
      return (
        <div className={`live-stage__result${dim}`}>
          <div className="live-hands">
            {hand('p', result.playerCards, result.playerTotal, t('spot.player'))}
            {hand('b', result.bankerCards, result.bankerTotal, t('spot.banker'))}
          </div>
          {done && (
            <p className={`live-winner live-winner--${result.winner}`}>{t(`winner.${result.winner}`)}</p>
          )}
        </div>
      );
    }
    case 'dragon-tiger': {
      const done = progress >= 0.7;
      return (
        <div className={`live-stage__result${dim}`}>
          <div className="live-hands">
            <div className="live-hand live-hand--b">
              <div className="live-hand__name">{t('spot.dragon')}</div>
              <div className="card-row">
                <PlayingCard code={progress >= 0.3 ? result.dragon : null} />
              </div>
            </div>
            <div className="live-hand live-hand--p">
              <div className="live-hand__name">{t('spot.tiger')}</div>
              <div className="card-row">
                <PlayingCard code={done ? result.tiger : null} />
              </div>
            </div>
          </div>
          {done && (
            <p className={`live-winner live-winner--${result.winner}`}>{t(`winner.${result.winner}`)}</p>
          )}
        </div>
      );
    }
    case 'sic-bo': {
      const rolling = progress < 0.7;
      return (
        <div className={`live-stage__result${dim}`}>
          <div className="live-dice">
            {result.dice.map((d, i) => (
              <Die key={i} value={rolling ? null : d} rolling={rolling} />
            ))}
          </div>
          {!rolling && (
            <p className="live-winner">
              {t('sicbo_total', { total: result.total })} ·{' '}
              {result.dice[0] === result.dice[1] && result.dice[1] === result.dice[2]
                ? t('triple')
                : t(result.total >= 11 ? 'spot.big' : 'spot.small')}
            </p>
          )}
        </div>
      );
    }
    case 'roulette': {
      const spinning = progress < 0.8;
      return (
        <div className={`live-stage__result${dim}`}>
          <div className={`live-wheel${spinning ? ' live-wheel--spinning' : ''}`} aria-hidden="true">
            <div className="live-wheel__hub" />
          </div>
          <p
            className={`live-pocket live-pocket--${spinning ? 'pending' : pocketColour(result.number)}`}
            role="status"
          >
            {spinning ? t('spinning') : result.number}
          </p>
        </div>
      );
    }
  }
}
