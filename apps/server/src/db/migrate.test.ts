import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import type { DatabaseHandle } from './database.js';
import { MigrationError, migrateToLatest, pendingMigrations } from './migrate.js';
import { migrations } from './migrations/index.js';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe('migrations', () => {
  it('apply in order once, and a second run applies nothing', async () => {
    handle = await createTestDatabase();
    expect(await migrateToLatest(handle.db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(handle.db)).toEqual([]);
    expect(await pendingMigrations(handle.db)).toEqual([]);
  });

  it('are named YYYYMMDDHHmm_verb_object and listed in order', () => {
    const names = Object.keys(migrations);
    for (const name of names) expect(name).toMatch(/^\d{12}_[a-z]+(_[a-z]+)+$/);
    expect([...names].sort()).toEqual(names);
  });

  it('stop at a failing migration, name it, and leave its changes rolled back', async () => {
    handle = await createTestDatabase();
    const broken = {
      ...migrations,
      '209901010000_add_broken': {
        up: async (db: Kysely<unknown>) => {
          await sql`create table half_done (id int)`.execute(db);
          await sql`select * from table_that_does_not_exist`.execute(db);
        },
      },
    };
    const error = await migrateToLatest(handle.db, broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).migration).toBe('209901010000_add_broken');
    expect((error as Error).message).toContain('table_that_does_not_exist');
    const exists = await sql<{ t: string | null }>`select to_regclass('half_done')::text as t`.execute(
      handle.db,
    );
    expect(exists.rows[0]?.t).toBeNull();
  });
});
