import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useGame, usePrimaryAction } from '../components/game-context';
import { SymbolArt } from './slot-symbols';

interface ScratchView {
  cells: string[];
  wins: { symbol: string; count: number; cells: number[]; prize: number }[];
}

/**
 * Scratch card: the card is bought (and settled) with one play; the player then scratches the
 * nine foils by dragging or tapping over them, or reveals them all at once.
 */
export function ScratchGame() {
  const { t } = useTranslation('games');
  const { stake, play, busy, money } = useGame();
  const [card, setCard] = useState<(ScratchView & { payout: string }) | null>(null);
  const [open, setOpen] = useState<boolean[]>(Array(9).fill(false));
  const allOpen = open.every(Boolean);

  const buy = useCallback(async () => {
    const reply = await play({ action: 'play', stake: stake.toString(), params: {} });
    if (reply) {
      setOpen(Array(9).fill(false));
      setCard({ ...(reply.round.outcome as ScratchView), payout: reply.round.payout });
    }
  }, [play, stake]);

  const reveal = (i: number) => setOpen((o) => (o[i] ? o : o.map((v, j) => v || j === i)));
  const revealAll = useCallback(() => setOpen(Array(9).fill(true)), []);
  usePrimaryAction(() => (card && !allOpen ? revealAll() : void buy()), !busy);

  const winning = new Set(allOpen ? (card?.wins.flatMap((w) => w.cells) ?? []) : []);
  return (
    <div className="scratch">
      <div className="scratch__card" data-testid="scratch-card">
        <p className="scratch__title">{t('scratch_title')}</p>
        <div
          className="scratch__grid"
          onPointerDown={(e) => (e.target as HTMLElement).releasePointerCapture?.(e.pointerId)}
        >
          {Array.from({ length: 9 }, (_, i) => (
            <button
              key={i}
              type="button"
              className={`scratch__cell${open[i] ? ' scratch__cell--open' : ''}${winning.has(i) ? ' scratch__cell--win' : ''}`}
              disabled={!card}
              onPointerEnter={(e) => e.buttons === 1 && card && reveal(i)}
              onPointerDown={() => card && reveal(i)}
              onClick={() => card && reveal(i)}
              aria-label={
                card && open[i]
                  ? t(`symbol.${card.cells[i]}`, { defaultValue: card.cells[i] })
                  : t('scratch_cell', { n: i + 1 })
              }
            >
              {card && open[i] ? (
                <SymbolArt id={card.cells[i]!} theme="scratch" size={56} />
              ) : (
                <span className="scratch__foil" aria-hidden="true" />
              )}
            </button>
          ))}
        </div>
        <p className="scratch__rule">{t('scratch_rule')}</p>
      </div>
      <div className="scratch__result" aria-live="polite" data-testid="scratch-result">
        {card &&
          allOpen &&
          (BigInt(card.payout) > 0n ? (
            <strong className="win">{t('win_amount', { amount: money(card.payout) })}</strong>
          ) : (
            <span>{t('no_win')}</span>
          ))}
      </div>
      <div className="scratch__controls">
        {card && !allOpen && (
          <button type="button" className="game-button" onClick={revealAll}>
            {t('reveal_all')}
          </button>
        )}
        <button
          type="button"
          className="game-button game-button--primary"
          disabled={busy || (!!card && !allOpen)}
          onClick={() => void buy()}
          data-testid="buy-card"
        >
          {t('buy_card')}
        </button>
      </div>
    </div>
  );
}
