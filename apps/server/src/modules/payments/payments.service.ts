import { AppError } from '../../lib/app-error.js';
import { toMajor, toMinor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import { MAIN } from '../wallet/index.js';
import { createDepositsService } from './payments.deposits.service.js';
import { type PaymentsDeps, iso } from './payments.shared.js';
import { createWithdrawalsService } from './payments.withdrawals.service.js';

export type { PaymentNotice } from './payments.shared.js';
export { PROOF_MAX_BYTES, parseProof } from './withdrawal-rules.js';

/** A signed amount in major units ("-12.50", 12.5) as signed minor units; zero is refused. */
function signedMinor(input: number | string, scale: number): bigint {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  const negative = text.startsWith('-');
  const minor = toMinor(text.replace(/^[-+]/, ''), scale);
  return negative ? -minor : minor;
}

/**
 * Payments (docs/api.md): deposits (`payments.deposits.service.ts`), withdrawals
 * (`payments.withdrawals.service.ts`), and the operator's manual adjustments and payments audit.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, ledger, repository: repo } = deps;

  return {
    ...createDepositsService(deps),
    ...createWithdrawalsService(deps),

    /** Manual adjustment of a member's main wallet against the adjustments account, audited. */
    async adjust(
      brand: Brand,
      body: { account: string; amount: number | string; reason: string; requestId: string },
      actor: string,
    ) {
      const amount = signedMinor(body.amount, brand.currencyScale);
      const member = await repo.memberByAccount(db, brand.id, body.account);
      if (!member) throw new AppError('not.found', { account: body.account });
      const adjustments = await ledger.systemAccount(db, brand.id, 'adjustments', brand.currency);
      return ledger.transaction(async (tx) => {
        const main = await ledger.memberAccount(tx, brand.id, member.id, 'main', MAIN, brand.currency);
        const posting = await ledger.post(
          {
            merchantId: brand.id,
            kind: 'ADJUSTMENT',
            idempotencyKey: `adjust:${body.requestId}`,
            request: { memberId: member.id, amount, reason: body.reason },
            memberId: member.id,
            reference: body.reason.slice(0, 200),
            metadata: { reason: body.reason, actor },
            entries: [
              { accountId: adjustments, amount: -amount },
              { accountId: main.id, amount },
            ],
          },
          tx,
        );
        await repo.audit(tx, {
          merchantId: brand.id,
          actor,
          action: 'adjustment',
          target: `member:${member.id}`,
          payload: {
            account: member.account,
            amount,
            reason: body.reason,
            requestId: body.requestId,
            transactionId: posting.transactionId,
            replayed: posting.replayed,
          },
        });
        const after = posting.entries.find((e) => e.accountId === main.id)?.balanceAfter ?? 0n;
        return {
          transactionId: posting.transactionId,
          account: member.account,
          amount: toMajor(amount, brand.currencyScale),
          balance: toMajor(after, brand.currencyScale),
          replayed: posting.replayed,
        };
      });
    },

    async auditList(brand: Brand, q: { action?: string | undefined; pageNo: number; pageSize: number }) {
      const page = await repo.listAudit(db, brand.id, q.action, q);
      return {
        ...page,
        list: page.list.map((r) => ({
          id: r.id,
          actor: r.actor,
          action: r.action,
          target: r.target,
          payload: r.payload,
          createdAt: iso(r.created_at)!,
        })),
      };
    },

    /** The demo gateway's view of an order (its pay page). */
    gatewayOrder(id: string) {
      return repo.gatewayOrder(db, id);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
