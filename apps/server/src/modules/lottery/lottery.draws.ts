import { randomBytes } from 'node:crypto';
import type { LotteryIssue, LotteryOpened } from '@arcadia/contract';
import {
  type LotteryDraw,
  type LotteryGameDef,
  drawLottery,
  lotteryCommitment,
  lotteryGames,
  nextIssues,
} from '@arcadia/games';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repo from './lottery.draws.repository.js';

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
  source: 'fair' | 'official';
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
    // An official result does not come from the seed: the seed stays unrevealed (it proves nothing).
    serverSeed: row.status === 'drawn' && row.source === 'fair' ? row.server_seed : null,
    source: row.source,
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
    const inserted = await repo.insertIssues(db, rows);
    scheduledUntil.set(game.code, last);
    return inserted as IssueRow[];
  }

  /** Draws every open issue due at `now`; returns the drawn rows. */
  async function drawDue(now: Date): Promise<IssueRow[]> {
    const due = await repo.dueIssues(db, now);
    const drawn: IssueRow[] = [];
    for (const d of due) {
      const game = lotteryGames.find((g) => g.code === d.game_code);
      if (!game) continue;
      const result = drawLottery(game, d.server_seed, d.issue);
      const row = await repo.recordDraw(db, d.game_code, d.issue, result);
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

    /** The games marked official (their results entered by an operator). */
    async officialGames(): Promise<Set<string>> {
      const rows = await repo.officialGameCodes(db);
      return new Set(rows.map((r) => r.game_code));
    },

    /** Marks a game official or not; returns whether it changed. */
    async setOfficial(gameCode: string, official: boolean, by: string): Promise<boolean> {
      const row = await repo.upsertOfficial(db, gameCode, official, by);
      return row !== undefined;
    },

    /**
     * Records an operator's official result on an open issue whose draw time has come — once
     * (`status = 'open'` guards it, as for a house draw). Returns the drawn row, or undefined when
     * the issue is not open.
     */
    async enterResult(gameCode: string, issue: string, draw: LotteryDraw, by: string, now: Date) {
      const row = (await repo.recordOfficialResult(db, gameCode, issue, draw, by, now)) as
        IssueRow | undefined;
      if (row) deps.onDrawn?.(row);
      return row;
    },

    /** An issue as stored (any status), or undefined. */
    async issue(gameCode: string, issue: string): Promise<IssueRow | undefined> {
      return (await repo.issueRow(db, gameCode, issue)) as IssueRow | undefined;
    },

    /** Open issues of official games whose draw is older than `before`: their result never came. */
    async overdueOfficial(before: Date): Promise<{ game_code: string; issue: string }[]> {
      return repo.overdueOfficialIssues(db, before);
    },

    /** The open issues of a game after `now`, soonest first. */
    async upcoming(gameCode: string, now: Date, limit = ISSUES_AHEAD): Promise<IssueRow[]> {
      return (await repo.upcomingIssues(db, gameCode, now, limit)) as IssueRow[];
    },

    /** Drawn and cancelled issues of a game, newest first. */
    async opened(gameCode: string, pageNo: number, pageSize: number) {
      const { count, list: rows } = await repo.openedIssues(db, gameCode, pageNo, pageSize);
      const list = rows as IssueRow[];
      return { list, total: Number(count?.n ?? 0) };
    },
  };
}

export type LotteryDraws = ReturnType<typeof createLotteryDraws>;
export type { IssueRow };
