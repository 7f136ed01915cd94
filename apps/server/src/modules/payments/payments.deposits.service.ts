import type { DemoGatewayCallback, DepositChannel, DepositStatus } from '@arcadia/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toMajor, toMinor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import { requestHash } from '../ledger/index.js';
import { MAIN } from '../wallet/index.js';
import { checkDepositLimits, depositChannel, depositChannels } from './deposit-rules.js';
import type { DepositRow } from './payments.repository.js';
import {
  type Member,
  type PaymentsDeps,
  assertMoneyMovement,
  depositView,
  opsDepositView,
  teller,
} from './payments.shared.js';

/**
 * Deposits (docs/api.md "Deposits"): the member's requests through a channel, the demo gateway's
 * notification, and the operator's decision on bank transfers. A deposit is credited once: a
 * conditional status change and the DEPOSIT posting in one transaction.
 */
export function createDepositsService(deps: PaymentsDeps) {
  const { db, ledger, repository: repo, gateway } = deps;
  const tell = teller(deps);

  /**
   * Credits a deposit once: a conditional status change (only from `from`) and the DEPOSIT posting
   * in the caller's transaction. False when the deposit was not in one of those states.
   */
  async function credit(
    tx: Transaction<Database>,
    brand: Brand,
    deposit: DepositRow,
    clearing: string,
    from: DepositStatus[],
    extra: { gatewayRef?: string; decisionNote?: string | null },
  ): Promise<boolean> {
    if (!(await repo.transitionDeposit(tx, brand.id, deposit.id, from, 'paid', extra))) return false;
    const amount = BigInt(deposit.amount);
    const main = await ledger.memberAccount(tx, brand.id, deposit.member_id, 'main', MAIN, brand.currency);
    const posting = await ledger.post(
      {
        merchantId: brand.id,
        kind: 'DEPOSIT',
        idempotencyKey: `deposit:${deposit.id}`,
        request: { depositId: deposit.id, amount },
        memberId: deposit.member_id,
        reference: `Deposit #${deposit.id} (${deposit.channel})`,
        metadata: { depositId: deposit.id, channel: deposit.channel },
        entries: [
          { accountId: clearing, amount: -amount },
          { accountId: main.id, amount },
        ],
      },
      tx,
    );
    await repo.setDepositLedgerTransaction(tx, deposit.id, posting.transactionId);
    return true;
  }

  async function opsDeposit(brand: Brand, id: string) {
    const deposit = await repo.deposit(db, brand.id, id);
    if (!deposit) throw new AppError('not.found', { depositId: id });
    if (deposit.channel_kind !== 'BANK_TRANSFER') {
      throw new AppError('request.state', { reason: 'gateway deposits settle by the gateway' });
    }
    return deposit;
  }

  return {
    async depositSettings(brand: Brand, member: Member) {
      const list: DepositChannel[] = depositChannels(brand, gateway).map((c) => ({
        code: c.code,
        kind: c.kind,
        name: c.name,
        min: c.min,
        max: c.max,
      }));
      return {
        allowDeposit: list.length > 0 && brand.modules.CREDITMAR3 !== true ? ('Y' as const) : ('N' as const),
        channels: list,
        totalDepositSuccessCount: await repo.paidDepositCount(db, member.id),
      };
    },

    async createDeposit(
      brand: Brand,
      member: Member,
      body: { channel: string; amount: number | string; requestId: string; payerNote?: string | undefined },
    ) {
      assertMoneyMovement(brand);
      const channel = depositChannel(brand, gateway, body.channel);
      const amount = toMinor(body.amount, brand.currencyScale);
      checkDepositLimits(brand, channel, amount);
      const hash = requestHash({ channel: channel.code, amount });
      const record = async (q: Kysely<Database> | Transaction<Database>) =>
        repo.insertDeposit(q, {
          merchantId: brand.id,
          memberId: member.id,
          requestId: body.requestId,
          requestHash: hash,
          channel: channel.code,
          channelKind: channel.kind,
          amount,
          payerNote: body.payerNote || null,
        });
      const guard = deps.depositGuard;
      // With responsible gaming's guard: the check and the record in one transaction, so parallel
      // deposits cannot pass a limit together; a replay of a recorded request is not checked again.
      const inserted = guard
        ? await db.transaction().execute(async (tx) => {
            if (await repo.depositByRequest(tx, member.id, body.requestId)) return undefined;
            await guard(tx, member.id, amount);
            return record(tx);
          })
        : await record(db);
      const row = await repo.depositByRequest(db, member.id, body.requestId);
      if (!row) throw new Error('deposit request vanished');
      if (row.request_hash !== hash) throw new AppError('duplicate.request', { requestId: body.requestId });
      const bank = channel.kind === 'BANK_TRANSFER' && channel.bank ? channel.bank : null;
      return {
        depositId: row.id,
        status: row.status,
        amount: toMajor(row.amount, brand.currencyScale),
        redirectUrl: channel.kind === 'DEMO_GATEWAY' && gateway ? gateway.payUrl(row.id) : null,
        bank: bank ? { ...bank, reference: `D${row.id}` } : null,
        replayed: inserted === undefined,
      };
    },

    async depositList(
      brand: Brand,
      member: Member,
      q: { status?: DepositStatus | undefined; pageNo: number; pageSize: number },
    ) {
      const page = await repo.listDeposits(
        db,
        { merchantId: brand.id, memberId: member.id, status: q.status },
        q,
      );
      return { ...page, list: page.list.map((r) => depositView(brand, r)) };
    },

    async depositDetail(brand: Brand, member: Member, id: string) {
      const row = await repo.deposit(db, brand.id, id, member.id);
      if (!row) throw new AppError('not.found', { depositId: id });
      return depositView(brand, row);
    },

    /**
     * The demo gateway's notification (signature already checked). `paid` credits once, also after
     * an earlier `failed`/`cancelled` (the gateway's last word on money wins); `failed`/`cancelled`
     * only end a pending deposit. Whatever the order or the number of repeats, the outcome is the same.
     */
    async gatewayCallback(brand: Brand, body: DemoGatewayCallback) {
      const deposit = await repo.deposit(db, brand.id, body.depositId);
      if (!deposit || deposit.channel_kind !== 'DEMO_GATEWAY') {
        throw new AppError('not.found', { depositId: body.depositId });
      }
      const amount = toMinor(body.amount, brand.currencyScale);
      if (body.currency.toUpperCase() !== brand.currency || amount !== BigInt(deposit.amount)) {
        throw new AppError('deposit.amount.mismatch', { depositId: deposit.id });
      }
      let applied: boolean;
      if (body.status === 'paid') {
        const clearing = await ledger.systemAccount(db, brand.id, 'payments_clearing', brand.currency);
        applied = await ledger.transaction((tx) =>
          credit(tx, brand, deposit, clearing, ['pending', 'failed', 'cancelled'], {
            gatewayRef: body.gatewayRef,
          }),
        );
        if (applied) {
          tell(brand, {
            kind: 'deposit_credited',
            memberId: deposit.member_id,
            depositId: deposit.id,
            amount: String(deposit.amount),
          });
        }
      } else {
        applied = await repo.transitionDeposit(db, brand.id, deposit.id, ['pending'], body.status, {
          gatewayRef: body.gatewayRef,
        });
      }
      const now = await repo.deposit(db, brand.id, deposit.id);
      return { depositId: deposit.id, status: now!.status, applied };
    },

    // ── operator ──
    // ── operator ────────────────────────────────────────────────────────────────────────────
    async opsDepositList(
      brand: Brand,
      q: { status?: DepositStatus | undefined; pageNo: number; pageSize: number },
    ) {
      const page = await repo.listDeposits(db, { merchantId: brand.id, status: q.status }, q);
      return { ...page, list: page.list.map((r) => opsDepositView(brand, r)) };
    },

    /** Credits a pending bank deposit once; approving again replays, a rejected one is a 409. */
    async approveDeposit(brand: Brand, id: string, note: string | undefined, actor: string) {
      const deposit = await opsDeposit(brand, id);
      const clearing = await ledger.systemAccount(db, brand.id, 'payments_clearing', brand.currency);
      const result = await ledger.transaction(async (tx) => {
        const applied = await credit(tx, brand, deposit, clearing, ['pending'], {
          decisionNote: note ?? null,
        });
        const now = (await repo.deposit(tx, brand.id, id))!;
        if (!applied && now.status !== 'paid') throw new AppError('request.state', { status: now.status });
        await repo.audit(tx, {
          merchantId: brand.id,
          actor,
          action: 'deposit.approve',
          target: `deposit:${id}`,
          payload: { amount: now.amount, member: now.account, note: note ?? null, replayed: !applied },
        });
        return { deposit: opsDepositView(brand, now), replayed: !applied };
      });
      if (!result.replayed) {
        tell(brand, {
          kind: 'deposit_credited',
          memberId: deposit.member_id,
          depositId: deposit.id,
          amount: String(deposit.amount),
        });
      }
      return result;
    },

    async rejectDeposit(brand: Brand, id: string, reason: string, actor: string) {
      await opsDeposit(brand, id);
      return ledger.transaction(async (tx) => {
        const applied = await repo.transitionDeposit(tx, brand.id, id, ['pending'], 'rejected', {
          decisionNote: reason,
        });
        const now = (await repo.deposit(tx, brand.id, id))!;
        if (!applied && now.status !== 'rejected')
          throw new AppError('request.state', { status: now.status });
        await repo.audit(tx, {
          merchantId: brand.id,
          actor,
          action: 'deposit.reject',
          target: `deposit:${id}`,
          payload: { amount: now.amount, member: now.account, reason, replayed: !applied },
        });
        return { deposit: opsDepositView(brand, now), replayed: !applied };
      });
    },
  };
}
