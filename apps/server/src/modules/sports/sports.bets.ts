import type { SportsBet } from '@arcadia/contract';
import type { Leg, LegResult, Selection } from '@arcadia/games';
import type { BetRow, LegRow } from './sports.betting.repository.js';

/** A sportsbook bet's shapes: its legs as the games package reads them, and the bet as the wire has it. */

const iso = (d: Date | string) => new Date(d).toISOString();

/** The games package's selection for a leg: the picked side's line for a handicap. */
export function selectionOf(kind: string, key: string, line: number | null, map: number | null): Selection {
  switch (kind) {
    case '1x2':
      return { market: '1x2', pick: key as 'home' | 'draw' | 'away' };
    case 'handicap':
      return { market: 'handicap', pick: key as 'home' | 'away', line: key === 'home' ? line! : -line! };
    case 'total':
      return { market: 'total', pick: key as 'over' | 'under', line: line! };
    case 'btts':
      return { market: 'btts', pick: key as 'yes' | 'no' };
    case 'correct_score': {
      const [home, away] = key.split('-').map(Number);
      return { market: 'correct_score', home: home!, away: away! };
    }
    case 'match_winner':
      return { market: 'match_winner', pick: key as 'home' | 'away' };
    case 'map_winner':
      return { market: 'map_winner', map: map!, pick: key as 'home' | 'away' };
    default:
      return { market: 'fight', pick: key as 'meron' | 'wala' | 'draw' };
  }
}

export const legOf = (l: LegRow): Leg => ({
  eventId: String(l.event_id),
  selection: selectionOf(l.kind, l.key, l.line, l.map),
  odds: BigInt(l.odds),
});

export function betOut(b: BetRow, legs: LegRow[]): SportsBet {
  return {
    betId: String(b.id),
    kind: legs.length > 1 ? 'parlay' : 'single',
    stake: String(b.stake),
    potentialReturn: String(b.potential_return),
    payout: String(b.payout),
    status: b.status === 'placing' ? 'open' : b.status === 'refused' ? 'refunded' : b.status,
    legs: legs.map((l) => ({
      eventId: String(l.event_id),
      event: l.event_label,
      category: l.category as SportsBet['legs'][number]['category'],
      marketId: String(l.market_id),
      kind: l.kind as SportsBet['legs'][number]['kind'],
      // The picked side's line, as the member took it.
      line: l.kind === 'handicap' && l.line !== null && l.key === 'away' ? -l.line : l.line,
      map: l.map,
      key: l.key,
      odds: String(l.odds),
      result: (l.result as LegResult | null) ?? null,
    })),
    placedAt: iso(b.placed_at),
    settledAt: b.settled_at ? iso(b.settled_at) : null,
  };
}

/** A settled bet's status from its payout and leg results. */
export function statusOf(payout: bigint, results: LegResult[]): 'won' | 'lost' | 'void' {
  if (payout === 0n) return 'lost';
  if (results.every((r) => r === 'void' || r === 'push')) return 'void';
  return 'won';
}
