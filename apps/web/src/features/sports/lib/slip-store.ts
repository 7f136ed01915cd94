import { PARLAY_MAX_LEGS } from '@arcadia/games/sports';
import { create } from 'zustand';

/** A selection in the slip, with what the slip shows of it. */
export interface SlipLeg {
  eventId: string;
  marketId: string;
  key: string;
  /** The price the member sees (decimal thousandths); a moved price replaces it. */
  odds: string;
  event: string;
  market: string;
  pick: string;
}

interface SlipState {
  legs: SlipLeg[];
  /** Adds a selection, or removes it when it is in the slip; another selection of the same event replaces that event's. */
  toggle(leg: SlipLeg): void;
  remove(marketId: string): void;
  /** New prices from the book (after `sports.odds_changed`). */
  reprice(prices: { marketId: string; key: string; odds: string }[]): void;
  clear(): void;
}

export const useSlipStore = create<SlipState>((set) => ({
  legs: [],
  toggle: (leg) =>
    set(({ legs }) => {
      if (legs.some((l) => l.marketId === leg.marketId && l.key === leg.key))
        return { legs: legs.filter((l) => !(l.marketId === leg.marketId && l.key === leg.key)) };
      const others = legs.filter((l) => l.eventId !== leg.eventId);
      return { legs: [...others, leg].slice(-PARLAY_MAX_LEGS) };
    }),
  remove: (marketId) => set(({ legs }) => ({ legs: legs.filter((l) => l.marketId !== marketId) })),
  reprice: (prices) =>
    set(({ legs }) => ({
      legs: legs.map((l) => {
        const p = prices.find((x) => x.marketId === l.marketId && x.key === l.key);
        return p ? { ...l, odds: p.odds } : l;
      }),
    })),
  clear: () => set({ legs: [] }),
}));
