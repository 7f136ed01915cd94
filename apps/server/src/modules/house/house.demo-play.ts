import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { demoPlayers, seedDemoPlayers } from '../../seeds/brands/demo.players.js';
import type { Job } from '../../jobs/job-runner.js';
import type { SessionService } from '../auth/session.service.js';
import type { Brand, BrandService } from '../brand/brand.service.js';
import { createDemoPlayRepository } from './house.demo-play.repository.js';

/**
 * Demo mode's players (docs/configuration.md, `DEMO_PLAY`): a handful of clearly named accounts
 * under the demo agent play the house games, so a fresh install shows real winners, records and
 * agent reports. Every round goes the way a member's does: a site session, the lobby's launch
 * route (`GET /wps/game/launchGame`), the house game API (`POST /house/api/play`) and so the
 * house vendor's signed wallet callbacks, the ledger and the bet rollups. Nothing is written
 * into a table here.
 *
 * The job's first run makes them (seeds/brands/demo.players.ts); on first start they play a week's worth of rounds (`WEEK_ROUNDS` each, a few "days" of one
 * game each); after that the job plays a round or two of one of them at each run.
 */

export { demoPlayers } from '../../seeds/brands/demo.players.js';
/** Rounds each demo player plays for the "past week" on first start. */
export const WEEK_ROUNDS = 35;
/** Rounds in one sitting (one launch) of the past week. */
const SITTING_ROUNDS = 5;
/** How often the running server lets one demo player play a little. */
export const DEMO_PLAY_EVERY_MS = 90_000;

/** The one-shot house engines the demo players choose from, with a bet for each. */
const betFor: Record<string, (stake: bigint) => { stake: string; params: Record<string, unknown> }> = {
  dice: (s) => ({
    stake: s.toString(),
    params: { target: pick([2500, 4950, 7500]), direction: pick(['over', 'under']) },
  }),
  limbo: (s) => ({ stake: s.toString(), params: { target: pick([150, 200, 300, 500, 1000]) } }),
  'slot-fruit': (s) => ({ stake: s.toString(), params: {} }),
  'slot-pharaoh': (s) => ({ stake: s.toString(), params: {} }),
  'slot-ocean': (s) => ({ stake: s.toString(), params: {} }),
  scratch: (s) => ({ stake: s.toString(), params: {} }),
  baccarat: (s) => ({
    stake: s.toString(),
    params: { bets: { [pick(['player', 'banker'])]: s.toString() } },
  }),
};

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

interface Player {
  id: string;
  account: string;
}

export interface DemoPlayDeps {
  app: FastifyInstance;
  db: Kysely<Database>;
  sessions: SessionService;
  brands: BrandService;
  /** The demo brand's code. */
  merchant: string;
  /** The demo agent the players are made under (seeds/seed.ts). */
  agent: { account: string; password: string };
  /** Rounds of the past week per player (tests shorten it). */
  weekRounds?: number;
  /**
   * After the past week's rounds: the agent centre's team rollups refreshed at once (the agent
   * module's own refresh), so its reports show them without waiting for their next run.
   */
  afterWeek?: (brand: Brand) => Promise<unknown>;
}

/** Demo play runs in demo mode unless `DEMO_PLAY=0`; never with `DEMO=0`. */
export function demoPlayEnabled(config: { DEMO: boolean; DEMO_PLAY?: boolean | undefined }): boolean {
  return config.DEMO && (config.DEMO_PLAY ?? true);
}

export function createDemoPlay(deps: DemoPlayDeps) {
  const { app, db, sessions, merchant } = deps;
  const repository = createDemoPlayRepository(db);
  let stopping = false;
  /** Site session token per demo player, reopened when it has ended. */
  const tokens = new Map<string, string>();

  async function players(merchantId: number): Promise<Player[]> {
    const rows = await repository.players(
      merchantId,
      demoPlayers.map((p) => p.account),
    );
    return rows.map((r) => ({ id: String(r.id), account: r.account }));
  }

  async function games(merchantId: number): Promise<{ gameCode: string; engine: string }[]> {
    const rows = await repository.houseGames(merchantId, Object.keys(betFor));
    return rows.flatMap((r) => (r.engine ? [{ gameCode: r.game_code, engine: r.engine }] : []));
  }

  /** Real-money rounds the player has played at the house. */
  async function roundsPlayed(merchantId: number, player: Player): Promise<number> {
    const row = await repository.realRoundCount(merchantId, `member:${player.id}`);
    return Number(row.n);
  }

  async function siteToken(merchantId: number, player: Player, fresh: boolean): Promise<string> {
    const known = tokens.get(player.id);
    if (known && !fresh) return known;
    const token = await sessions.open({
      memberId: player.id,
      merchantId,
      loginType: 'demo',
      mustChangePassword: false,
      ip: null,
      userAgent: 'demo player',
    });
    tokens.set(player.id, token);
    return token;
  }

  /** Launches a game as the lobby does; the game token from its URL, or null when refused. */
  async function launch(merchantId: number, player: Player, gameCode: string): Promise<string | null> {
    for (const fresh of [false, true]) {
      const res = await app.inject({
        method: 'GET',
        url: `/wps/game/launchGame?accountType=1&language=EN&gameCode=${encodeURIComponent(gameCode)}`,
        headers: { authorization: await siteToken(merchantId, player, fresh), merchant },
      });
      if (res.statusCode === 401) continue;
      if (res.statusCode !== 200) {
        app.log.warn({ account: player.account, gameCode, status: res.statusCode }, 'demo launch refused');
        return null;
      }
      const url = (res.json() as { value?: { content?: { game_url?: string } } }).value?.content?.game_url;
      return url ? new URL(url, 'http://local').searchParams.get('token') : null;
    }
    return null;
  }

  /**
   * One sitting: a launch and up to `rounds` bets. Stops early when the balance is too low for
   * the smallest stake. Returns the rounds played.
   */
  async function sitting(merchantId: number, scale: number, player: Player, rounds: number): Promise<number> {
    const list = await games(merchantId);
    if (list.length === 0) return 0;
    const game = pick(list);
    const token = await launch(merchantId, player, game.gameCode);
    if (!token) return 0;
    const unit = 10n ** BigInt(scale);
    let stake = pick([1n, 2n, 5n, 10n, 20n]) * unit;
    let played = 0;
    while (played < rounds && !stopping) {
      const res = await app.inject({
        method: 'POST',
        url: '/house/api/play',
        headers: { 'x-game-token': token, merchant },
        payload: { action: 'play', ...betFor[game.engine]!(stake) },
      });
      if (res.statusCode === 200) {
        played += 1;
        continue;
      }
      const code = (res.json() as { code?: string }).code;
      if (code === 'wallet.insufficient' && stake > unit) {
        stake = unit;
        continue;
      }
      if (code !== 'wallet.insufficient')
        app.log.warn({ account: player.account, code, status: res.statusCode }, 'demo round refused');
      break;
    }
    return played;
  }

  /** The demo players' rounds: the past week's first (once), then a little at each run. */
  async function run(): Promise<{ rounds: number }> {
    const brand = await deps.brands.get(merchant);
    // Made on the first run (after the server is ready), not by the seed on the cold start's path.
    await seedDemoPlayers(db, brand, deps.agent);
    const list = await players(brand.id);
    let rounds = 0;
    let caughtUp = true;
    for (const player of list) {
      let left = (deps.weekRounds ?? WEEK_ROUNDS) - (await roundsPlayed(brand.id, player));
      while (left > 0 && !stopping) {
        caughtUp = false;
        const played = await sitting(brand.id, brand.currencyScale, player, Math.min(left, SITTING_ROUNDS));
        if (played === 0) break;
        left -= played;
        rounds += played;
      }
    }
    if (!caughtUp && rounds > 0 && !stopping) await deps.afterWeek?.(brand);
    if (caughtUp && list.length > 0 && !stopping) {
      rounds += await sitting(brand.id, brand.currencyScale, pick(list), 1 + Math.floor(Math.random() * 3));
    }
    return { rounds };
  }

  return {
    run,
    job: {
      name: 'demo.play',
      everyMs: DEMO_PLAY_EVERY_MS,
      // The first run plays the whole week: long enough for it on a slow machine.
      leaseMs: 15 * 60_000,
      run,
    } satisfies Job,
    /** Stops between two rounds (the server is closing). */
    stop() {
      stopping = true;
    },
  };
}
