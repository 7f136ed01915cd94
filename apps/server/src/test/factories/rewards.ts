import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Config } from '../../config.js';
import { type TestApp, buildTestApp } from '../build-test-app.js';
import { checkLedger } from '../../modules/ledger/index.js';
import { TEAM_PASSWORD, addMember } from './agent.js';

/**
 * The rewards tests' app: the real application on a fresh database with the demo brand, handed to
 * `ready` before the tests run, closed after them, and the ledger checked after every test.
 */
export function onRewardsApp(ready: (t: TestApp, merchantId: number) => void, config?: Partial<Config>) {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ demo: true, ...(config ? { config } : {}) });
    ready(app, await demoMerchantId(app));
  }, 120_000);
  afterAll(() => app.close());
  afterEach(async () => {
    expect(await checkLedger(app.db)).toEqual([]);
  });
}

/** The demo brand's id. */
export async function demoMerchantId(t: TestApp): Promise<number> {
  return (await t.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
    .id;
}

let seq = 0;
/** A new member of the demo brand, logged in (its account is `<prefix><n>_<random>`). */
export async function loggedInMember(t: TestApp, merchantId: number, prefix: string) {
  seq += 1;
  const account = `${prefix}${seq}_${Math.random().toString(36).slice(2, 7)}`;
  const id = await addMember(t.db, merchantId, account, 0, null);
  return { id, account, token: await t.login(account, TEAM_PASSWORD) };
}

/** The member's main-wallet balance in minor units (0 before it has a wallet). */
export async function mainBalance(t: TestApp, memberId: string): Promise<bigint> {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_id', '=', memberId)
    .where('kind', '=', 'main')
    .executeTakeFirst();
  return BigInt(row?.balance ?? 0);
}
