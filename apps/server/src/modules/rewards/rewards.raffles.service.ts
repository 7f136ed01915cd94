import { randomBytes } from 'node:crypto';
import {
  type Raffle,
  type RaffleOut,
  type RafflesSettings,
  type raffleStatusSchema,
  trialTypes,
} from '@arcadia/contract';
import { drawRaffle, newServerSeed } from '@arcadia/games';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { settingToMinor, toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import { writeAudit } from '../operator/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { maskAccount } from '../records/records.service.js';
import { pick } from './rewards.promotions.service.js';
import * as repo from './rewards.raffles.repository.js';
import type { PrizeRow, RaffleRow } from './rewards.raffles.repository.js';

type Db = Kysely<Database> | Transaction<Database>;
type RaffleStatus = z.infer<typeof raffleStatusSchema>;

/** Drawn raffles stay on the members' status this long. */
const SHOWN_AFTER_DRAW_MS = 30 * 86_400_000;

const iso = (d: Date | string) => new Date(d).toISOString();

/** What a member's counted bets and deposits make in tickets (at most the raffle's cap). */
export function ticketsFor(
  raffle: Pick<RaffleRow, 'turnover_per_ticket' | 'tickets_per_deposit' | 'max_tickets'>,
  validBet: bigint,
  deposits: number,
): number {
  const per = BigInt(raffle.turnover_per_ticket);
  const fromBets = per > 0n ? validBet / per : 0n;
  const total = fromBets + BigInt(deposits) * BigInt(raffle.tickets_per_deposit);
  const cap = BigInt(raffle.max_tickets);
  return Number(total < cap ? total : cap);
}

/** The stored terms of a configured raffle (minor units), for writing and for comparing. */
function termsOf(brand: Brand, r: Raffle) {
  const scale = brand.currencyScale;
  return {
    starts_at: iso(r.startsAt),
    ends_at: iso(r.endsAt),
    draw_at: iso(r.drawAt),
    turnover_per_ticket: settingToMinor(r.turnoverPerTicket, scale).toString(),
    product_types: [...r.productTypes].sort(),
    tickets_per_deposit: r.ticketsPerDeposit,
    min_deposit: settingToMinor(r.minDeposit, scale).toString(),
    max_tickets: r.maxTickets,
    prizes: r.prizes.map((p) => ({ count: p.count, amount: settingToMinor(p.amount, scale).toString() })),
    distinct_winners: r.distinctWinners,
    claim_days: r.claimDays,
  };
}
const rowTerms = (r: RaffleRow) => ({
  starts_at: iso(r.starts_at),
  ends_at: iso(r.ends_at),
  draw_at: iso(r.draw_at),
  turnover_per_ticket: String(r.turnover_per_ticket),
  product_types: [...r.product_types].sort(),
  tickets_per_deposit: r.tickets_per_deposit,
  min_deposit: String(r.min_deposit),
  max_tickets: r.max_tickets,
  prizes: r.prizes.map((p) => ({ count: p.count, amount: String(p.amount) })),
  distinct_winners: r.distinct_winners,
  claim_days: r.claim_days,
});

/** A stored raffle as the operator wrote it (major units): the audit's "before". */
function configOf(brand: Brand, r: RaffleRow): Raffle {
  const scale = brand.currencyScale;
  return {
    id: r.code,
    title: r.title,
    summary: r.summary,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    drawAt: iso(r.draw_at),
    turnoverPerTicket: toMajor(r.turnover_per_ticket, scale),
    productTypes: r.product_types,
    ticketsPerDeposit: r.tickets_per_deposit,
    minDeposit: toMajor(r.min_deposit, scale),
    maxTickets: r.max_tickets,
    prizes: r.prizes.map((p) => ({ count: p.count, amount: toMajor(p.amount, scale) })),
    distinctWinners: r.distinct_winners,
    claimDays: r.claim_days,
  };
}

/**
 * Raffles (docs/rewards.md "Raffles"): the operator's list written into `raffle` rows (each new
 * one with a fresh server seed and its commitment), tickets counted from the settled valid bets
 * placed in the window and the deposits made in it, the draw (once: `open → drawn` in the draw's
 * own transaction, winners by `drawRaffle` of packages/games), and the prizes' claims through the
 * ledger (`BONUS` from the promotions expense, one per prize) and expiry.
 */
export function createRaffles(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  clock: Clock;
  hub: () => RealtimeHub | undefined;
}) {
  const { db, ledger } = deps;
  const trial: number[] = [...trialTypes];

  const rafflesOf = (tx: Db, brand: Brand, lock = false) => repo.rafflesOf(tx, brand.id, lock);

  /**
   * Valid bets and deposits counted toward the raffle, per member (one member, or the brand):
   * settled bets placed in the window (their valid amount: a void or unsettled round counts
   * nothing), deposits made in it of at least the minimum; trial accounts left out.
   */
  async function counted(tx: Db, r: RaffleRow, memberId: string | null) {
    const rows = await repo.countedRows(tx, r, memberId, trial);
    return rows.map((row) => {
      const validBet = BigInt(row.valid_bet);
      const n = Number(row.deposits);
      return { memberId: String(row.member_id), validBet, deposits: n, tickets: ticketsFor(r, validBet, n) };
    });
  }

  function statusOf(r: RaffleRow, now: Date): RaffleStatus {
    if (r.status === 'drawn') return 'drawn';
    if (now < new Date(r.starts_at)) return 'upcoming';
    if (now < new Date(r.ends_at)) return 'open';
    return 'closed';
  }

  const prizeOut = (p: PrizeRow, code: string, scale: number, now: Date) => ({
    prizeId: String(p.id),
    raffleId: code,
    rank: p.rank,
    amount: toMajor(p.amount, scale),
    ticket: Number(p.ticket),
    // Past its time a prize reads expired at once, whether or not the expiry job has run.
    status: p.status === 'unclaimed' && new Date(p.expires_at) <= now ? ('expired' as const) : p.status,
    expiresAt: iso(p.expires_at),
    claimedAt: p.claimed_at ? iso(p.claimed_at) : null,
  });

  /** Draws one due raffle, once: false when another draw (another instance) got there first. */
  async function draw(brand: Brand, raffleId: string): Promise<boolean> {
    const now = deps.clock.now();
    const done = await ledger.transaction(async (tx) => {
      // The one gate: a second draw waits on this row, then finds it drawn.
      const r = await repo.markDrawn(tx, brand.id, raffleId, now);
      if (!r) return false;
      const entries = (await counted(tx, r, null)).filter((e) => e.tickets > 0);
      if (entries.length > 0) await repo.insertEntries(tx, r.id, entries);
      const slots = r.prizes.flatMap((p, i) =>
        Array.from({ length: p.count }, () => ({ rank: i + 1, amount: String(p.amount) })),
      );
      const wins = drawRaffle({
        serverSeed: r.server_seed,
        raffleId: r.code,
        entries: entries.map((e) => ({ id: e.memberId, tickets: e.tickets })),
        winners: slots.length,
        distinct: r.distinct_winners,
      });
      if (wins.length > 0) {
        const expires = new Date(now.getTime() + r.claim_days * 86_400_000);
        await repo.insertPrizes(tx, r.id, brand.id, wins, slots, expires);
      }
      await repo.setDrawTotals(
        tx,
        r.id,
        entries.reduce((s, e) => s + e.tickets, 0),
        entries.length,
      );
      return r.code;
    });
    if (done === false) return false;
    deps.hub()?.toBrand(brand.id, 'raffle.drawn', { raffleId: done });
    return true;
  }

  return {
    /**
     * Writes the operator's raffle list (the `raffles` feature of the rewards settings), audited
     * in the same transaction: new ids are created with their seed committed; a raffle not started
     * may change anything or go; a started one only its texts; the rest is `request.state`.
     */
    async write(brand: Brand, value: RafflesSettings, audit: { actor: string; reason: string }) {
      const now = deps.clock.now();
      const refuse = (reason: string, raffleId: string): never => {
        throw new AppError('request.state', { reason, raffleId });
      };
      await ledger.transaction(async (tx) => {
        const rows = await rafflesOf(tx, brand, true);
        const existing = new Map(rows.map((r) => [r.code, r]));
        for (const r of value.list) {
          const terms = termsOf(brand, r);
          const row = existing.get(r.id);
          if (!row) {
            if (Date.parse(r.endsAt) <= now.getTime()) refuse('raffle.ended', r.id);
            const { serverSeed, serverSeedHash } = newServerSeed(randomBytes(32).toString('hex'));
            await repo.insertRaffle(
              tx,
              brand.id,
              r.id,
              r,
              terms,
              { serverSeed, serverSeedHash },
              audit.actor,
            );
            continue;
          }
          const started = now >= new Date(row.starts_at);
          const same = JSON.stringify(rowTerms(row)) === JSON.stringify(terms);
          if (!same && row.status === 'drawn') refuse('raffle.drawn', r.id);
          if (!same && started) refuse('raffle.started', r.id);
          if (!same && Date.parse(r.endsAt) <= now.getTime()) refuse('raffle.ended', r.id);
          await repo.updateRaffle(tx, row.id, r, terms);
        }
        const kept = new Set(value.list.map((r) => r.id));
        for (const row of rows) {
          if (kept.has(row.code)) continue;
          if (row.status === 'drawn') refuse('raffle.drawn', row.code);
          if (now >= new Date(row.starts_at)) refuse('raffle.started', row.code);
          await repo.deleteRaffle(tx, row.id);
        }
        await writeAudit(tx, {
          merchantId: brand.id,
          actor: audit.actor,
          action: 'rewards.settings',
          target: 'raffles',
          payload: {
            reason: audit.reason,
            before: { list: rows.map((r) => configOf(brand, r)) },
            after: value,
          },
        });
      });
    },

    /** The brand's raffles as the operator wrote them (the `raffles` part of the rewards settings). */
    async settings(brand: Brand): Promise<RafflesSettings> {
      return { list: (await rafflesOf(db, brand)).map((r) => configOf(brand, r)) };
    },

    /** The brand's raffles for the promotions page and the member's status (`raffleStatus`). */
    async status(brand: Brand, member: { id: string; type: number } | null, language: string) {
      const now = deps.clock.now();
      const scale = brand.currencyScale;
      const rows = await repo.shownRaffles(db, brand.id, new Date(now.getTime() - SHOWN_AFTER_DRAW_MS));
      const counts = member !== null && !trial.includes(member.type);
      const drawnIds = rows.filter((r) => r.status === 'drawn').map((r) => r.id);
      const prizes = drawnIds.length ? await repo.prizesOf(db, drawnIds) : [];
      const entries = counts && drawnIds.length ? await repo.memberEntries(db, member.id, drawnIds) : [];
      const list: RaffleOut[] = [];
      for (const r of rows) {
        const status = statusOf(r, now);
        let tickets: number | null = null;
        let validBet: number | null = null;
        if (counts && status === 'drawn') {
          const e = entries.find((x) => String(x.raffle_id) === String(r.id));
          tickets = e ? Number(e.tickets) : 0;
          validBet = toMajor(e?.valid_bet ?? '0', scale);
        } else if (counts && status !== 'upcoming') {
          const [c] = await counted(db, r, member.id);
          tickets = c?.tickets ?? 0;
          validBet = toMajor(c?.validBet ?? 0n, scale);
        } else if (counts) {
          tickets = 0;
          validBet = 0;
        }
        const won = prizes.filter((p) => String(p.raffle_id) === String(r.id));
        list.push({
          id: r.code,
          title: pick(r.title, language, brand.defaultLanguage),
          summary: pick(r.summary, language, brand.defaultLanguage),
          status,
          startsAt: iso(r.starts_at),
          endsAt: iso(r.ends_at),
          drawAt: iso(r.draw_at),
          turnoverPerTicket: toMajor(r.turnover_per_ticket, scale),
          productTypes: r.product_types,
          ticketsPerDeposit: r.tickets_per_deposit,
          minDeposit: toMajor(r.min_deposit, scale),
          maxTickets: r.max_tickets,
          distinctWinners: r.distinct_winners,
          claimDays: r.claim_days,
          prizes: r.prizes.map((p, i) => ({ rank: i + 1, count: p.count, amount: toMajor(p.amount, scale) })),
          commitment: r.commitment,
          serverSeed: r.status === 'drawn' ? r.server_seed : null,
          totalTickets: r.total_tickets === null ? null : Number(r.total_tickets),
          entries: r.entry_count,
          tickets,
          validBet,
          winners: won.map((p) => ({
            rank: p.rank,
            account: maskAccount(p.account),
            amount: toMajor(p.amount, scale),
            ticket: Number(p.ticket),
          })),
          mine:
            member === null
              ? []
              : won
                  .filter((p) => String(p.member_id) === member.id)
                  .map((p) => prizeOut(p, r.code, scale, now)),
        });
      }
      return { list, serverTime: now.toISOString() };
    },

    /** The member's prizes to claim now, for the reward centre. */
    async claimable(brand: Brand, memberId: string, language: string) {
      const rows = await repo.claimablePrizes(db, brand.id, memberId, deps.clock.now());
      return rows.map((p) => ({
        id: String(p.id),
        title: pick(p.title, language, brand.defaultLanguage),
        amount: toMajor(p.amount, brand.currencyScale),
        expiresAt: iso(p.expires_at),
      }));
    },

    /** Claims a prize the member won: one `BONUS` posting per prize, before it expires. */
    async claim(brand: Brand, memberId: string, prizeId: string) {
      const now = deps.clock.now();
      const out = await ledger.transaction(async (tx) => {
        const p = await repo.lockPrize(tx, brand.id, memberId, prizeId);
        if (!p) throw new AppError('not.found', { prizeId });
        if (p.status === 'claimed') throw new AppError('promotion.claimed', { prizeId });
        if (p.status === 'expired' || new Date(p.expires_at) <= now)
          throw new AppError('promotion.not_eligible', { reason: 'raffle.expired', prizeId });
        const amount = BigInt(p.amount);
        const expense = await ledger.systemAccount(tx, brand.id, 'promotions_expense', brand.currency);
        const main = await ledger.memberAccount(tx, brand.id, memberId, 'main', 'MAIN', brand.currency);
        const posting = await ledger.post(
          {
            merchantId: brand.id,
            kind: 'BONUS',
            idempotencyKey: `raffle:${p.raffle_id}:${p.idx}`,
            request: { raffle: p.code, prize: p.idx, amount: amount.toString() },
            memberId,
            reference: `raffle:${p.code}`,
            entries: [
              { accountId: expense, amount: -amount },
              { accountId: main.id, amount },
            ],
          },
          tx,
        );
        const updated = await repo.markClaimed(tx, p.id, now, posting.transactionId);
        return {
          prize: prizeOut(updated!, p.code, brand.currencyScale, now),
          balance: posting.entries.find((e) => e.accountId === main.id)!.balanceAfter!,
        };
      });
      return { prize: out.prize, balance: toMajor(out.balance, brand.currencyScale) };
    },

    /** The job's pass: draws every raffle of the brand whose draw time has come. */
    async drawDue(brand: Brand): Promise<number> {
      const rows = await repo.dueRaffles(db, brand.id, deps.clock.now());
      let drawn = 0;
      for (const r of rows) if (await draw(brand, String(r.id))) drawn += 1;
      return drawn;
    },

    /** Marks prizes past their claim time expired (a claim already refuses them). */
    async expire(brand: Brand): Promise<number> {
      return repo.expirePrizes(db, brand.id, deps.clock.now());
    },

    /** The operator's figures per raffle (tickets issued; prizes claimed, outstanding, expired). */
    async liabilities(brand: Brand) {
      const now = deps.clock.now();
      const scale = brand.currencyScale;
      const rows = await rafflesOf(db, brand);
      const sums = await repo.prizeSums(db, brand.id, now);
      const fig = (id: string, state: string) => {
        const s = sums.find((x) => String(x.raffle_id) === String(id) && x.state === state);
        return { count: Number(s?.n ?? 0), amount: toMajor(s?.amount ?? '0', scale) };
      };
      const list = [];
      for (const r of rows) {
        const status = statusOf(r, now);
        let tickets = Number(r.total_tickets ?? 0);
        let entries = r.entry_count ?? 0;
        if (status === 'open' || status === 'closed') {
          const live = (await counted(db, r, null)).filter((e) => e.tickets > 0);
          tickets = live.reduce((s, e) => s + e.tickets, 0);
          entries = live.length;
        }
        list.push({
          id: r.code,
          status,
          drawAt: iso(r.draw_at),
          commitment: r.commitment,
          tickets,
          entries,
          claimed: fig(r.id, 'claimed'),
          outstanding: fig(r.id, 'unclaimed'),
          expired: fig(r.id, 'expired'),
        });
      }
      const outstanding = list.reduce(
        (s, r) => ({ count: s.count + r.outstanding.count, amount: s.amount + r.outstanding.amount }),
        { count: 0, amount: 0 },
      );
      // Summed in minor units: adding major-unit floats could drift.
      const total = await repo.outstandingAmount(db, brand.id, now);
      return {
        outstanding: { count: outstanding.count, amount: toMajor(total, scale) },
        list,
      };
    },
  };
}

export type Raffles = ReturnType<typeof createRaffles>;
