import { createHash, randomBytes } from 'node:crypto';
import type { SportsCategory, SportsFeed, SportsMarketKind } from '@arcadia/contract';
import {
  type Outcomes,
  type Selection,
  fightOutcomes,
  mapsOutcomes,
  priceSelection,
  sampleOutcome,
  scoreOutcomes,
  setsOutcomes,
} from '@arcadia/games';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SportsBook } from './sports.book.js';
import { liveSimulatedEvents } from './sports.simulator.repository.js';

/**
 * The demo book's simulator (docs/sportsbook.md): fictional fixtures on a fixed timetable per
 * sport, priced from a model at a 5 % margin, prices drifting minute by minute, results drawn from
 * the same model when a fixture's time is up — so a fresh install has a book that lives. Every
 * name is invented. Fixtures are keyed by their slot (`sim:<sport>:<slot start>`): several
 * instances schedule the same fixture once.
 */

const TARGET_RETURN = 0.95;

interface Plan {
  key: string;
  category: SportsCategory;
  sport: string;
  leagues: string[];
  teams: string[];
  /** A fixture every this many minutes… */
  everyMin: number;
  /** …this many scheduled ahead… */
  ahead: number;
  /** …each lasting this long once started. */
  durationMin: number;
}

export const simulatorPlans: Plan[] = [
  {
    key: 'football',
    category: 'SPORTS',
    sport: 'football',
    leagues: ['Northshore Premier', 'Coastal Cup'],
    teams: [
      'Harbour City',
      'Redfield Rovers',
      'Ashford United',
      'Kestrel Town',
      'Marlow Athletic',
      'Stonebridge FC',
      'Eastgate Wanderers',
      'Pinecrest Albion',
      'Silverlake',
      'Brookvale Rangers',
    ],
    everyMin: 10,
    ahead: 6,
    durationMin: 8,
  },
  {
    key: 'basketball',
    category: 'SPORTS',
    sport: 'basketball',
    leagues: ['Metro Hoops League'],
    teams: [
      'Skyline Comets',
      'Riverside Foxes',
      'Iron Valley Titans',
      'Lakeshore Herons',
      'Canyon Blaze',
      'Northwind Owls',
    ],
    everyMin: 20,
    ahead: 3,
    durationMin: 10,
  },
  {
    key: 'tennis',
    category: 'SPORTS',
    sport: 'tennis',
    leagues: ['Seaside Open'],
    teams: [
      'A. Marven',
      'L. Okafor',
      'S. Lindqvist',
      'R. Castellano',
      'T. Haruki',
      'M. Delacroix',
      'J. Novak-Reyes',
      'E. Brandt',
    ],
    everyMin: 15,
    ahead: 4,
    durationMin: 6,
  },
  {
    key: 'strike',
    category: 'ESPORTS',
    sport: 'Strike Arena',
    leagues: ['Strike Arena Masters'],
    teams: ['Team Nova', 'Vortex Gaming', 'Crimson Wolves', 'Polar Five', 'Nightjar', 'Echo Squad'],
    everyMin: 15,
    ahead: 4,
    durationMin: 8,
  },
  {
    key: 'lanes',
    category: 'ESPORTS',
    sport: 'Lane Wars',
    leagues: ['Lane Wars Pro Circuit'],
    teams: ['Azure Dragons', 'Golden Hydra', 'Storm Ravens', 'Jade Tigers', 'Obsidian', 'Solar Flare'],
    everyMin: 20,
    ahead: 3,
    durationMin: 10,
  },
  {
    key: 'cockfight',
    category: 'COCKFIGHT',
    sport: 'cockfight',
    leagues: ['Derby Night · Arena One'],
    teams: [
      'Red Comet',
      'Blue Thunder',
      'Golden Spur',
      'Black Ember',
      'White Falcon',
      'Silver Hackle',
      'Iron Claw',
      'Sun Rooster',
    ],
    everyMin: 3,
    ahead: 5,
    durationMin: 1,
  },
];

/** A deterministic number in [0, 1) from a label (a fixture's strengths and drifts). */
function unit(label: string): number {
  const h = createHash('sha256').update(label).digest();
  return h.readUInt32BE(0) / 2 ** 32;
}

interface Fixture {
  plan: Plan;
  slot: number;
  externalId: string;
  league: string;
  home: string;
  away: string;
  startsAt: Date;
}

function fixtureAt(plan: Plan, slot: number): Fixture {
  const n = plan.teams.length;
  const a = Math.floor(unit(`${plan.key}:${slot}:home`) * n);
  const b = (a + 1 + Math.floor(unit(`${plan.key}:${slot}:away`) * (n - 1))) % n;
  return {
    plan,
    slot,
    externalId: `sim:${plan.key}:${slot}`,
    league: plan.leagues[slot % plan.leagues.length]!,
    home: plan.teams[a]!,
    away: plan.teams[b]!,
    startsAt: new Date(slot * plan.everyMin * 60_000),
  };
}

/** The fixture's model at a minute: its strength with a small drift (the market moving). */
function outcomesOf(plan: Plan, slot: number, minute: number | null): Outcomes {
  const base = unit(`${plan.key}:${slot}:strength`);
  const drift = minute === null ? 0 : (unit(`${plan.key}:${slot}:drift:${minute}`) - 0.5) * 0.06;
  const s = Math.min(0.95, Math.max(0.05, 0.25 + base * 0.5 + drift));
  switch (plan.key) {
    case 'football':
      return scoreOutcomes(0.6 + 2 * s, 0.6 + 2 * (1 - s) * 0.85);
    case 'basketball':
      return scoreOutcomes(90 + 20 * s, 90 + 20 * (1 - s));
    case 'tennis':
      return setsOutcomes(0.3 + 0.4 * s);
    case 'cockfight':
      return fightOutcomes(0.4 + 0.2 * s);
    default:
      return mapsOutcomes(0.3 + 0.4 * s, 3);
  }
}

type MarketSpec = {
  kind: SportsMarketKind;
  line: number | null;
  map: number | null;
  picks: [string, Selection][];
};

/** The markets a fixture offers (lines placed near even money from the model). */
function marketsOf(plan: Plan, outcomes: Outcomes): MarketSpec[] {
  const mean = (f: (h: number, a: number) => number) =>
    outcomes.reduce(
      (acc, o) => (o.result.kind === 'score' ? acc + o.p * f(o.result.home, o.result.away) : acc),
      0,
    );
  const side = (line: number): MarketSpec => ({
    kind: 'handicap',
    line,
    map: null,
    picks: [
      ['home', { market: 'handicap', pick: 'home', line }],
      ['away', { market: 'handicap', pick: 'away', line: -line }],
    ],
  });
  switch (plan.key) {
    case 'football': {
      const hLine = Math.max(-8, Math.min(8, -Math.round(mean((h, a) => h - a) * 4)));
      const tLine = Math.max(6, 4 * Math.floor(mean((h, a) => h + a)) + 2);
      const scores: [string, Selection][] = [];
      for (let h = 0; h <= 3; h++)
        for (let a = 0; a <= 3; a++)
          scores.push([`${h}-${a}`, { market: 'correct_score', home: h, away: a }]);
      return [
        {
          kind: '1x2',
          line: null,
          map: null,
          picks: (['home', 'draw', 'away'] as const).map((p) => [p, { market: '1x2', pick: p }]),
        },
        side(hLine),
        {
          kind: 'total',
          line: tLine,
          map: null,
          picks: (['over', 'under'] as const).map((p) => [p, { market: 'total', pick: p, line: tLine }]),
        },
        {
          kind: 'btts',
          line: null,
          map: null,
          picks: (['yes', 'no'] as const).map((p) => [p, { market: 'btts', pick: p }]),
        },
        { kind: 'correct_score', line: null, map: null, picks: scores },
      ];
    }
    case 'basketball': {
      // Half-point lines only: a basketball game has no push on its handicap.
      const hLine = Math.max(-158, Math.min(158, -(4 * Math.round(mean((h, a) => h - a)) + 2)));
      return [
        {
          kind: '1x2',
          line: null,
          map: null,
          picks: (['home', 'away'] as const).map((p) => [p, { market: '1x2', pick: p }]),
        },
        side(hLine),
      ];
    }
    case 'tennis':
      return [
        {
          kind: '1x2',
          line: null,
          map: null,
          picks: (['home', 'away'] as const).map((p) => [p, { market: '1x2', pick: p }]),
        },
        side(mean((h, a) => h - a) >= 0 ? -6 : 6),
        {
          kind: 'total',
          line: 10,
          map: null,
          picks: (['over', 'under'] as const).map((p) => [p, { market: 'total', pick: p, line: 10 }]),
        },
      ];
    case 'cockfight':
      return [
        {
          kind: 'fight',
          line: null,
          map: null,
          picks: (['meron', 'wala', 'draw'] as const).map((p) => [p, { market: 'fight', pick: p }]),
        },
      ];
    default:
      return [
        {
          kind: 'match_winner',
          line: null,
          map: null,
          picks: (['home', 'away'] as const).map((p) => [p, { market: 'match_winner', pick: p }]),
        },
        ...[1, 2, 3].map((map): MarketSpec => ({
          kind: 'map_winner',
          line: null,
          map,
          picks: (['home', 'away'] as const).map((p) => [p, { market: 'map_winner', map, pick: p }]),
        })),
      ];
  }
}

/** A fixture in the feed format, priced at `minute`. */
function feedEvent(f: Fixture, minute: number): SportsFeed['events'][number] {
  const outcomes = outcomesOf(f.plan, f.slot, minute);
  return {
    externalId: f.externalId,
    category: f.plan.category,
    sport: f.plan.sport,
    league: f.league,
    home: f.home,
    away: f.away,
    startsAt: f.startsAt.toISOString(),
    markets: marketsOf(f.plan, outcomes).map((m) => ({
      kind: m.kind,
      line: m.line,
      map: m.map,
      selections: m.picks.flatMap(([key, sel]) => {
        const odds = priceSelection(sel, outcomes, TARGET_RETURN);
        return odds === null ? [] : [{ key, odds: odds.toString() }];
      }),
    })),
  };
}

export function createSportsSimulator(deps: { db: Kysely<Database>; book: SportsBook }) {
  const { db, book } = deps;
  /** The minute of the last repricing: prices move once a minute. */
  let pricedMinute = -1;
  const known = new Set<string>();

  return {
    /**
     * One pass: schedules the fixtures ahead that are missing, reprices the scheduled ones once a
     * minute, and returns the simulator's events whose time is up with their drawn results.
     */
    async pass(now: Date) {
      const minute = Math.floor(now.getTime() / 60_000);
      const reprice = minute !== pricedMinute;
      const wanted: SportsFeed['events'] = [];
      for (const plan of simulatorPlans) {
        const first = Math.floor(now.getTime() / (plan.everyMin * 60_000)) + 1;
        for (let slot = first; slot < first + plan.ahead; slot++) {
          const f = fixtureAt(plan, slot);
          if (reprice || !known.has(f.externalId)) wanted.push(feedEvent(f, minute));
        }
      }
      let scheduled = 0;
      if (wanted.length > 0) {
        const fresh = wanted.filter((w) => !known.has(w.externalId));
        const { created } = await book.importFeed(reprice ? wanted : fresh, 'simulator');
        scheduled = created;
        for (const w of wanted) known.add(w.externalId);
        if (known.size > 10_000) known.clear();
        pricedMinute = minute;
      }
      // Fixtures whose time is up: their results, drawn from the model.
      const live = await liveSimulatedEvents(db);
      const finished: { eventId: string; result: ReturnType<typeof sampleOutcome> }[] = [];
      for (const e of live) {
        const [, key, slot] = e.external_id.split(':');
        const plan = simulatorPlans.find((p) => p.key === key);
        if (!plan) continue;
        if (new Date(e.starts_at).getTime() + plan.durationMin * 60_000 > now.getTime()) continue;
        const u = randomBytes(4).readUInt32BE(0) / 2 ** 32;
        finished.push({
          eventId: String(e.id),
          result: sampleOutcome(outcomesOf(plan, Number(slot), null), u),
        });
      }
      return { scheduled, finished };
    },
  };
}

export type SportsSimulator = ReturnType<typeof createSportsSimulator>;
