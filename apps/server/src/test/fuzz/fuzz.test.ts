import { allRoutes } from '@arcadia/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../seeds/seed.js';
import { checkLedger } from '../../modules/ledger/ledger.check.js';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../build-test-app.js';
import { type CaseOptions, callerKinds, keepBrandOpen, routeCases } from './cases.js';
import { FuzzSession, FuzzStats, type Transport } from './session.js';

/**
 * Every route of the contract (`allRoutes`: a new route joins by itself), as each kind of caller,
 * with inputs derived from its zod schemas and hostile mutations of them (cases.ts). Every reply
 * must be an envelope, never a 5xx, a refusal must carry a catalogue code with its status, and a
 * refused call must leave the ledger as it was; after the run the ledger's invariants hold.
 * `FUZZ_RUNS` (cases per route and caller, default 2) and `FUZZ_SEED` make a longer or a replayed
 * run; `npm run bench -- fuzz` sends a hundred thousand over HTTP.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const options: CaseOptions = {
  headerControlCharacters: true,
  hints: { merchantCode: fc.constant('demo') },
  adjustBody: keepBrandOpen,
};

let t: TestApp;
let session: FuzzSession;
const stats = new FuzzStats();

// A fresh database, three logins and a game launch: on a busy machine, longer than the default hook time.
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  const transport: Transport = async (request) => {
    const res = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
      remoteAddress: request.client,
    });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
  };
  session = await FuzzSession.open({
    transport,
    routes: allRoutes,
    member: demoAccounts.player,
    agent: demoAccounts.agent,
    operator: demoAccounts.operator,
    opsKey: TEST_OPS_KEY,
    merchant: 'demo',
    ledgerFootprint: async () => {
      const { rows } = await sql<{ footprint: string }>`
        select (select count(*) from ledger_transaction) || '/' || (select count(*) from ledger_entry)
          || '/' || (select coalesce(sum(balance), 0) from ledger_account where kind <> 'system') as footprint`.execute(
        t.db,
      );
      return rows[0]!.footprint;
    },
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe.each(callerKinds)('every route as %s', (caller) => {
  it('answers every input with an envelope and never a 5xx; a refused call moves no money', async () => {
    for (const [index, route] of allRoutes.entries()) {
      await fc.assert(
        fc.asyncProperty(routeCases(route, index, caller, options), async (c) => {
          const sent = await session.send(c);
          stats.add(c, sent);
          if (sent.problem !== null) {
            throw new Error(
              `${sent.request.method} ${sent.request.url.slice(0, 300)} [${c.mutation}]: ${sent.problem}`,
            );
          }
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    }
  }, 120_000);
});

describe('after the run', () => {
  it('sent every route something, and the ledger is sound', async () => {
    expect(stats.requests).toBeGreaterThanOrEqual(allRoutes.length * callerKinds.length * RUNS);
    expect(stats.fiveXx).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
