import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database, LotteryIssueTable } from '../../db/schema.js';

type Db = Kysely<Database>;

/** Inserts the issues not scheduled yet (a scheduled one is left as it is); returns the new rows. */
export function insertIssues(db: Db, rows: Insertable<LotteryIssueTable>[]) {
  return db
    .insertInto('lottery_issue')
    .values(rows)
    .onConflict((oc) => oc.columns(['game_code', 'issue']).doNothing())
    .returningAll()
    .execute();
}

/** Open issues due at `now` (a batch), official games' excepted: they wait for the operator's result. */
export function dueIssues(db: Db, now: Date) {
  return (
    db
      .selectFrom('lottery_issue')
      .select(['game_code', 'issue', 'server_seed'])
      .where('status', '=', 'open')
      .where('draw_at', '<=', now)
      // An official game's issues wait for the operator's result.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('lottery_game_setting as s')
              .select('s.game_code')
              .whereRef('s.game_code', '=', 'lottery_issue.game_code')
              .where('s.official', '=', true),
          ),
        ),
      )
      .orderBy('draw_at')
      .limit(500)
      .execute()
  );
}

/** Records a house draw on an issue still open; the drawn row, or undefined. */
export function recordDraw(
  db: Db,
  gameCode: string,
  issue: string,
  result: { numbers: string[]; prizes?: unknown },
) {
  return db
    .updateTable('lottery_issue')
    .set({
      status: 'drawn',
      numbers: JSON.stringify(result.numbers),
      prizes: result.prizes ? JSON.stringify(result.prizes) : null,
      drawn_at: sql<Date>`now()`,
    })
    .where('game_code', '=', gameCode)
    .where('issue', '=', issue)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

export function officialGameCodes(db: Db) {
  return db.selectFrom('lottery_game_setting').select('game_code').where('official', '=', true).execute();
}

/** Marks a game official or not; a row back when it changed. */
export function upsertOfficial(db: Db, gameCode: string, official: boolean, by: string) {
  return db
    .insertInto('lottery_game_setting')
    .values({ game_code: gameCode, official, updated_by: by })
    .onConflict((oc) =>
      oc
        .column('game_code')
        .doUpdateSet({ official, updated_by: by, updated_at: sql<Date>`now()` })
        .where('lottery_game_setting.official', '!=', official),
    )
    .returning('game_code')
    .executeTakeFirst();
}

/** Records an official result on an open issue whose draw time has come; the drawn row, or undefined. */
export function recordOfficialResult(
  db: Db,
  gameCode: string,
  issue: string,
  draw: { numbers: string[]; prizes?: unknown },
  by: string,
  now: Date,
) {
  return db
    .updateTable('lottery_issue')
    .set({
      status: 'drawn',
      source: 'official',
      entered_by: by,
      numbers: JSON.stringify(draw.numbers),
      prizes: draw.prizes ? JSON.stringify(draw.prizes) : null,
      drawn_at: sql<Date>`now()`,
    })
    .where('game_code', '=', gameCode)
    .where('issue', '=', issue)
    .where('status', '=', 'open')
    .where('draw_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

export function issueRow(db: Db, gameCode: string, issue: string) {
  return db
    .selectFrom('lottery_issue')
    .selectAll()
    .where('game_code', '=', gameCode)
    .where('issue', '=', issue)
    .executeTakeFirst();
}

/** Open issues of official games whose draw is older than `before` (a batch). */
export function overdueOfficialIssues(db: Db, before: Date) {
  return db
    .selectFrom('lottery_issue as i')
    .innerJoin('lottery_game_setting as s', 's.game_code', 'i.game_code')
    .select(['i.game_code', 'i.issue'])
    .where('s.official', '=', true)
    .where('i.status', '=', 'open')
    .where('i.draw_at', '<', before)
    .orderBy('i.draw_at')
    .limit(100)
    .execute();
}

export function upcomingIssues(db: Db, gameCode: string, now: Date, limit: number) {
  return db
    .selectFrom('lottery_issue')
    .selectAll()
    .where('game_code', '=', gameCode)
    .where('status', '=', 'open')
    .where('draw_at', '>', now)
    .orderBy('draw_at')
    .limit(limit)
    .execute();
}

/** A page of a game's drawn and cancelled issues, newest first, with their count. */
export async function openedIssues(db: Db, gameCode: string, pageNo: number, pageSize: number) {
  const base = db.selectFrom('lottery_issue').where('game_code', '=', gameCode).where('status', '!=', 'open');
  const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const list = await base
    .selectAll()
    .orderBy('draw_at', 'desc')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  return { count, list };
}
