import { createHash } from 'node:crypto';
import { PRIZE_GROUP_MIN } from '@arcadia/games';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/brand.service.js';
import type { LedgerService } from '../ledger/index.js';
import * as repo from './lottery.rebates.repository.js';

/** The brand's prize group: what a member without a group of its own plays at. */
export const brandPrizeGroup = (settings: unknown): number =>
  (settings as { lottery?: { prizeGroup?: number } } | null)?.lottery?.prizeGroup ?? 1960;

/**
 * Prize groups and agent rebates (docs/lottery.md, domain notes D.1): an upline sets a downline
 * agent's prize group at or below its own; a member plays at its own group (odds), and every
 * agent above it earns the gap between its group and the one below it, on every settled bet, as a
 * `LOTTERY_REBATE` posting from the brand's `lottery_rebate_expense` account.
 */
export function createLotteryRebates(deps: { db: Kysely<Database>; ledger: LedgerService }) {
  const { db, ledger } = deps;

  async function groupOf(merchantId: number, memberId: string, fallback: number): Promise<number> {
    const row = await repo.memberPrizeGroup(db, merchantId, memberId);
    return row?.prize_group ?? fallback;
  }

  return {
    /** The group a member plays at: its own, or the brand's. */
    groupOf,

    /** The caller's group and its direct downline's, for the agent centre. */
    async downline(brand: Brand, session: AuthedSession, pageNo: number, pageSize: number) {
      const fallback = brandPrizeGroup(brand.settings);
      const own = await groupOf(brand.id, session.member.id, fallback);
      const { count, rows } = await repo.downlineGroups(db, brand.id, session.member.id, pageNo, pageSize);
      const total = Number(count?.n ?? 0);
      return {
        own,
        min: PRIZE_GROUP_MIN,
        list: rows.map((r) => ({
          memberId: String(r.id),
          account: r.account,
          agent: brand.settings.agentTypes.includes(r.type),
          prizeGroup: r.prize_group ?? own,
          inherited: r.prize_group === null,
        })),
        pageNo,
        totalPages: Math.ceil(total / pageSize),
        totalCount: total,
      };
    },

    /**
     * Sets a direct downline's group: at most the caller's own, at least the platform minimum and
     * the highest group already given below it (an agent never earns a negative gap).
     */
    async setGroup(brand: Brand, session: AuthedSession, memberId: string, prizeGroup: number) {
      const target = await repo.memberParent(db, brand.id, memberId);
      if (!target || target.parent_id !== session.member.id) throw new AppError('not.found', { memberId });
      const own = await groupOf(brand.id, session.member.id, brandPrizeGroup(brand.settings));
      const below = await repo.highestGroupBelow(db, memberId);
      const floor = Math.max(PRIZE_GROUP_MIN, Number(below?.top ?? PRIZE_GROUP_MIN));
      if (prizeGroup > own || prizeGroup < floor) {
        throw new AppError('lottery.prize_group_invalid', { min: floor, max: own });
      }
      await repo.upsertPrizeGroup(db, {
        memberId,
        merchantId: brand.id,
        prizeGroup,
        setBy: session.member.id,
      });
      return { memberId, prizeGroup };
    },

    /**
     * Pays the agents' rebates on settled bets, once: the bets are marked `rebated` in the same
     * transaction as the postings (one per agent), so a retry finds nothing left to pay.
     */
    async pay(
      bets: { id: string; merchant_id: number; member_id: string; stake: string; prize_group: number }[],
    ) {
      const byMerchant = new Map<number, typeof bets>();
      for (const b of bets) {
        const list = byMerchant.get(b.merchant_id) ?? [];
        list.push(b);
        byMerchant.set(b.merchant_id, list);
      }
      let postings = 0;
      for (const [merchantId, list] of byMerchant) {
        const merchant = await repo.merchantSettings(db, merchantId);
        const fallback = brandPrizeGroup(merchant.settings);
        const members = `{${[...new Set(list.map((b) => String(b.member_id)))].join(',')}}`;
        const chain = await repo.uplineChains(db, members);
        const uplines = new Map<string, { agent: string; group: number }[]>();
        for (const c of chain) {
          const key = String(c.descendant_id);
          const up = uplines.get(key) ?? [];
          up.push({ agent: String(c.ancestor_id), group: c.prize_group ?? fallback });
          uplines.set(key, up);
        }
        // Each bet: every agent above earns its gap over the group below it, floored per bet.
        const perBet = new Map<string, Map<string, bigint>>();
        for (const b of list) {
          let below = b.prize_group;
          const owed = new Map<string, bigint>();
          for (const u of uplines.get(String(b.member_id)) ?? []) {
            if (u.group > below) {
              const amount = (BigInt(b.stake) * BigInt(u.group - below)) / 2000n;
              if (amount > 0n) owed.set(u.agent, amount);
              below = u.group;
            }
          }
          if (owed.size > 0) perBet.set(String(b.id), owed);
        }
        // Bets that owe nothing are left alone: nothing to pay, nothing to guard.
        if (perBet.size === 0) continue;
        postings += await ledger.transaction(async (tx) => {
          const marked = await repo.markRebated(tx, [...perBet.keys()]);
          const ids = new Set(marked.map((m) => String(m.id)));
          const owed = new Map<string, bigint>();
          for (const id of ids) {
            for (const [agent, amount] of perBet.get(id)!) owed.set(agent, (owed.get(agent) ?? 0n) + amount);
          }
          if (owed.size === 0) return 0;
          const batch = createHash('sha256')
            .update([...ids].sort().join(','))
            .digest('hex')
            .slice(0, 24);
          const expense = await ledger.systemAccount(
            tx,
            merchantId,
            'lottery_rebate_expense',
            merchant.currency,
          );
          for (const [agent, amount] of owed) {
            const main = await ledger.memberAccount(tx, merchantId, agent, 'main', 'MAIN', merchant.currency);
            await ledger.post(
              {
                merchantId,
                kind: 'LOTTERY_REBATE',
                idempotencyKey: `lottery-rebate:${batch}:${agent}`,
                request: { agent, amount: amount.toString(), bets: ids.size },
                memberId: agent,
                reference: `lottery-rebate:${batch}`,
                metadata: { bets: ids.size },
                entries: [
                  { accountId: expense, amount: -amount },
                  { accountId: main.id, amount },
                ],
              },
              tx,
            );
          }
          return owed.size;
        });
      }
      return postings;
    },
  };
}

export type LotteryRebates = ReturnType<typeof createLotteryRebates>;
