import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';
import { fundedMember, vendorCaller } from '../../test/factories/bets.js';

/*
 * Random sequences of bets, wins, rollbacks (of known and unknown bets) and replays from two
 * vendors, sent a few at a time concurrently so they share batches. Afterwards, whatever the
 * outcomes were: both rollups equal the sums over the bet rows, each member's wallet moved by
 * exactly payout − stake over its bet rows, and the ledger checks clean.
 */

type Op =
  | { type: 'bet'; member: number; vendor: number; round: number; amount: number }
  | { type: 'win'; pick: number; amount: number; closed: boolean }
  | { type: 'rollback'; pick: number; unknown: boolean }
  | { type: 'replay'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('bet' as const),
      member: fc.integer({ min: 0, max: 2 }),
      vendor: fc.integer({ min: 0, max: 1 }),
      round: fc.integer({ min: 0, max: 5 }),
      amount: fc.integer({ min: 1, max: 2_000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('win' as const),
      pick: fc.nat(),
      amount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 })),
      closed: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('rollback' as const), pick: fc.nat(), unknown: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('replay' as const), pick: fc.nat() }) },
);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: false });
});
afterAll(() => t.close());

describe('member rollups', () => {
  it('always equal the sums over bet rows, and wallets move by payout − stake', async () => {
    const vendors = [await vendorCaller(t, 'house'), await vendorCaller(t, 'acme')];
    let runNo = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 24 }), async (ops) => {
        runNo++;
        const opening = 3_000n;
        const members = await Promise.all([0, 1, 2].map(() => fundedMember(t, opening)));
        const tokens = await Promise.all(vendors.map((v) => Promise.all(members.map((m) => v.session(m)))));
        const bets: { vendor: number; member: number; tx: string; round: string }[] = [];
        const sent: { vendor: number; op: string; body: Record<string, unknown> }[] = [];

        const toCall = (op: Op): { vendor: number; op: string; body: Record<string, unknown> } | null => {
          const id = randomUUID();
          if (op.type === 'bet') {
            const round = `r${runNo}-${op.vendor}-${op.member}-${op.round}`;
            const tx = `b-${id}`;
            bets.push({ vendor: op.vendor, member: op.member, tx, round });
            return {
              vendor: op.vendor,
              op: 'bet',
              body: {
                request_id: id,
                transaction_id: tx,
                player_id: members[op.member],
                session_token: tokens[op.vendor]![op.member],
                round_id: round,
                game_code: op.vendor === 0 ? 'dice' : 'slot',
                amount: String(op.amount),
                currency: 'USD',
              },
            };
          }
          if (op.type === 'replay') {
            return sent.length ? sent[op.pick % sent.length]! : null;
          }
          if (bets.length === 0) return null;
          const b = bets[op.pick % bets.length]!;
          if (op.type === 'win') {
            return {
              vendor: b.vendor,
              op: 'win',
              body: {
                request_id: id,
                transaction_id: `w-${id}`,
                player_id: members[b.member],
                round_id: b.round,
                game_code: b.vendor === 0 ? 'dice' : 'slot',
                amount: String(op.amount),
                currency: 'USD',
                round_closed: op.closed,
              },
            };
          }
          return {
            vendor: b.vendor,
            op: 'rollback',
            body: {
              request_id: id,
              transaction_id: `x-${id}`,
              ref_transaction_id: op.unknown ? `b-${randomUUID()}` : b.tx,
              player_id: members[b.member],
              round_id: b.round,
            },
          };
        };

        // Up to four calls at once: they meet in the same batches.
        for (let i = 0; i < ops.length; i += 4) {
          const calls = ops
            .slice(i, i + 4)
            .map(toCall)
            .filter((c) => c !== null);
          const replies = await Promise.all(calls.map((c) => vendors[c.vendor]!.call(c.op, c.body)));
          for (const r of replies) expect(r.body.status).not.toBe('INTERNAL_ERROR');
          sent.push(...calls);
        }

        for (const [table, period] of [
          ['member_stat_daily', sql`(b.placed_at at time zone 'UTC')::date`],
          ['member_stat_hourly', sql`date_trunc('hour', b.placed_at at time zone 'UTC') at time zone 'UTC'`],
        ] as const) {
          const periodCol = table === 'member_stat_daily' ? sql.raw('s.day') : sql.raw('s.hour');
          const { rows } = await sql<{ diff: string }>`
            with expected as (
              select b.member_id, ${period} as period, b.game_type, b.vassalage,
                     count(*) filter (where b.status <> 'void') as bet_count,
                     sum(b.stake) as stake, sum(b.valid_bet) as valid_bet, sum(b.payout) as payout
              from bet b where b.member_id in (${sql.join(members)}) group by 1, 2, 3, 4
              having count(*) filter (where b.status <> 'void') <> 0 or sum(b.stake) <> 0 or sum(b.payout) <> 0),
            actual as (
              select s.member_id, ${periodCol} as period, s.game_type, s.vassalage,
                     s.bet_count::bigint as bet_count, s.stake, s.valid_bet, s.payout
              from ${sql.table(table)} s where s.member_id in (${sql.join(members)})
                and (s.bet_count <> 0 or s.stake <> 0 or s.valid_bet <> 0 or s.payout <> 0))
            select count(*)::text as diff from (
              (select * from expected except select * from actual)
              union all (select * from actual except select * from expected)) d`.execute(t.db);
          expect(rows[0]!.diff, table).toBe('0');
        }

        for (const m of members) {
          const { rows } = await sql<{ balance: string; net: string }>`
            select (select balance from ledger_account where owner_id = ${m} and kind = 'main')::text as balance,
                   (select coalesce(sum(payout - stake), 0) from bet where member_id = ${m})::text as net`.execute(
            t.db,
          );
          expect(BigInt(rows[0]!.balance)).toBe(opening + BigInt(rows[0]!.net));
        }
        expect(await checkLedger(t.db)).toEqual([]);
      }),
      { numRuns: 25 },
    );
    // 25 random runs of up to 24 callbacks each.
  }, 180_000);
});
