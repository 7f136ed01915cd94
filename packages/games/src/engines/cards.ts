/**
 * Playing cards as two-character codes: rank (A 2–9 T J Q K) + suit (S H D C), e.g. "AS", "TD".
 * A shoe of n decks is ordered deck by deck, suit by suit (S H D C), rank A→K; the stream then
 * shuffles that ordered shoe.
 */
export type Card = string;

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
export const SUITS = ['S', 'H', 'D', 'C'] as const;

/** The unshuffled shoe of `decks` decks. */
export function orderedShoe(decks: number): Card[] {
  const shoe: Card[] = [];
  for (let d = 0; d < decks; d++) for (const s of SUITS) for (const r of RANKS) shoe.push(r + s);
  return shoe;
}

export function rankOf(card: Card): string {
  return card[0]!;
}

/** 1 for an ace … 13 for a king. */
export function rankIndex(card: Card): number {
  return RANKS.indexOf(rankOf(card) as (typeof RANKS)[number]) + 1;
}
