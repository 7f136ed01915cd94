import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from '../build-test-app.js';
import { checkLedger } from '../../modules/ledger/index.js';

/** After each card-room test: the ledger holds, and the escrow holds exactly the chips of the seats not yet left. */
export async function expectRoomsBalanced(t: TestApp) {
  expect(await checkLedger(t.db)).toEqual([]);
  const { rows } = await sql<{ escrow: string | null; stacks: string | null }>`
    select (select sum(e.amount) from ledger_entry e join ledger_account a on a.id = e.account_id
            where a.code = 'pvp_escrow') as escrow,
           (select sum(stack) from pvp_seat where status <> 'left') as stacks`.execute(t.db);
  expect(BigInt(rows[0]!.escrow ?? 0)).toBe(BigInt(rows[0]!.stacks ?? 0));
}
