import { useCallback, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useGame, usePrimaryAction } from '../components/game-context';

interface DiceOutcomeView {
  roll: number;
  win: boolean;
  winOutcomes: number;
}

/** Winning rolls out of 10 000 (the engine's rule), for the chance and payout shown before a bet. */
export function diceWinOutcomes(target: number, direction: 'over' | 'under'): number {
  return direction === 'under' ? target : 9999 - target;
}

/** Payout multiple 9900 / winning outcomes, as a label (the server computes the real payout). */
export function diceMultiplierLabel(target: number, direction: 'over' | 'under'): string {
  const w = diceWinOutcomes(target, direction);
  return w > 0 ? `${(Math.floor((9900 / w) * 10000) / 10000).toFixed(4)}×` : '–';
}

const fmt = (hundredths: number) => (hundredths / 100).toFixed(2);

/** Dice: pick a target and roll over or under it; the slider shows the winning range. */
export function DiceGame() {
  const { t } = useTranslation('games');
  const { stake, play, busy, money } = useGame();
  const [target, setTarget] = useState(5000);
  const [direction, setDirection] = useState<'over' | 'under'>('under');
  const [result, setResult] = useState<(DiceOutcomeView & { payout: string }) | null>(null);
  const [rolling, setRolling] = useState(false);
  const sliderId = useId();
  const w = diceWinOutcomes(target, direction);
  const valid = w >= 1 && w <= 9800;

  const roll = useCallback(async () => {
    if (!valid) return;
    setRolling(true);
    const reply = await play(
      { action: 'play', stake: stake.toString(), params: { target, direction } },
      { minMs: 600 },
    );
    setRolling(false);
    if (reply) setResult({ ...(reply.round.outcome as DiceOutcomeView), payout: reply.round.payout });
  }, [valid, play, stake, target, direction]);

  usePrimaryAction(() => void roll(), !busy && valid);

  const pctWin = (w / 100).toFixed(2);
  return (
    <div className="dice">
      <div
        className={`dice__result${result ? (result.win ? ' dice__result--win' : ' dice__result--loss') : ''}${rolling ? ' dice__result--rolling' : ''}`}
        aria-live="polite"
        data-testid="dice-result"
      >
        {rolling ? '…' : result ? fmt(result.roll) : '–'}
      </div>
      {result && !rolling && (
        <p className="dice__verdict">
          {result.win ? t('win_amount', { amount: money(result.payout) }) : t('no_win')}
        </p>
      )}
      <div
        className="dice__track"
        style={{ '--target': `${target / 100}%` } as React.CSSProperties}
        data-direction={direction}
      >
        <label htmlFor={sliderId} className="visually-hidden">
          {t('target')}
        </label>
        <input
          id={sliderId}
          type="range"
          min={2}
          max={9997}
          step={1}
          value={target}
          disabled={busy}
          onChange={(e) => setTarget(Number(e.target.value))}
          className="dice__slider"
        />
        {result && !rolling && (
          <span className="dice__marker" style={{ left: `${result.roll / 100}%` }} aria-hidden="true" />
        )}
      </div>
      <div className="dice__stats">
        <div>
          <span>{t('target')}</span>
          <strong>{fmt(target)}</strong>
        </div>
        <div>
          <span>{t('win_chance')}</span>
          <strong>{pctWin} %</strong>
        </div>
        <div>
          <span>{t('payout')}</span>
          <strong>{diceMultiplierLabel(target, direction)}</strong>
        </div>
      </div>
      <div className="segmented" role="radiogroup" aria-label={t('direction')}>
        {(['under', 'over'] as const).map((d) => (
          <button
            key={d}
            type="button"
            role="radio"
            aria-checked={direction === d}
            disabled={busy}
            onClick={() => setDirection(d)}
          >
            {t(`roll_${d}`, { target: fmt(target) })}
          </button>
        ))}
      </div>
      {!valid && <p className="field__error">{t('chance_out_of_range')}</p>}
      <button
        type="button"
        className="game-button game-button--primary"
        disabled={busy || !valid}
        onClick={() => void roll()}
        data-testid="roll"
      >
        {t('roll')}
      </button>
    </div>
  );
}
