import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import type { DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';
import {
  type SchemaDifference,
  type Tables,
  compareSchema,
  readDatabaseTables,
  readSchemaTables,
} from './schema-compare.js';

const rawSql =
  'read and written only through `sql` queries with the module’s own row type, never through Kysely';

/** Differences that are meant, each with its reason. */
const known: (SchemaDifference & { reason: string })[] = [
  { where: 'schema_migration', problem: 'table only in the database', reason: 'the migrator’s own table' },
  {
    where: 'schema_migration_lock',
    problem: 'table only in the database',
    reason: 'the migrator’s own table',
  },
  // Brand report rollups (brand_report_refresh), modules/ops-reports.
  { where: 'brand_day', problem: 'table only in the database', reason: rawSql },
  { where: 'brand_game_day', problem: 'table only in the database', reason: rawSql },
  // Team rollups (team_rollup_refresh), modules/agent and modules/contracts.
  { where: 'team_day', problem: 'table only in the database', reason: rawSql },
  { where: 'team_day_game', problem: 'table only in the database', reason: rawSql },
  { where: 'team_period', problem: 'table only in the database', reason: rawSql },
  { where: 'team_summary', problem: 'table only in the database', reason: rawSql },
  { where: 'team_rollup_state', problem: 'table only in the database', reason: rawSql },
  // modules/rewards.
  { where: 'points_day', problem: 'table only in the database', reason: rawSql },
  { where: 'raffle', problem: 'table only in the database', reason: rawSql },
  { where: 'raffle_entry', problem: 'table only in the database', reason: rawSql },
  { where: 'raffle_prize', problem: 'table only in the database', reason: rawSql },
  // modules/risk.
  { where: 'risk_flag', problem: 'table only in the database', reason: rawSql },
  { where: 'risk_scan', problem: 'table only in the database', reason: rawSql },
];

let handle: DatabaseHandle;
let code: Tables;
beforeAll(async () => {
  handle = await createTestDatabase();
  await migrateToLatest(handle.db);
});
// The TypeScript program over schema.ts and its imports takes a while on a busy machine.
beforeAll(() => {
  code = readSchemaTables();
}, 180_000);
afterAll(() => handle.close());

class Rollback extends Error {}

describe('db/schema.ts', () => {
  it('types every table and column of the migrated database, with its nullability', async () => {
    const found = compareSchema(code, await readDatabaseTables(handle.db), known);
    expect(
      found.map((d) => `${d.where}: ${d.problem}`),
      'db/schema.ts differs from the migrated database: type the change in schema.ts',
    ).toEqual([]);
  });

  it('every known difference still exists', async () => {
    const found = compareSchema(code, await readDatabaseTables(handle.db));
    for (const k of known) expect(found).toContainEqual({ where: k.where, problem: k.problem });
  });

  it('the comparison names each table, column and nullability that differs', async () => {
    let database: Tables | undefined;
    // The changes are made in a transaction that is rolled back: DDL is transactional.
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`alter table member add column nickname_2 text`.execute(trx);
        await sql`alter table member alter column email set not null`.execute(trx);
        await sql`alter table member alter column account drop not null`.execute(trx);
        await sql`alter table session drop column login_type`.execute(trx);
        await sql`create table extra_table (id int)`.execute(trx);
        database = await readDatabaseTables(trx);
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
    const typed = new Map(code);
    typed.set('extra_view', new Map([['id', false]]));
    expect(compareSchema(typed, database!, known)).toEqual([
      { where: 'extra_table', problem: 'table only in the database' },
      { where: 'member.account', problem: 'nullable in the database, not in schema.ts' },
      { where: 'member.email', problem: 'nullable in schema.ts, not in the database' },
      { where: 'member.nickname_2', problem: 'column only in the database' },
      { where: 'session.login_type', problem: 'column only in schema.ts' },
      { where: 'extra_view', problem: 'table only in schema.ts' },
    ]);
  });
});
