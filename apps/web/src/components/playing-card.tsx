import { useTranslation } from '../lib/i18n';
import './playing-card.css';

const suitGlyph: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const rankLabel = (r: string) => (r === 'T' ? '10' : r);

/** A card from its two-character code ("AS", "TD"); null is a face-down card. */
export function PlayingCard({ code, index = 0 }: { code: string | null; index?: number }) {
  const { t } = useTranslation('games');
  if (!code)
    return (
      <span
        className="card card--back"
        style={{ animationDelay: `${index * 120}ms` }}
        role="img"
        aria-label={t('card_hidden')}
      >
        <span aria-hidden="true" />
      </span>
    );
  const rank = rankLabel(code[0]!);
  const suit = code[1]!;
  const red = suit === 'H' || suit === 'D';
  return (
    <span
      className={`card${red ? ' card--red' : ''}`}
      style={{ animationDelay: `${index * 120}ms` }}
      role="img"
      aria-label={t('card_name', { rank, suit: t(`suit.${suit}`) })}
      data-card={code}
    >
      <span className="card__corner" aria-hidden="true">
        {rank}
        <br />
        {suitGlyph[suit]}
      </span>
      <span className="card__pip" aria-hidden="true">
        {suitGlyph[suit]}
      </span>
    </span>
  );
}
