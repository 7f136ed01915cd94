import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type LineNode,
  RATE_SCALE,
  type Tier,
  dividendAmount,
  netAmounts,
  payLine,
  pickTier,
  realtimeRoundAmount,
  salaryAmount,
  stopDescending,
  tiersWithin,
} from './index.js';

const tier = (
  minBet: bigint,
  activeMembers: number,
  rate: bigint,
  rateType: 'P' | 'F' = 'P',
  minLoss = 0n,
): Tier => ({
  minBet,
  minLoss,
  activeMembers,
  rateType,
  rate,
});

describe('tier choice and amounts', () => {
  const table = [tier(100_000n, 1, 10_000n), tier(1_000_000n, 3, 15_000n), tier(5_000_000n, 5, 20_000n)];

  it('takes the highest tier whose every threshold is reached', () => {
    expect(pickTier(table, { validBet: 2_000_000n, profitLoss: 0n, activeMembers: 3 })).toBe(1);
    // Volume for tier 2 but too few active members: the active-member rule keeps it at tier 1.
    expect(pickTier(table, { validBet: 9_000_000n, profitLoss: 0n, activeMembers: 4 })).toBe(1);
    expect(pickTier(table, { validBet: 99_999n, profitLoss: 0n, activeMembers: 9 })).toBe(-1);
  });

  it('pays a percentage of valid bets, floored to the minor unit, or a fixed amount', () => {
    expect(salaryAmount(table, { validBet: 1_234_567n, profitLoss: 0n, activeMembers: 3 })).toEqual({
      tier: 1,
      amount: 18_518n, // 1,234,567 × 1.5 % = 18,518.505
      carryOut: 0n,
    });
    expect(
      salaryAmount([tier(0n, 0, 5_000n, 'F')], { validBet: 1n, profitLoss: 0n, activeMembers: 0 }).amount,
    ).toBe(5_000n);
  });

  it('pays dividends only on a team loss, and carries a won period when the brand says so', () => {
    const div = [tier(0n, 0, 100_000n, 'P', 0n), tier(0n, 0, 200_000n, 'P', 1_000_000n)];
    const lost = { validBet: 5_000_000n, profitLoss: -2_000_000n, activeMembers: 2 };
    expect(dividendAmount(div, lost, 0n, 'none')).toEqual({ tier: 1, amount: 400_000n, carryOut: 0n });
    const won = { ...lost, profitLoss: 700_000n };
    expect(dividendAmount(div, won, 0n, 'none')).toEqual({ tier: -1, amount: 0n, carryOut: 0n });
    expect(dividendAmount(div, won, 0n, 'profit')).toEqual({ tier: -1, amount: 0n, carryOut: 700_000n });
    // The carried 700,000 offsets the next loss: 2,000,000 − 700,000 = 1,300,000 at tier 1.
    expect(dividendAmount(div, lost, 700_000n, 'profit')).toEqual({
      tier: 1,
      amount: 260_000n,
      carryOut: 0n,
    });
    expect(dividendAmount(div, lost, 700_000n, 'none').amount).toBe(400_000n);
  });

  it('real-time salary: profit rate on a win, loss rate on a loss, single-bet rate on every stake', () => {
    const r = { winRate: 10_000n, lossRate: 20_000n, betRate: 1_000n };
    expect(realtimeRoundAmount(10_000n, 30_000n, r)).toBe(10n + 200n);
    expect(realtimeRoundAmount(10_000n, 0n, r)).toBe(10n + 200n);
    expect(realtimeRoundAmount(10_000n, 10_000n, r)).toBe(10n);
  });

  it('keeps a downline table within its upline', () => {
    const up = [tier(0n, 0, 20_000n), tier(0n, 0, 1_000n, 'F')];
    expect(tiersWithin([tier(0n, 0, 20_000n)], up)).toBe(true);
    expect(tiersWithin([tier(0n, 0, 20_001n)], up)).toBe(false);
    expect(tiersWithin([tier(0n, 0, 1_001n, 'F')], up)).toBe(false);
    expect(tiersWithin([tier(0n, 0, 1n, 'F')], [tier(0n, 0, 5n)])).toBe(false);
  });
});

/** A random contract tree: node i is paid by a lower-numbered node, or by the platform. */
const lineArb = fc
  .array(fc.tuple(fc.nat(), fc.boolean(), fc.bigInt({ min: 0n, max: 1_000_000n })), {
    minLength: 1,
    maxLength: 30,
  })
  .map((rows) =>
    rows.map(([p, top, amount], i): LineNode => ({
      id: `a${i}`,
      payer: i === 0 || top ? null : `a${p % i}`,
      amount,
    })),
  );

describe('upline pays the difference', () => {
  it('every holder nets its amount minus its downlines’, and the platform pays the top holders', () => {
    fc.assert(
      fc.property(lineArb, (nodes) => {
        const net = netAmounts(nodes);
        const total = [...net.values()].reduce((a, b) => a + b, 0n);
        const tops = nodes.filter((n) => n.payer === null).reduce((a, n) => a + n.amount, 0n);
        expect(total).toBe(tops);
        for (const n of nodes) {
          const below = nodes.filter((c) => c.payer === n.id).reduce((a, c) => a + c.amount, 0n);
          expect(net.get(n.id)).toBe(n.amount - below);
        }
      }),
    );
  });

  it('pays top-down from balances: money is conserved, nobody overdraws, bills are issued/partial/insufficient', () => {
    fc.assert(
      fc.property(
        lineArb,
        fc.array(fc.bigInt({ min: 0n, max: 2_000_000n }), { minLength: 30, maxLength: 30 }),
        (raw, funds) => {
          const nodes = stopDescending(raw);
          const balances = new Map(nodes.map((n, i) => [n.id, funds[i]!]));
          const { payments, balances: after } = payLine(nodes, balances);
          const before = [...balances.values()].reduce((a, b) => a + b, 0n);
          const platform = payments.filter((p) => p.payer === null).reduce((a, p) => a + p.paid, 0n);
          expect([...after.values()].reduce((a, b) => a + b, 0n)).toBe(before + platform);
          for (const v of after.values()) expect(v >= 0n).toBe(true);
          for (const p of payments) {
            expect(p.paid <= p.owed).toBe(true);
            if (p.payer === null) expect(p.paid).toBe(p.owed);
            if (p.status === 'issued') expect(p.paid).toBe(p.owed);
            if (p.status === 'insufficient') expect(p.paid).toBe(0n);
          }
          // With enough money everywhere, every bill is issued and nets match netAmounts.
          const rich = new Map(nodes.map((n) => [n.id, 10n ** 12n]));
          const full = payLine(nodes, rich);
          const net = netAmounts(nodes);
          for (const n of nodes) expect(full.balances.get(n.id)! - 10n ** 12n).toBe(net.get(n.id));
        },
      ),
    );
  });

  it('stops the descent below a holder that reached nothing', () => {
    const nodes = stopDescending([
      { id: 'a', payer: null, amount: 0n },
      { id: 'b', payer: 'a', amount: 50n },
      { id: 'c', payer: 'b', amount: 20n },
      { id: 'd', payer: null, amount: 10n },
    ]);
    expect(nodes.map((n) => [n.id, n.amount])).toEqual([
      ['a', 0n],
      ['d', 10n],
      ['b', 0n],
      ['c', 0n],
    ]);
  });

  it('floors every share: the sum of amounts never exceeds the exact product', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: RATE_SCALE }),
        (bet, rate) => {
          const a = salaryAmount([tier(0n, 0, rate)], {
            validBet: bet,
            profitLoss: 0n,
            activeMembers: 0,
          }).amount;
          expect(a * RATE_SCALE <= bet * rate).toBe(true);
          expect((a + 1n) * RATE_SCALE > bet * rate).toBe(true);
        },
      ),
    );
  });
});
