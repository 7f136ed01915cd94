import { randomInt } from 'node:crypto';
import { type ReferralSettings, referralSettingsSchema, trialTypes } from '@arcadia/contract';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database, ReferralStatus } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { settingToMinor, toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import { isUniqueViolation } from '../member/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { maskAccount } from '../records/records.service.js';

/** Referees whose terms one settlement pass looks at, at most (the next pass takes the rest). */
const SETTLE_BATCH = 500;
/** Unambiguous letters and digits for codes (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function referralSettings(brand: Brand): ReferralSettings {
  return brand.settings.referral ?? referralSettingsSchema.parse({});
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

interface RefereeRow {
  referee_id: string;
  referee: string;
  referrer: string;
  status: ReferralStatus;
  flag_reason: string | null;
  register_ip: string | null;
  reward: string;
  created_at: Date | string;
  decided_at: Date | string | null;
  deposit: string;
  valid_bet: string;
}

/**
 * Referral — invite friends (docs/rewards.md). A member's code is made on first ask; a friend who
 * registers with it becomes a referee (`recordSignup`, from the registration); the settlement pass
 * (a job, every minute) pays each referrer whose referee met the terms within the window — unless
 * the two share an IP address, or the referee a device with another referee of the same referrer:
 * then the referral waits, flagged, for an operator's decision.
 */
export function createReferrals(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  hub: () => RealtimeHub | undefined;
}) {
  const { db, ledger } = deps;

  /** The referee's deposits and valid bets since joining (minor units). */
  const figuresSql = sql`
    coalesce((select sum(d.amount) from member_money_daily d
              where d.member_id = r.referee_id and d.kind = 'DEPOSIT'), 0) as deposit,
    coalesce((select sum(s.valid_bet) from member_stat_daily s where s.member_id = r.referee_id), 0) as valid_bet`;

  /** Why a referral must not be paid automatically, or null. */
  async function abuseReason(
    tx: Kysely<Database>,
    r: { referee_id: string; referrer_id: string; device_id: string | null },
  ): Promise<string | null> {
    const { rows: ip } = await sql<{ ip: string }>`
      select a.ip from member_known_ip a join member_known_ip b on b.ip = a.ip
      where a.member_id = ${r.referee_id} and b.member_id = ${r.referrer_id} limit 1`.execute(tx);
    if (ip[0]) return 'same_ip';
    const { rows: reg } = await sql<{ ip: string }>`
      select m.created_ip as ip from member m, member me
      where m.id = ${r.referrer_id} and me.id = ${r.referee_id} and m.created_ip = me.created_ip limit 1`.execute(
      tx,
    );
    if (reg[0]) return 'same_ip';
    if (r.device_id) {
      const { rows: dev } = await sql<{ n: string }>`
        select 1 as n from referral o where o.referrer_id = ${r.referrer_id} and o.device_id = ${r.device_id}
          and o.referee_id <> ${r.referee_id} limit 1`.execute(tx);
      if (dev[0]) return 'same_device';
    }
    return null;
  }

  /** Pays a locked referral its reward (the row must be `pending` or `flagged`). */
  async function pay(
    tx: Transaction<Database>,
    brand: Brand,
    r: { referee_id: string; referrer_id: string },
    reward: bigint,
  ) {
    let transactionId: string | null = null;
    if (reward > 0n) {
      const expense = await ledger.systemAccount(tx, brand.id, 'promotions_expense', brand.currency);
      const main = await ledger.memberAccount(tx, brand.id, r.referrer_id, 'main', 'MAIN', brand.currency);
      const posting = await ledger.post(
        {
          merchantId: brand.id,
          kind: 'REFERRAL',
          idempotencyKey: `referral:${r.referee_id}`,
          request: { referee: r.referee_id, reward: reward.toString() },
          memberId: r.referrer_id,
          reference: `referral:${r.referee_id}`,
          entries: [
            { accountId: expense, amount: -reward },
            { accountId: main.id, amount: reward },
          ],
        },
        tx,
      );
      transactionId = posting.transactionId;
    }
    await tx
      .updateTable('referral')
      .set({ status: 'paid', reward, ledger_transaction_id: transactionId, decided_at: new Date() })
      .where('referee_id', '=', r.referee_id)
      .execute();
  }

  async function announce(brand: Brand, referrerId: string, refereeAccount: string, reward: bigint) {
    deps.hub()?.toMember(referrerId, 'referral.paid', {
      referee: maskAccount(refereeAccount),
      reward: toMajor(reward, brand.currencyScale),
    });
  }

  const opsOut = (r: RefereeRow, brand: Brand) => ({
    refereeId: String(r.referee_id),
    referee: r.referee,
    referrer: r.referrer,
    status: r.status,
    flagReason: r.flag_reason,
    registerIp: r.register_ip,
    deposit: toMajor(r.deposit, brand.currencyScale),
    validBet: toMajor(r.valid_bet, brand.currencyScale),
    reward: toMajor(r.reward, brand.currencyScale),
    joinedAt: new Date(r.created_at).toISOString(),
  });

  return {
    settings: referralSettings,

    /** The member's code, made when asked and missing (`autoGenerate`); null otherwise. */
    async code(brand: Brand, memberId: string, autoGenerate: boolean): Promise<string | null> {
      const found = await db
        .selectFrom('referral_code')
        .select('code')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      if (found || !autoGenerate) return found?.code ?? null;
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await db
            .insertInto('referral_code')
            .values({ member_id: memberId, merchant_id: brand.id, code: newCode() })
            .onConflict((oc) => oc.column('member_id').doNothing())
            .returning('code')
            .executeTakeFirst();
          // Another request made it first: read that one.
          return (
            row?.code ??
            (
              await db
                .selectFrom('referral_code')
                .select('code')
                .where('member_id', '=', memberId)
                .executeTakeFirstOrThrow()
            ).code
          );
        } catch (err) {
          if (!isUniqueViolation(err, 'referral_code_merchant_id_code_key') || attempt >= 5) throw err;
        }
      }
    },

    async details(brand: Brand, memberId: string, autoGenerate: boolean) {
      const s = referralSettings(brand);
      const referralCode = await this.code(brand, memberId, autoGenerate && s.enabled);
      const { rows } = await sql<{ total: string; qualified: string; earned: string }>`
        select count(*) as total, count(*) filter (where status = 'paid') as qualified,
               coalesce(sum(reward) filter (where status = 'paid'), 0) as earned
        from referral where referrer_id = ${memberId}`.execute(db);
      const domains = [brand.settings.mainDomain, ...brand.settings.domains].filter(
        (d, i, all) => !!d && all.indexOf(d) === i,
      );
      return {
        referralCode,
        totalInvitations: Number(rows[0]!.total),
        promotionDomains: domains,
        enabled: s.enabled,
        reward: s.reward,
        minDeposit: s.minDeposit,
        minValidBet: s.minValidBet,
        windowDays: s.windowDays,
        qualified: Number(rows[0]!.qualified),
        earned: toMajor(rows[0]!.earned, brand.currencyScale),
      };
    },

    /**
     * A member just registered with `code`: it becomes the code owner's referee when the brand runs
     * the programme and the code is a member's of the brand. An unknown code changes nothing.
     */
    async recordSignup(
      brand: Brand,
      refereeId: string,
      code: string,
      client: { ip: string | null; deviceId: string | null },
    ): Promise<boolean> {
      if (!referralSettings(brand).enabled) return false;
      const owner = await db
        .selectFrom('referral_code as c')
        .innerJoin('member as m', 'm.id', 'c.member_id')
        .select(['c.member_id', 'm.type'])
        .where('c.merchant_id', '=', brand.id)
        .where('c.code', '=', code.trim().toUpperCase())
        .executeTakeFirst();
      if (!owner || owner.member_id === refereeId || (trialTypes as readonly number[]).includes(owner.type))
        return false;
      const row = await db
        .insertInto('referral')
        .values({
          referee_id: refereeId,
          referrer_id: owner.member_id,
          merchant_id: brand.id,
          code: code.trim().toUpperCase(),
          register_ip: client.ip,
          device_id: client.deviceId,
        })
        .onConflict((oc) => oc.column('referee_id').doNothing())
        .returning('referee_id')
        .executeTakeFirst();
      return !!row;
    },

    async referees(brand: Brand, memberId: string, q: { pageNo: number; pageSize: number }) {
      const { rows } = await sql<RefereeRow & { total: string }>`
        select r.*, m.account as referee, '' as referrer, ${figuresSql}, count(*) over () as total
        from referral r join member m on m.id = r.referee_id
        where r.referrer_id = ${memberId}
        order by r.created_at desc, r.referee_id desc
        limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(db);
      return {
        list: rows.map((r) => ({
          account: maskAccount(r.referee),
          joinedAt: new Date(r.created_at).toISOString(),
          deposit: toMajor(r.deposit, brand.currencyScale),
          validBet: toMajor(r.valid_bet, brand.currencyScale),
          status: r.status,
          reward: toMajor(r.reward, brand.currencyScale),
          paidAt: r.status === 'paid' && r.decided_at ? new Date(r.decided_at).toISOString() : null,
        })),
        total: Number(rows[0]?.total ?? 0),
      };
    },

    /**
     * One settlement pass over a brand's pending referrals: those past the window expire; those
     * whose referee met the terms are paid, or flagged — each in its own transaction, the row
     * locked and still `pending` (two passes never pay one referral twice).
     */
    async settle(brand: Brand): Promise<{ paid: number; flagged: number; expired: number }> {
      const s = referralSettings(brand);
      const out = { paid: 0, flagged: 0, expired: 0 };
      if (!s.enabled) return out;
      // The window runs on the wall clock, as `created_at` is stamped (the settlement clock, which
      // tests move forward, is for the settlement jobs).
      const now = new Date();
      const since = new Date(now.getTime() - s.windowDays * 86_400_000);
      const expired = await db
        .updateTable('referral')
        .set({ status: 'expired', decided_at: now })
        .where('merchant_id', '=', brand.id)
        .where('status', '=', 'pending')
        .where('created_at', '<', since)
        .executeTakeFirst();
      out.expired = Number(expired.numUpdatedRows);
      const minDeposit = settingToMinor(s.minDeposit, brand.currencyScale);
      const minBet = settingToMinor(s.minValidBet, brand.currencyScale);
      const reward = settingToMinor(s.reward, brand.currencyScale);
      const { rows } = await sql<{ referee_id: string }>`
        select r.referee_id from referral r
        where r.merchant_id = ${brand.id} and r.status = 'pending'
          and coalesce((select sum(d.amount) from member_money_daily d
                        where d.member_id = r.referee_id and d.kind = 'DEPOSIT'), 0) >= ${minDeposit.toString()}::bigint
          and coalesce((select sum(st.valid_bet) from member_stat_daily st
                        where st.member_id = r.referee_id), 0) >= ${minBet.toString()}::bigint
        order by r.created_at limit ${SETTLE_BATCH}`.execute(db);
      for (const { referee_id } of rows) {
        const done = await ledger.transaction(async (tx) => {
          const r = await tx
            .selectFrom('referral as r')
            .innerJoin('member as m', 'm.id', 'r.referee_id')
            .select(['r.referee_id', 'r.referrer_id', 'r.device_id', 'r.status', 'm.account'])
            .where('r.referee_id', '=', referee_id)
            .forUpdate('r')
            .executeTakeFirst();
          if (!r || r.status !== 'pending') return null;
          const reason = await abuseReason(tx, r);
          if (reason) {
            await tx
              .updateTable('referral')
              .set({ status: 'flagged', flag_reason: reason })
              .where('referee_id', '=', referee_id)
              .execute();
            return { flagged: true as const };
          }
          await pay(tx, brand, r, reward);
          return { flagged: false as const, referrer: r.referrer_id, account: r.account };
        });
        if (!done) continue;
        if (done.flagged) out.flagged++;
        else {
          out.paid++;
          await announce(brand, done.referrer, done.account, reward);
        }
      }
      return out;
    },

    async opsList(brand: Brand, q: { status: ReferralStatus; pageNo: number; pageSize: number }) {
      const { rows } = await sql<RefereeRow & { total: string }>`
        select r.*, m.account as referee, p.account as referrer, ${figuresSql}, count(*) over () as total
        from referral r join member m on m.id = r.referee_id join member p on p.id = r.referrer_id
        where r.merchant_id = ${brand.id} and r.status = ${q.status}
        order by r.created_at desc, r.referee_id desc
        limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(db);
      return { list: rows.map((r) => opsOut(r, brand)), total: Number(rows[0]?.total ?? 0) };
    },

    /** An operator's decision on a flagged referral: pay it (the brand's reward now) or reject it. */
    async review(brand: Brand, refereeId: string, action: 'pay' | 'reject') {
      const reward = settingToMinor(referralSettings(brand).reward, brand.currencyScale);
      const paid = await ledger.transaction(async (tx) => {
        const r = await tx
          .selectFrom('referral as r')
          .innerJoin('member as m', 'm.id', 'r.referee_id')
          .select(['r.referee_id', 'r.referrer_id', 'r.status', 'm.account'])
          .where('r.referee_id', '=', refereeId)
          .where('r.merchant_id', '=', brand.id)
          .forUpdate('r')
          .executeTakeFirst();
        if (!r) throw new AppError('not.found', { refereeId });
        if (r.status !== 'flagged') throw new AppError('request.state', { status: r.status });
        if (action === 'pay') {
          await pay(tx, brand, r, reward);
          return r;
        }
        await tx
          .updateTable('referral')
          .set({ status: 'rejected', decided_at: new Date() })
          .where('referee_id', '=', refereeId)
          .execute();
        return null;
      });
      if (paid) await announce(brand, paid.referrer_id, paid.account, reward);
      const { rows } = await sql<RefereeRow>`
        select r.*, m.account as referee, p.account as referrer, ${figuresSql}
        from referral r join member m on m.id = r.referee_id join member p on p.id = r.referrer_id
        where r.referee_id = ${refereeId}`.execute(db);
      return opsOut(rows[0]!, brand);
    },
  };
}

export type Referrals = ReturnType<typeof createReferrals>;
