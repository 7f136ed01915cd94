import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import type { DatabaseHandle } from './database.js';
import {
  type CodeDrift,
  compareCode,
  describeDrift,
  readCodeFiles,
  readDatabaseCode,
} from './function-files.js';
import { migrateToLatest } from './migrate.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await migrateToLatest(handle.db);
});
afterAll(() => handle.close());

class Rollback extends Error {}

describe('db/functions/', () => {
  it('holds every function and trigger exactly as the migrations leave them', async () => {
    const problems = describeDrift(compareCode(await readDatabaseCode(handle.db), readCodeFiles()));
    expect(
      problems,
      `db/functions/ differs from the migrated database; run \`npm run db:functions\` and review the diff:\n${problems.join('\n')}`,
    ).toEqual([]);
  });

  it('the comparison names each function and trigger changed, added or dropped behind the files', async () => {
    // The changes are made in a transaction that is rolled back: DDL is transactional.
    let drift: CodeDrift | undefined;
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`
          create or replace function ledger_append_only() returns trigger language plpgsql as $$
          begin
            return null;
          end $$`.execute(trx);
        await sql`drop trigger operator_audit_no_truncate on operator_audit`.execute(trx);
        await sql`
          create trigger ledger_entry_extra before delete on ledger_entry
          for each statement execute function ledger_append_only()`.execute(trx);
        drift = compareCode(await readDatabaseCode(trx), readCodeFiles());
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
    expect(drift).toEqual({
      changed: ['ledger_append_only'],
      missing: ['trigger ledger_entry.ledger_entry_extra'],
      gone: ['trigger operator_audit.operator_audit_no_truncate'],
    });
  });
});
