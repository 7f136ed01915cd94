import type { ContractKindName } from '@arcadia/contract';
import {
  type LineNode,
  type TeamFigures,
  billStatus,
  dividendAmount,
  salaryAmount,
  stopDescending,
} from '@arcadia/games';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Brand } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { DomainEventBus } from '../../lib/domain-events.js';
import type { RealtimeHub } from '../realtime/index.js';
import type { ContractsRepository, FiguresRow } from './contracts.repository.js';
import {
  type StoredTerms,
  contractSettings,
  kindEnabled,
  kindInfo,
  ratesOf,
  tiersOf,
} from './contracts.terms.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const REALTIME_WINDOW_MS = 5 * MINUTE;
/** How long after a day ends its late-settled rounds may still arrive before it is settled. */
export const ROLLUP_GRACE_MS = 10 * MINUTE;

const dayText = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** A settlement period: [start, end), and its code (the dividend period letter, '' otherwise). */
export interface Period {
  start: Date;
  end: Date;
  code: string;
}

/** The dividend period of type `code` that contains `at`. */
export function dividendPeriod(code: string, at: Date): Period {
  const day = utcDay(at);
  const y = day.getUTCFullYear();
  const m = day.getUTCMonth();
  if (code === 'D') return { start: day, end: new Date(day.getTime() + DAY), code };
  if (code === 'W') {
    const start = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
    return { start, end: new Date(start.getTime() + 7 * DAY), code };
  }
  if (code === 'H') {
    return day.getUTCDate() < 16
      ? { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m, 16)), code }
      : { start: new Date(Date.UTC(y, m, 16)), end: new Date(Date.UTC(y, m + 1, 1)), code };
  }
  return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)), code };
}

/** The ended periods a run looks at (most recent last); those already done are skipped. */
export function endedPeriods(kind: ContractKindName, now: Date): Period[] {
  const out: Period[] = [];
  if (kind === 'realtime' || kind === 'hourly') {
    const size = kind === 'realtime' ? REALTIME_WINDOW_MS : HOUR;
    const count = kind === 'realtime' ? 12 : 24;
    const last = Math.floor(now.getTime() / size) * size;
    for (let i = count; i >= 1; i--)
      out.push({ start: new Date(last - i * size), end: new Date(last - (i - 1) * size), code: '' });
    return out;
  }
  if (kind === 'daily') {
    const today = utcDay(now).getTime();
    for (let i = 3; i >= 1; i--)
      out.push({ start: new Date(today - i * DAY), end: new Date(today - (i - 1) * DAY), code: '' });
    return out;
  }
  for (const code of ['D', 'W', 'H', 'M']) {
    const current = dividendPeriod(code, now);
    const previous = dividendPeriod(code, new Date(current.start.getTime() - 1));
    out.push(previous);
  }
  return out;
}

export interface SettleResult {
  periods: number;
  bills: number;
  payments: number;
}

/**
 * Settlement of every kind (docs/contracts.md "Settlement"). Idempotent: a period is computed once
 * (`contract_period_done` in the same transaction as its bills, one bill per (contract version,
 * period start)); a payment is one ledger posting keyed by (kind, contract version, period start,
 * payee, amount already paid), made under the bill's row lock. Reruns and parallel instances pay
 * nothing twice.
 */
export function createContractsSettlement(deps: {
  repository: ContractsRepository;
  ledger: LedgerService;
  hub?: RealtimeHub | undefined;
  /** Told `rollups.stale` before a settlement reads the team rollups (`team_day`); the agent module refreshes them. */
  events: DomainEventBus;
  activeThreshold: (brand: Brand) => bigint;
  /** The schedules' clock: "now" of a run without an explicit one (src/lib/clock.ts). */
  clock: Clock;
}) {
  const { repository, ledger } = deps;

  const fig = (r: FiguresRow | undefined): TeamFigures => ({
    validBet: BigInt(r?.valid_bet ?? '0'),
    profitLoss: BigInt(r?.profit_loss ?? '0'),
    activeMembers: Number(r?.active_members ?? 0),
  });

  /** Computes the bills of one period (once); returns how many it wrote, or -1 when already done. */
  async function computePeriod(brand: Brand, kind: ContractKindName, p: Period): Promise<number> {
    return ledger.transaction(async (tx) => {
      if (!(await repository.claimPeriod(tx, brand.id, kind, p.code, p.start))) return -1;
      const holders = await repository.holdersAt(
        tx,
        brand.id,
        kind,
        p.start,
        kind === 'dividend' ? p.code : null,
      );
      if (holders.length === 0) return 0;
      const ids = holders.map((h) => h.member_id);
      const threshold = deps.activeThreshold(brand);
      const figures = new Map<string, TeamFigures>();
      const realtime = new Map<string, { paid: bigint; reversed: bigint; rounds: number }>();
      if (kind === 'daily' || kind === 'dividend') {
        const from = dayText(p.start);
        const to = dayText(p.end);
        for (const r of await repository.teamDays(tx, ids, from, to)) figures.set(r.agent_id, fig(r));
        if (p.end.getTime() - p.start.getTime() > DAY) {
          const active = new Map(
            (await repository.activeOverDays(tx, ids, from, to, threshold)).map((r) => [
              r.agent_id,
              Number(r.n),
            ]),
          );
          for (const id of ids)
            figures.set(id, { ...fig(undefined), ...figures.get(id), activeMembers: active.get(id) ?? 0 });
        }
      } else if (kind === 'hourly') {
        for (const r of await repository.teamHour(tx, brand.id, ids, p.start, threshold))
          figures.set(r.agent_id, fig(r));
      } else {
        const rows = await repository.realtimeWindow(
          tx,
          brand.id,
          holders.map((h) => {
            const r = ratesOf(h.terms as StoredTerms);
            return { id: h.member_id, win: r.winRate, loss: r.lossRate, bet: r.betRate };
          }),
          p.start,
          p.end,
        );
        for (const r of rows) {
          realtime.set(r.agent_id, {
            paid: BigInt(r.paid),
            reversed: BigInt(r.reversed),
            rounds: Number(r.rounds),
          });
          figures.set(r.agent_id, {
            validBet: BigInt(r.valid_bet),
            profitLoss: BigInt(r.profit_loss),
            activeMembers: 0,
          });
        }
      }

      const carry = contractSettings(brand).dividendCarry;
      const computed = new Map<string, { tier: number; amount: bigint; carryIn: bigint; carryOut: bigint }>();
      for (const h of holders) {
        const f = figures.get(h.member_id) ?? fig(undefined);
        const terms = h.terms as StoredTerms;
        if (kind === 'dividend') {
          const carryIn =
            carry === 'profit' ? await repository.lastCarry(tx, h.member_id, kind, p.start) : 0n;
          const d = dividendAmount(tiersOf(terms), f, carryIn, carry);
          computed.set(h.member_id, { tier: d.tier, amount: d.amount, carryIn, carryOut: d.carryOut });
        } else if (kind === 'realtime') {
          const rt = realtime.get(h.member_id);
          // Only windows with rounds (or rollbacks) make a bill; a carried debt waits for one.
          if (!rt) continue;
          const carryIn = await repository.lastCarry(tx, h.member_id, kind, p.start);
          // A window whose rollbacks outweigh its rounds pays nothing and carries the debt forward.
          const net = rt.paid - rt.reversed + carryIn;
          computed.set(h.member_id, {
            tier: 0,
            amount: net > 0n ? net : 0n,
            carryIn,
            carryOut: net < 0n ? net : 0n,
          });
        } else {
          const s = salaryAmount(tiersOf(terms), f);
          computed.set(h.member_id, { tier: s.tier, amount: s.amount, carryIn: 0n, carryOut: 0n });
        }
      }
      // D.3: a holder that reached nothing stops the descent (not for real-time, paid per round).
      const nodes: LineNode[] = holders
        .filter((h) => computed.has(h.member_id))
        .map((h) => ({ id: h.member_id, payer: h.payer_id, amount: computed.get(h.member_id)!.amount }));
      const line = kind === 'realtime' ? nodes : stopDescending(nodes);
      const amounts = new Map(line.map((n) => [n.id, n.amount]));
      let written = 0;
      for (const h of holders) {
        const c = computed.get(h.member_id);
        if (!c) continue;
        const f = figures.get(h.member_id) ?? fig(undefined);
        await repository.insertBill(tx, {
          merchantId: brand.id,
          kind,
          contractId: h.id,
          memberId: h.member_id,
          payerId: h.payer_id,
          depth: h.depth,
          start: p.start,
          end: p.end,
          validBet: f.validBet,
          profitLoss: f.profitLoss,
          activeMembers: f.activeMembers,
          tier: c.tier,
          amount: amounts.get(h.member_id) ?? 0n,
          carryIn: c.carryIn,
          carryOut: c.carryOut,
        });
        written += 1;
      }
      return written;
    });
  }

  /**
   * Pays what the bills of the kind still owe, payers first: the platform pays a top agent in full;
   * an upline pays from its main balance as far as it goes (partial / insufficient), and the rest
   * is retried on the next run, when funds may have arrived. One transaction per period: the
   * period's bills and the accounts they move are locked up front (accounts in id order, as the
   * ledger locks them), then each payment is one posting and the bills are updated together.
   */
  async function payOutstanding(brand: Brand, kind: ContractKindName): Promise<number> {
    const unpaid = await repository.unpaid(brand.id, kind);
    const byPeriod = new Map<number, typeof unpaid>();
    for (const b of unpaid) {
      const key = new Date(b.period_start).getTime();
      byPeriod.set(key, [...(byPeriod.get(key) ?? []), b]);
    }
    let payments = 0;
    const notices: { memberId: string; billId: string; amount: bigint; status: string }[] = [];
    for (const group of byPeriod.values()) {
      // Account ids never change: resolved (and created) before the transaction, from the cache.
      const accountOf = new Map<string, string>();
      for (const id of new Set(
        group.flatMap((b) => (b.payer_id ? [b.member_id, b.payer_id] : [b.member_id])),
      ))
        accountOf.set(id, await ledger.memberAccountId(brand.id, id, 'main', 'MAIN', brand.currency));
      const expense = group.some((b) => b.payer_id === null)
        ? await ledger.transaction((tx) =>
            ledger.systemAccount(tx, brand.id, 'salary_expense', brand.currency),
          )
        : null;
      const done = await ledger.transaction(async (tx) => {
        const bills = await repository.lockBills(
          tx,
          group.map((b) => b.id),
        );
        const balances = await repository.lockBalances(tx, [...new Set(accountOf.values())]);
        const paidRows: { id: string; paid: bigint; status: string }[] = [];
        const out: typeof notices = [];
        for (const bill of bills) {
          const amount = BigInt(bill.amount);
          const paidBefore = BigInt(bill.paid);
          const owed = amount - paidBefore;
          if (owed <= 0n) continue;
          const payee = accountOf.get(bill.member_id)!;
          const from = bill.payer_id === null ? expense! : accountOf.get(bill.payer_id)!;
          const available = bill.payer_id === null ? owed : (balances.get(from) ?? 0n);
          const pay = available < owed ? available : owed;
          if (pay <= 0n) continue;
          const periodStart = new Date(bill.period_start).toISOString();
          await ledger.post(
            {
              merchantId: brand.id,
              kind: kindInfo[kind].ledger,
              idempotencyKey: `${kind}:${bill.contract_id}:${periodStart}:${bill.member_id}:${paidBefore}`,
              request: { bill: bill.id, from: paidBefore.toString(), amount: pay.toString() },
              memberId: bill.member_id,
              reference: `contract_bill:${bill.id}`,
              metadata: { kind, contractId: bill.contract_id, periodStart, payer: bill.payer_id },
              entries: [
                { accountId: from, amount: -pay },
                { accountId: payee, amount: pay },
              ],
            },
            tx,
          );
          if (bill.payer_id !== null) balances.set(from, (balances.get(from) ?? 0n) - pay);
          balances.set(payee, (balances.get(payee) ?? 0n) + pay);
          const paid = paidBefore + pay;
          const status = billStatus(amount, paid);
          paidRows.push({ id: bill.id, paid, status });
          out.push({ memberId: bill.member_id, billId: bill.id, amount: pay, status });
        }
        await repository.setPaid(tx, paidRows);
        return out;
      });
      payments += done.length;
      notices.push(...done);
    }
    const hub = deps.hub;
    if (hub)
      for (const n of notices)
        hub.toMember(n.memberId, 'salary.paid', {
          kind,
          billId: n.billId,
          amount: n.amount.toString(),
          status: n.status as 'issued',
        });
    return payments;
  }

  return {
    computePeriod,
    payOutstanding,

    /**
     * One run of a kind's job: computes every ended period not yet done (team rollups refreshed
     * first for the day-based kinds), then pays what is owed. Idempotent; runs on the job runner.
     */
    async settle(brand: Brand, kind: ContractKindName, now = deps.clock.now()): Promise<SettleResult> {
      if (!kindEnabled(brand, kind)) return { periods: 0, bills: 0, payments: 0 };
      // A period closes a little after its end: rounds settling at the boundary commit first.
      const grace = kind === 'realtime' ? 30_000 : kind === 'hourly' ? 5 * MINUTE : 0;
      let periods = endedPeriods(kind, now).filter((p) => p.end.getTime() + grace <= now.getTime());
      if (kind === 'daily' || kind === 'dividend') {
        // Day-based kinds read the team rollups, which the agent centre's jobs refresh (every five
        // minutes for yesterday and today): a period waits until a refresh has run past its end
        // plus a grace for rounds settled late. No refresh here: it would repeat theirs.
        // The refresh time is the database's wall clock; a moved test clock reads it moved alike.
        const refreshed =
          ((await repository.rollupsRefreshedAt(brand.id))?.getTime() ?? 0) + deps.clock.offsetMs();
        periods = periods.filter((p) => p.end.getTime() + ROLLUP_GRACE_MS <= refreshed);
      }
      let done = 0;
      let bills = 0;
      for (const p of periods) {
        const n = await computePeriod(brand, kind, p);
        if (n >= 0) {
          done += 1;
          bills += n;
        }
      }
      return { periods: done, bills, payments: await payOutstanding(brand, kind) };
    },

    /**
     * The operator's "settle now": what the job does, after bringing the team rollups of the
     * ended periods up to date (day-based kinds), so bets placed since the agent job's last
     * refresh count. Idempotent like the job.
     */
    async settleNow(brand: Brand, kind: ContractKindName): Promise<SettleResult> {
      if (!kindEnabled(brand, kind)) return { periods: 0, bills: 0, payments: 0 };
      const now = deps.clock.now();
      if (kind === 'daily' || kind === 'dividend') {
        const earliest = Math.min(...endedPeriods(kind, now).map((p) => p.start.getTime()));
        await deps.events.emit('rollups.stale', {
          brand,
          daysBack: Math.ceil((now.getTime() - earliest) / DAY) + 1,
        });
      }
      return this.settle(brand, kind, now);
    },

    /** A period given explicitly (operators, tests): rollups first, then compute and pay. */
    async settlePeriod(brand: Brand, kind: ContractKindName, p: Period, now = deps.clock.now()) {
      if (!kindEnabled(brand, kind))
        throw new AppError('function.disabled', { module: kindInfo[kind].module });
      if (kind === 'daily' || kind === 'dividend')
        await deps.events.emit('rollups.stale', {
          brand,
          daysBack: Math.ceil((now.getTime() - p.start.getTime()) / DAY) + 1,
        });
      const n = await computePeriod(brand, kind, p);
      return { periods: n >= 0 ? 1 : 0, bills: Math.max(n, 0), payments: await payOutstanding(brand, kind) };
    },
  };
}

export type ContractsSettlement = ReturnType<typeof createContractsSettlement>;
