import type { ConfirmStatus, WithdrawStatus } from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';
import { toMajor, toMinor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import { requestHash } from '../ledger/index.js';
import { MAIN } from '../wallet/index.js';
import type { WithdrawRow } from './payments.repository.js';
import {
  type Member,
  type PaymentsDeps,
  assertMoneyMovement,
  confirmMinutes,
  opsWithdrawView,
  teller,
  withdrawView,
} from './payments.shared.js';
import {
  checkDailyCount,
  checkPaymentPassword,
  checkTurnover,
  checkWithdrawLimits,
  receiptConfirmation,
} from './withdrawal-rules.js';

/**
 * Withdrawals (docs/api.md "Withdrawals", spec §4): the member's request (its rules in
 * `withdrawal-rules.ts`) holds the amount; the operator pays or returns it once; the member
 * confirms receipt within the brand's window, or a job records it as received.
 */
export function createWithdrawalsService(deps: PaymentsDeps) {
  const { db, ledger, wallet, repository: repo } = deps;
  const tell = teller(deps);

  async function opsWithdraw(brand: Brand, id: string) {
    const row = await repo.withdraw(db, brand.id, id, confirmMinutes(brand));
    if (!row) throw new AppError('not.found', { withdrawId: id });
    return row;
  }

  function withdrawReply(row: WithdrawRow, brand: Brand, hash: string, replayed: boolean) {
    if (row.request_hash !== hash) throw new AppError('duplicate.request', { requestId: row.request_id });
    return {
      withdrawId: row.id,
      status: row.status,
      amount: toMajor(row.amount, brand.currencyScale),
      replayed,
    };
  }

  return {
    async withdrawSettings(brand: Brand, member: Member) {
      const w = brand.settings.payments.withdraw;
      const row = await repo.member(db, brand.id, member.id);
      return {
        minimumAmount: w.min,
        maximumAmount: w.max,
        dailyCount: w.dailyCount,
        usedToday: await repo.withdrawalsToday(db, member.id),
        hasPaymentPassword: Boolean(row?.payment_password_hash),
        confirmMinutes: confirmMinutes(brand),
        turnoverLeft: toMajor((await deps.turnoverLeft?.(db, brand, member.id)) ?? 0n, brand.currencyScale),
      };
    },

    /**
     * Holds the amount (main wallet → withdrawals clearing) and records the request, in one
     * transaction. The member's main account row is locked first, so concurrent requests of one
     * member count the day's withdrawals one after the other.
     */
    async createWithdraw(
      brand: Brand,
      member: Member,
      body: {
        amount: number | string;
        paymentPassword: string;
        requestId: string;
        bankName?: string | undefined;
        accountNumber?: string | undefined;
        accountName?: string | undefined;
      },
    ) {
      assertMoneyMovement(brand);
      const amount = toMinor(body.amount, brand.currencyScale);
      await checkPaymentPassword(wallet, brand, member.id, body.paymentPassword);
      const minutes = confirmMinutes(brand);
      const details = {
        bankName: body.bankName ?? null,
        accountNumber: body.accountNumber ?? null,
        accountName: body.accountName ?? null,
      };
      const hash = requestHash({ amount, ...details });
      // A replay answers the first result, whatever today's limits say.
      const earlier = await repo.withdrawByRequest(db, member.id, body.requestId, minutes);
      if (earlier) return withdrawReply(earlier, brand, hash, true);

      const scale = brand.currencyScale;
      checkWithdrawLimits(brand, amount);
      const profile = await repo.member(db, brand.id, member.id);
      const payeeName = profile?.profile.payeeName ?? null;
      const clearing = await ledger.systemAccount(db, brand.id, 'withdrawals_clearing', brand.currency);

      return ledger.transaction(async (tx) => {
        const main = await ledger.memberAccount(tx, brand.id, member.id, 'main', MAIN, brand.currency);
        await repo.lockAccount(tx, main.id);
        const raced = await repo.withdrawByRequest(tx, member.id, body.requestId, minutes);
        if (raced) return withdrawReply(raced, brand, hash, true);
        await checkTurnover(deps.turnoverLeft, tx, brand, member.id);
        await checkDailyCount(repo, tx, brand, member.id);
        const inserted = await repo.insertWithdraw(tx, {
          merchantId: brand.id,
          memberId: member.id,
          requestId: body.requestId,
          requestHash: hash,
          amount,
          payeeName,
          bankName: details.bankName,
          accountNumber: details.accountNumber,
          accountName: details.accountName ?? payeeName,
        });
        if (!inserted) throw new Error('withdraw request inserted concurrently despite the lock');
        const posting = await ledger.post(
          {
            merchantId: brand.id,
            kind: 'WITHDRAW',
            idempotencyKey: `withdraw:${inserted.id}:hold`,
            request: { withdrawId: inserted.id, amount },
            memberId: member.id,
            reference: `Withdrawal #${inserted.id}`,
            metadata: { withdrawId: inserted.id },
            entries: [
              { accountId: main.id, amount: -amount },
              { accountId: clearing, amount },
            ],
          },
          tx,
        );
        await repo.setWithdrawTransactions(tx, inserted.id, { hold: posting.transactionId });
        return {
          withdrawId: inserted.id,
          status: 'pending' as WithdrawStatus,
          amount: toMajor(amount, scale),
          replayed: false,
        };
      });
    },

    async withdrawList(
      brand: Brand,
      member: Member,
      q: { status?: WithdrawStatus | undefined; pageNo: number; pageSize: number },
    ) {
      const page = await repo.listWithdrawals(
        db,
        { merchantId: brand.id, memberId: member.id, status: q.status },
        confirmMinutes(brand),
        q,
      );
      return { ...page, list: page.list.map((r) => withdrawView(brand, r)) };
    },

    async confirmationList(brand: Brand, member: Member) {
      const minutes = confirmMinutes(brand);
      const rows = await repo.awaitingConfirmation(db, member.id, minutes);
      return { confirmMinutes: minutes, list: rows.map((r) => withdrawView(brand, r)) };
    },

    /** The member's receipt confirmation (spec §4): once, only for a paid withdrawal, within the window. */
    async confirmWithdraw(
      brand: Brand,
      member: Member,
      body: {
        withdrawId: string;
        status: 'received' | 'partial' | 'not_received';
        remainingAmount?: number | string | undefined;
        proof?: string | undefined;
      },
    ) {
      const minutes = confirmMinutes(brand);
      const row = await repo.withdraw(db, brand.id, body.withdrawId, minutes, member.id);
      if (!row) throw new AppError('not.found', { withdrawId: body.withdrawId });

      const { remaining, proof } = receiptConfirmation(brand, row.amount, body);

      if (row.status !== 'paid' || row.confirm_status !== 'none') {
        throw new AppError('request.state', { status: row.status, confirmStatus: row.confirm_status });
      }
      const done = await repo.confirmWithdraw(db, member.id, row.id, minutes, {
        status: body.status,
        remaining,
        proof: proof?.bytes ?? null,
        proofMime: proof?.mime ?? null,
      });
      const now = await repo.withdraw(db, brand.id, row.id, minutes, member.id);
      if (!done) {
        throw new AppError('request.state', { status: now!.status, confirmStatus: now!.confirm_status });
      }
      return withdrawView(brand, now!);
    },

    /**
     * For a job: persists `auto_received` on the brand's paid withdrawals left unconfirmed past
     * `confirmMinutes` (reads already show it). Returns how many changed.
     */
    autoConfirmDue(brand: Brand): Promise<number> {
      return repo.autoConfirmDue(db, brand.id, confirmMinutes(brand));
    },

    // ── operator ──
    async opsWithdrawList(
      brand: Brand,
      q: {
        status?: WithdrawStatus | undefined;
        confirmStatus?: ConfirmStatus | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const page = await repo.listWithdrawals(
        db,
        { merchantId: brand.id, status: q.status, confirmStatus: q.confirmStatus },
        confirmMinutes(brand),
        q,
      );
      return { ...page, list: page.list.map((r) => opsWithdrawView(brand, r)) };
    },

    /**
     * Pays (withdrawals clearing → payments clearing) or returns (→ the member's main wallet) a
     * pending withdrawal. Both outcomes post under the one key `withdraw:<id>:settle`, and the
     * status changes only from pending, in the same transaction: it is settled at most once.
     */
    async decideWithdraw(
      brand: Brand,
      id: string,
      outcome: 'paid' | 'rejected',
      note: string | null,
      actor: string,
    ) {
      const row = await opsWithdraw(brand, id);
      const minutes = confirmMinutes(brand);
      const clearing = await ledger.systemAccount(db, brand.id, 'withdrawals_clearing', brand.currency);
      const payments = await ledger.systemAccount(db, brand.id, 'payments_clearing', brand.currency);
      const result = await ledger.transaction(async (tx) => {
        const applied = await repo.decideWithdraw(tx, brand.id, id, outcome, note);
        if (applied) {
          const amount = BigInt(row.amount);
          const target =
            outcome === 'paid'
              ? payments
              : (await ledger.memberAccount(tx, brand.id, row.member_id, 'main', MAIN, brand.currency)).id;
          const posting = await ledger.post(
            {
              merchantId: brand.id,
              kind: outcome === 'paid' ? 'WITHDRAW_PAID' : 'WITHDRAW_REVERSAL',
              idempotencyKey: `withdraw:${id}:settle`,
              request: { withdrawId: id, amount, outcome },
              memberId: row.member_id,
              reference: `Withdrawal #${id} ${outcome === 'paid' ? 'paid' : 'returned'}`,
              metadata: { withdrawId: id, note },
              entries: [
                { accountId: clearing, amount: -amount },
                { accountId: target, amount },
              ],
            },
            tx,
          );
          await repo.setWithdrawTransactions(tx, id, { settle: posting.transactionId });
        }
        const now = (await repo.withdraw(tx, brand.id, id, minutes))!;
        if (!applied && now.status !== outcome) throw new AppError('request.state', { status: now.status });
        await repo.audit(tx, {
          merchantId: brand.id,
          actor,
          action: outcome === 'paid' ? 'withdraw.approve' : 'withdraw.reject',
          target: `withdraw:${id}`,
          payload: { amount: now.amount, member: now.account, note, replayed: !applied },
        });
        return { withdrawal: opsWithdrawView(brand, now), replayed: !applied };
      });
      if (!result.replayed) {
        tell(brand, {
          kind: outcome === 'paid' ? 'withdrawal_paid' : 'withdrawal_rejected',
          memberId: row.member_id,
          withdrawId: id,
          amount: String(row.amount),
        });
      }
      return result;
    },

    async withdrawProof(brand: Brand, id: string) {
      const row = await repo.proof(db, brand.id, id);
      if (!row?.proof || !row.proof_mime) throw new AppError('not.found', { withdrawId: id });
      return { mime: row.proof_mime, data: Buffer.from(row.proof).toString('base64') };
    },
  };
}
