import type { VendorCard } from '@arcadia/contract';

/** A vendor in a drop-down, side menu or game centre: its logo and name, opening it on click. */
export function VendorTile({ card, onOpen, large }: { card: VendorCard; onOpen(): void; large?: boolean }) {
  return (
    <button type="button" className={`vendor-tile${large ? ' vendor-tile--large' : ''}`} onClick={onOpen}>
      <img
        src={large ? card.lagerIcon || card.smallIcon : card.smallIcon}
        alt=""
        loading="lazy"
        decoding="async"
        width={large ? 240 : 40}
        height={large ? 120 : 40}
      />
      <span>{card.displayName}</span>
    </button>
  );
}
