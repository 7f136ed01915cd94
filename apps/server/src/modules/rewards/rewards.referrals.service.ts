import { randomInt } from 'node:crypto';
import { type ReferralSettings, referralSettingsSchema, trialTypes } from '@arcadia/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ReferralStatus } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { settingToMinor, toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import { isUniqueViolation } from '../member/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { maskAccount } from '../records/records.service.js';
import * as repo from './rewards.referrals.repository.js';
import type { RefereeRow } from './rewards.referrals.repository.js';

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

  /** Why a referral must not be paid automatically, or null. */
  async function abuseReason(
    tx: Kysely<Database>,
    r: { referee_id: string; referrer_id: string; device_id: string | null },
  ): Promise<string | null> {
    if (await repo.sharedKnownIp(tx, r.referee_id, r.referrer_id)) return 'same_ip';
    if (await repo.sharedRegisterIp(tx, r.referee_id, r.referrer_id)) return 'same_ip';
    if (r.device_id) {
      if (await repo.sharedDevice(tx, r.referee_id, r.referrer_id, r.device_id)) return 'same_device';
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
    await repo.updateReferral(tx, r.referee_id, {
      status: 'paid',
      reward,
      ledger_transaction_id: transactionId,
      decided_at: new Date(),
    });
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
      const found = await repo.findCode(db, memberId);
      if (found || !autoGenerate) return found?.code ?? null;
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await repo.insertCode(db, brand.id, memberId, newCode());
          // Another request made it first: read that one.
          return row?.code ?? (await repo.codeOf(db, memberId));
        } catch (err) {
          if (!isUniqueViolation(err, 'referral_code_merchant_id_code_key') || attempt >= 5) throw err;
        }
      }
    },

    async details(brand: Brand, memberId: string, autoGenerate: boolean) {
      const s = referralSettings(brand);
      const referralCode = await this.code(brand, memberId, autoGenerate && s.enabled);
      const totals = await repo.referrerTotals(db, memberId);
      const domains = [brand.settings.mainDomain, ...brand.settings.domains].filter(
        (d, i, all) => !!d && all.indexOf(d) === i,
      );
      return {
        referralCode,
        totalInvitations: Number(totals.total),
        promotionDomains: domains,
        enabled: s.enabled,
        reward: s.reward,
        minDeposit: s.minDeposit,
        minValidBet: s.minValidBet,
        windowDays: s.windowDays,
        qualified: Number(totals.qualified),
        earned: toMajor(totals.earned, brand.currencyScale),
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
      const owner = await repo.codeOwner(db, brand.id, code.trim().toUpperCase());
      if (!owner || owner.member_id === refereeId || (trialTypes as readonly number[]).includes(owner.type))
        return false;
      const row = await repo.insertReferral(db, {
        referee_id: refereeId,
        referrer_id: owner.member_id,
        merchant_id: brand.id,
        code: code.trim().toUpperCase(),
        register_ip: client.ip,
        device_id: client.deviceId,
      });
      return !!row;
    },

    async referees(brand: Brand, memberId: string, q: { pageNo: number; pageSize: number }) {
      const rows = await repo.refereePage(db, memberId, q);
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
      out.expired = await repo.expirePending(db, brand.id, since, now);
      const minDeposit = settingToMinor(s.minDeposit, brand.currencyScale);
      const minBet = settingToMinor(s.minValidBet, brand.currencyScale);
      const reward = settingToMinor(s.reward, brand.currencyScale);
      const rows = await repo.qualifiedPending(db, brand.id, minDeposit, minBet, SETTLE_BATCH);
      for (const { referee_id } of rows) {
        const done = await ledger.transaction(async (tx) => {
          const r = await repo.lockForSettle(tx, referee_id);
          if (!r || r.status !== 'pending') return null;
          const reason = await abuseReason(tx, r);
          if (reason) {
            await repo.updateReferral(tx, referee_id, { status: 'flagged', flag_reason: reason });
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
      const rows = await repo.opsPage(db, brand.id, q);
      return { list: rows.map((r) => opsOut(r, brand)), total: Number(rows[0]?.total ?? 0) };
    },

    /** An operator's decision on a flagged referral: pay it (the brand's reward now) or reject it. */
    async review(brand: Brand, refereeId: string, action: 'pay' | 'reject') {
      const reward = settingToMinor(referralSettings(brand).reward, brand.currencyScale);
      const paid = await ledger.transaction(async (tx) => {
        const r = await repo.lockForReview(tx, brand.id, refereeId);
        if (!r) throw new AppError('not.found', { refereeId });
        if (r.status !== 'flagged') throw new AppError('request.state', { status: r.status });
        if (action === 'pay') {
          await pay(tx, brand, r, reward);
          return r;
        }
        await repo.updateReferral(tx, refereeId, { status: 'rejected', decided_at: new Date() });
        return null;
      });
      if (paid) await announce(brand, paid.referrer_id, paid.account, reward);
      return opsOut((await repo.opsOne(db, refereeId))!, brand);
    },
  };
}

export type Referrals = ReturnType<typeof createReferrals>;
