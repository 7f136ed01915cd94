import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useGame, usePrimaryAction } from '../components/game-context';

interface LimboOutcomeView {
  crash: number;
  win: boolean;
}

/** Limbo: name a target multiplier; the drawn multiplier counts up to where it landed. */
export function LimboGame() {
  const { t } = useTranslation('games');
  const { stake, play, busy, money } = useGame();
  const [text, setText] = useState('2.00');
  const [shown, setShown] = useState<number | null>(null);
  const [result, setResult] = useState<(LimboOutcomeView & { payout: string }) | null>(null);
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const match = /^\d{1,7}(\.\d{1,2})?$/.test(text.trim()) ? text.trim() : null;
  // Hundredths without a float: "2.5" → 250.
  const target = match
    ? Number(match.split('.')[0]) * 100 + Number((match.split('.')[1] ?? '').padEnd(2, '0'))
    : NaN;
  const valid = Number.isInteger(target) && target >= 101 && target <= 100_000_000;

  const go = useCallback(async () => {
    if (!valid) return;
    setResult(null);
    const reply = await play({ action: 'play', stake: stake.toString(), params: { target } });
    if (!reply) return;
    const outcome = reply.round.outcome as LimboOutcomeView;
    // Count up from 1.00× to the crash point over about a second (longer for big numbers).
    const start = performance.now();
    const duration = Math.min(1600, 500 + Math.log10(outcome.crash / 100 + 1) * 400);
    const tick = (now: number) => {
      const k = Math.min(1, (now - start) / duration);
      const eased = 1 - (1 - k) ** 3;
      setShown(100 + (outcome.crash - 100) * eased);
      if (k < 1) frame.current = requestAnimationFrame(tick);
      else setResult({ ...outcome, payout: reply.round.payout });
    };
    frame.current = requestAnimationFrame(tick);
  }, [valid, play, stake, target]);

  usePrimaryAction(() => void go(), !busy && valid);
  const chance = valid ? Math.min(99, 9900 / target) : 0;

  return (
    <div className="limbo">
      <div
        className={`limbo__display${result ? (result.win ? ' limbo__display--win' : ' limbo__display--loss') : ''}`}
        aria-live="polite"
        data-testid="limbo-result"
      >
        {shown === null ? '1.00×' : `${(Math.floor(shown) / 100).toFixed(2)}×`}
      </div>
      {result && (
        <p className="dice__verdict">
          {result.win ? t('win_amount', { amount: money(result.payout) }) : t('no_win')}
        </p>
      )}
      <div className="limbo__inputs">
        <label className="field">
          <span className="field__label">{t('target_multiplier')}</span>
          <input
            className="field__input"
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={!valid}
          />
        </label>
        <div className="limbo__chance">
          <span>{t('win_chance')}</span>
          <strong>{valid ? `${chance.toFixed(4)} %` : '–'}</strong>
        </div>
      </div>
      {!valid && <p className="field__error">{t('limbo_target_invalid')}</p>}
      <div className="limbo__presets">
        {['1.50', '2.00', '5.00', '10.00', '100.00'].map((p) => (
          <button
            key={p}
            type="button"
            className="bet-selector__chip"
            onClick={() => setText(p)}
            disabled={busy}
          >
            {p}×
          </button>
        ))}
      </div>
      <button
        type="button"
        className="game-button game-button--primary"
        disabled={busy || !valid}
        onClick={() => void go()}
      >
        {t('bet_action')}
      </button>
    </div>
  );
}
