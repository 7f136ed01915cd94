import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMain } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';

/**
 * Model-based, concurrent: random batches of transfers (fixed amounts and "ALL"), replays of
 * earlier requests, and reuse of a key for a different request, fired at once. Whatever order
 * the database picks, after every batch: the ledger's invariants hold, each member's money is
 * conserved (transfers stay inside the member), no key has two transactions, every success was
 * applied exactly once, and every replay saw its original's transaction.
 */
let t: TestApp;
const members: { id: string; token: string }[] = [];
const START = 50_000n;

beforeAll(async () => {
  t = await buildTestApp({ demo: false });
  for (let i = 0; i < 3; i++) {
    const res = await t.encrypted('PUT', '/wps/member/register', {
      username: `prop${i}user`,
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    const { id, token } = res.json().value;
    await fundMain(t.db, id, START);
    members.push({ id, token });
  }
});
afterAll(() => t.close());

type Op =
  | { type: 'transfer'; member: number; out: boolean; amount: string }
  | { type: 'replay'; pick: number }
  | { type: 'conflict'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('transfer' as const),
      member: fc.integer({ min: 0, max: 2 }),
      out: fc.boolean(),
      amount: fc.oneof(
        fc.constant('ALL'),
        fc.integer({ min: 1, max: 30_000 }).map((c) => (c / 100).toFixed(2)),
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('replay' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('conflict' as const), pick: fc.nat() }) },
);

interface Sent {
  key: string;
  member: number;
  body: Record<string, unknown>;
}
const history: Sent[] = [];
let seq = 0;

function send(sent: Sent) {
  return t.app.inject({
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    payload: sent.body,
    headers: { authorization: members[sent.member]!.token },
  });
}

async function memberTotal(id: string) {
  const r = await sql<{ total: string }>`
    select coalesce(sum(balance), 0)::text as total from ledger_account where owner_id = ${id}`.execute(t.db);
  return BigInt(r.rows[0]!.total);
}

describe('wallet under concurrent, repeated and conflicting requests', () => {
  it('keeps every invariant after every batch', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 16 }), async (ops) => {
        const batch: { sent: Sent; kind: Op['type']; original?: string | undefined }[] = [];
        const firstIds = new Map<string, string>();
        for (const op of ops) {
          if (op.type === 'transfer' || history.length === 0) {
            const o = op.type === 'transfer' ? op : { member: 0, out: true, amount: '1.00' };
            const key = `prop-${++seq}-${Date.now()}`;
            const body = {
              fromWallet: o.out ? 'MAIN' : 'PT',
              toWallet: o.out ? 'PT' : 'MAIN',
              amount: o.amount,
              requestId: key,
            };
            batch.push({ sent: { key, member: o.member, body }, kind: 'transfer' });
          } else {
            const earlier = history[op.pick % history.length]!;
            const body =
              op.type === 'replay'
                ? earlier.body
                : { ...earlier.body, amount: earlier.body.amount === '0.01' ? '0.02' : '0.01' };
            batch.push({ sent: { ...earlier, body }, kind: op.type });
          }
        }
        const before = Number(
          (
            await t.db
              .selectFrom('ledger_transaction')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
        const replies = await Promise.all(batch.map((b) => send(b.sent)));
        let applied = 0;
        replies.forEach((res, i) => {
          const b = batch[i]!;
          const body = res.json();
          if (res.statusCode === 200) {
            if (!body.value.replayed) applied++;
            const seen = firstIds.get(b.sent.key);
            if (seen) expect(body.value.transactionId).toBe(seen);
            else firstIds.set(b.sent.key, body.value.transactionId);
          } else {
            expect(['wallet.insufficient', 'duplicate.request']).toContain(body.code);
            if (b.kind === 'conflict') expect([409, 400]).toContain(res.statusCode);
          }
          if (b.kind === 'transfer') history.push(b.sent);
        });
        const after = Number(
          (
            await t.db
              .selectFrom('ledger_transaction')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
        expect(after - before).toBe(applied);
        expect(await checkLedger(t.db)).toEqual([]);
        for (const m of members) expect(await memberTotal(m.id)).toBe(START);
        const dupKeys = await sql<{ n: string }>`
          select count(*)::text as n from (select idempotency_key from ledger_transaction group by merchant_id, idempotency_key having count(*) > 1) d`.execute(
          t.db,
        );
        expect(dupKeys.rows[0]!.n).toBe('0');
      }),
      { numRuns: 25 },
    );
  });
});
