import { randomBytes } from 'node:crypto';
import type { LotteryIssue, LotteryOpened } from '@arcadia/contract';
import {
  type LotteryGameDef,
  drawLottery,
  lotteryCommitment,
  lotteryGames,
  nextIssues,
} from '@arcadia/games';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** How many issues of each game are scheduled ahead (their commitments published): a chase may
 * cover them all (LOTTERY_MAX_CHASE). */
export const ISSUES_AHEAD = 10;

type IssueRow = {
  game_code: string;
  issue: string;
  opens_at: Date | string;
  draw_at: Date | string;
  commitment: string;
  status: 'open' | 'drawn' | 'cancelled';
  server_seed: string;
  numbers: string[] | null;
  prizes: { tier: string; numbers: string[] }[] | null;
};

const iso = (d: Date | string) => new Date(d).toISOString();

/** An open issue as the wire has it; `closeBeforeSeconds` is the brand's. */
export function issueOut(row: IssueRow, closeBeforeSeconds: number): LotteryIssue {
  const draw = new Date(row.draw_at).getTime();
  return {
    gameId: row.game_code,
    numero: row.issue,
    openTime: iso(row.opens_at),
    closeTime: new Date(draw - closeBeforeSeconds * 1000).toISOString(),
    drawTime: iso(row.draw_at),
    commitment: row.commitment,
  };
}

/** A drawn or cancelled issue: the seed is revealed only once drawn. */
export function openedOut(row: IssueRow): LotteryOpened {
  return {
    gameId: row.game_code,
    numero: row.issue,
    status: row.status === 'cancelled' ? 'cancelled' : 'drawn',
    drawTime: iso(row.draw_at),
    commitment: row.commitment,
    serverSeed: row.status === 'drawn' ? row.server_seed : null,
    numbers: row.numbers ?? [],
    ...(row.prizes ? { prizes: row.prizes } : {}),
  };
}

/**
 * The draw schedule (docs/lottery.md): keeps the next issues of every game scheduled with fresh
 * seeds and published commitments, and draws every issue whose time has come — once, whichever
 * instance gets there first (`status = 'open'` guards the update).
 */
export function createLotteryDraws(deps: {
  db: Kysely<Database>;
  /** Told of each new issue and each draw (the real-time channel). */
  onIssue?: (issue: IssueRow) => void;
  onDrawn?: (issue: IssueRow) => void;
  /** Random seed bytes (tests may fix them); 32 bytes of the CSPRNG otherwise. */
  seed?: () => string;
}) {
  const { db } = deps;
  const seed = deps.seed ?? (() => randomBytes(32).toString('hex'));

  /** Per game, the last draw time this instance knows is scheduled: a pass with nothing new to
   * schedule makes no query. */
  const scheduledUntil = new Map<string, number>();

  /** Schedules the next issues of a game that are not scheduled yet; returns the new rows. */
  async function schedule(game: LotteryGameDef, now: Date): Promise<IssueRow[]> {
    const wanted = nextIssues(game, now, ISSUES_AHEAD);
    const last = wanted[wanted.length - 1]!.drawAt.getTime();
    if ((scheduledUntil.get(game.code) ?? 0) >= last) return [];
    const rows = wanted.map((w) => {
      const serverSeed = seed();
      return {
        game_code: game.code,
        issue: w.issue,
        opens_at: w.opensAt,
        draw_at: w.drawAt,
        server_seed: serverSeed,
        commitment: lotteryCommitment(serverSeed),
      };
    });
    const inserted = await db
      .insertInto('lottery_issue')
      .values(rows)
      .onConflict((oc) => oc.columns(['game_code', 'issue']).doNothing())
      .returningAll()
      .execute();
    scheduledUntil.set(game.code, last);
    return inserted as IssueRow[];
  }

  /** Draws every open issue due at `now`; returns the drawn rows. */
  async function drawDue(now: Date): Promise<IssueRow[]> {
    const due = await db
      .selectFrom('lottery_issue')
      .select(['game_code', 'issue', 'server_seed'])
      .where('status', '=', 'open')
      .where('draw_at', '<=', now)
      .orderBy('draw_at')
      .limit(500)
      .execute();
    const drawn: IssueRow[] = [];
    for (const d of due) {
      const game = lotteryGames.find((g) => g.code === d.game_code);
      if (!game) continue;
      const result = drawLottery(game, d.server_seed, d.issue);
      const row = await db
        .updateTable('lottery_issue')
        .set({
          status: 'drawn',
          numbers: JSON.stringify(result.numbers),
          prizes: result.prizes ? JSON.stringify(result.prizes) : null,
          drawn_at: sql<Date>`now()`,
        })
        .where('game_code', '=', d.game_code)
        .where('issue', '=', d.issue)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (row) drawn.push(row as IssueRow);
    }
    return drawn;
  }

  return {
    /** One pass: draw what is due, then schedule what is missing. */
    async tick(now = new Date()): Promise<{ drawn: number; scheduled: number; drawnRows: IssueRow[] }> {
      const drawn = await drawDue(now);
      for (const row of drawn) deps.onDrawn?.(row);
      let scheduled = 0;
      for (const game of lotteryGames) {
        const fresh = await schedule(game, now);
        scheduled += fresh.length;
        for (const row of fresh) deps.onIssue?.(row);
      }
      return { drawn: drawn.length, scheduled, drawnRows: drawn };
    },

    /** The open issues of a game after `now`, soonest first. */
    async upcoming(gameCode: string, now: Date, limit = ISSUES_AHEAD): Promise<IssueRow[]> {
      return (await db
        .selectFrom('lottery_issue')
        .selectAll()
        .where('game_code', '=', gameCode)
        .where('status', '=', 'open')
        .where('draw_at', '>', now)
        .orderBy('draw_at')
        .limit(limit)
        .execute()) as IssueRow[];
    },

    /** Drawn and cancelled issues of a game, newest first. */
    async opened(gameCode: string, pageNo: number, pageSize: number) {
      const base = db
        .selectFrom('lottery_issue')
        .where('game_code', '=', gameCode)
        .where('status', '!=', 'open');
      const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
      const list = (await base
        .selectAll()
        .orderBy('draw_at', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute()) as IssueRow[];
      return { list, total: Number(count?.n ?? 0) };
    },
  };
}

export type LotteryDraws = ReturnType<typeof createLotteryDraws>;
export type { IssueRow };
