import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';

interface BetSelectorProps {
  ladder: bigint[];
  value: bigint;
  onChange(value: bigint): void;
  disabled: boolean;
  format(minor: bigint): string;
}

/**
 * The bet size: steps along the game's 1-2-5 ladder of minor-unit amounts, so every choice is an
 * exact amount the server accepts. Buttons are large enough for touch; arrows work from anywhere.
 */
export function BetSelector({ ladder, value, onChange, disabled, format }: BetSelectorProps) {
  const { t } = useTranslation('games');
  const id = useId();
  const index = Math.max(
    0,
    ladder.findIndex((v) => v === value),
  );
  const go = (i: number) => {
    const next = ladder[Math.max(0, Math.min(ladder.length - 1, i))];
    if (next !== undefined) onChange(next);
  };
  return (
    <div className="bet-selector" role="group" aria-labelledby={id}>
      <span id={id} className="bet-selector__label">
        {t('bet')}
      </span>
      <button
        type="button"
        className="bet-selector__step"
        aria-label={t('bet_down')}
        disabled={disabled || index <= 0}
        onClick={() => go(index - 1)}
      >
        −
      </button>
      <output className="bet-selector__value" aria-live="polite" data-testid="bet-value">
        {format(value)}
      </output>
      <button
        type="button"
        className="bet-selector__step"
        aria-label={t('bet_up')}
        disabled={disabled || index >= ladder.length - 1}
        onClick={() => go(index + 1)}
      >
        +
      </button>
      <button type="button" className="bet-selector__chip" disabled={disabled} onClick={() => go(0)}>
        {t('bet_min')}
      </button>
      <button
        type="button"
        className="bet-selector__chip"
        disabled={disabled}
        onClick={() => go(ladder.length - 1)}
      >
        {t('bet_max')}
      </button>
    </div>
  );
}
