import type {
  ConfirmStatus,
  DemoGatewayCallback,
  Deposit,
  DepositChannel,
  DepositStatus,
  Withdrawal,
  WithdrawStatus,
} from '@arcadia/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toMajor, toMinor } from '../../lib/money.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/brand.service.js';
import { requestHash, type LedgerService } from '../ledger/ledger.service.js';
import { MAIN, type WalletService } from '../wallet/wallet.service.js';
import type { DemoGateway } from './demo-gateway.js';
import type { DepositRow, PaymentsRepository, WithdrawRow } from './payments.repository.js';

type Member = AuthedSession['member'];

/** Largest proof image accepted with a receipt confirmation (5 MiB). */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A brand-file limit (major units, validated positive) in minor units. */
const limitMinor = (major: number, scale: number) => BigInt(Math.round(major * 10 ** scale));

/**
 * A proof image: base64 (optionally as a `data:image/…;base64,` URL), at most 5 MiB, and a PNG or
 * JPEG by its magic bytes (the declared type is not trusted).
 */
export function parseProof(input: string): { bytes: Buffer; mime: 'image/png' | 'image/jpeg' } {
  let text = input.trim();
  const prefix = /^data:image\/[a-z0-9.+-]+;base64,/i.exec(text);
  if (prefix) text = text.slice(prefix[0].length);
  if (text.length === 0 || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) {
    throw new AppError('proof.invalid', { reason: 'not_base64' });
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > PROOF_MAX_BYTES) throw new AppError('proof.invalid', { reason: 'too_large' });
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > png.length && png.every((b, i) => bytes[i] === b)) return { bytes, mime: 'image/png' };
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { bytes, mime: 'image/jpeg' };
  }
  throw new AppError('proof.invalid', { reason: 'not_png_or_jpeg' });
}

/** A signed amount in major units ("-12.50", 12.5) as signed minor units; zero is refused. */
function signedMinor(input: number | string, scale: number): bigint {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  const negative = text.startsWith('-');
  const minor = toMinor(text.replace(/^[-+]/, ''), scale);
  return negative ? -minor : minor;
}

/** A money event the member is told about (an inbox notice), raised after its transaction commits. */
export type PaymentNotice =
  | { kind: 'deposit_credited'; memberId: string; depositId: string; amount: string }
  | { kind: 'withdrawal_paid' | 'withdrawal_rejected'; memberId: string; withdrawId: string; amount: string };

export function createPaymentsService(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  wallet: WalletService;
  repository: PaymentsRepository;
  /** The built-in demo gateway; null when it is off (DEMO=0). */
  gateway: DemoGateway | null;
  /**
   * Told after a deposit is credited or a withdrawal settled, once the money has committed; not
   * awaited, and its failure never fails the payment.
   */
  notify?: (brand: Brand, notice: PaymentNotice) => void;
  /**
   * Responsible gaming's check of a new deposit (docs/responsible-gaming.md), run in the deposit's
   * transaction before it is recorded: throws when the member is on a break or a limit is reached.
   */
  depositGuard?: (tx: Transaction<Database>, memberId: string, amount: bigint) => Promise<void>;
  /**
   * The turnover the member's open bonuses still ask for (minor units), read in the withdrawal's
   * transaction: a withdrawal waits until it is 0 (docs/rewards.md).
   */
  turnoverLeft?: (
    tx: Kysely<Database> | Transaction<Database>,
    brand: Brand,
    memberId: string,
  ) => Promise<bigint>;
}) {
  const { db, ledger, wallet, repository: repo, gateway } = deps;

  function tell(brand: Brand, notice: PaymentNotice) {
    try {
      deps.notify?.(brand, notice);
    } catch {
      // A notice is a courtesy; the money has moved whatever happens to it.
    }
  }

  const confirmMinutes = (brand: Brand) => brand.settings.payments.confirmMinutes;

  /** A credit market (CREDITMAR3) hides deposits and withdrawals; the server refuses them too. */
  function assertMoneyMovement(brand: Brand) {
    if (brand.modules.CREDITMAR3 === true) throw new AppError('function.disabled');
  }

  function channels(brand: Brand) {
    return brand.settings.payments.channels.filter((c) => c.kind !== 'DEMO_GATEWAY' || gateway !== null);
  }

  function depositView(brand: Brand, row: DepositRow): Deposit {
    return {
      depositId: row.id,
      channel: row.channel,
      channelKind: row.channel_kind,
      amount: toMajor(row.amount, brand.currencyScale),
      status: row.status,
      payerNote: row.payer_note,
      gatewayRef: row.gateway_ref,
      createdAt: iso(row.created_at)!,
      updatedAt: iso(row.updated_at)!,
    };
  }

  function opsDepositView(brand: Brand, row: DepositRow) {
    return {
      ...depositView(brand, row),
      memberId: row.member_id,
      account: row.account,
      decisionNote: row.decision_note,
      ledgerTransactionId: row.ledger_transaction_id,
    };
  }

  function withdrawView(brand: Brand, row: WithdrawRow): Withdrawal {
    return {
      withdrawId: row.id,
      amount: toMajor(row.amount, brand.currencyScale),
      status: row.status,
      confirmStatus: row.confirm_status,
      remainingAmount:
        row.remaining_amount === null ? null : toMajor(row.remaining_amount, brand.currencyScale),
      bankName: row.bank_name,
      accountNumber: row.account_number,
      accountName: row.account_name,
      payeeName: row.payee_name,
      createdAt: iso(row.created_at)!,
      decidedAt: iso(row.decided_at),
      paidAt: iso(row.paid_at),
      confirmDeadline: row.confirm_status === 'none' ? iso(row.confirm_deadline) : null,
      confirmedAt:
        row.confirm_status === 'auto_received' && row.confirmed_at === null
          ? iso(row.confirm_deadline ?? null)
          : iso(row.confirmed_at),
    };
  }

  function opsWithdrawView(brand: Brand, row: WithdrawRow) {
    return {
      ...withdrawView(brand, row),
      memberId: row.member_id,
      account: row.account,
      decisionNote: row.decision_note,
      proofMime: row.proof_mime,
      holdTransactionId: row.hold_tx_id,
      settleTransactionId: row.settle_tx_id,
    };
  }

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
    // ── member: deposits ────────────────────────────────────────────────────────────────────
    async depositSettings(brand: Brand, member: Member) {
      const list: DepositChannel[] = channels(brand).map((c) => ({
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
      const channel = channels(brand).find((c) => c.code === body.channel.toUpperCase());
      if (!channel) throw new AppError('payment.channel.unknown', { channel: body.channel });
      const amount = toMinor(body.amount, brand.currencyScale);
      const min = limitMinor(channel.min, brand.currencyScale);
      const max = limitMinor(channel.max, brand.currencyScale);
      if (amount < min || amount > max) {
        throw new AppError('deposit.limit', { min: channel.min, max: channel.max });
      }
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

    // ── member: withdrawals ─────────────────────────────────────────────────────────────────
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
      await wallet.checkPaymentPassword(brand, member.id, body.paymentPassword);
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

      const limits = brand.settings.payments.withdraw;
      const scale = brand.currencyScale;
      if (amount < limitMinor(limits.min, scale) || amount > limitMinor(limits.max, scale)) {
        throw new AppError('withdraw.limit', { min: limits.min, max: limits.max });
      }
      const profile = await repo.member(db, brand.id, member.id);
      const payeeName = profile?.profile.payeeName ?? null;
      const clearing = await ledger.systemAccount(db, brand.id, 'withdrawals_clearing', brand.currency);

      return ledger.transaction(async (tx) => {
        const main = await ledger.memberAccount(tx, brand.id, member.id, 'main', MAIN, brand.currency);
        await repo.lockAccount(tx, main.id);
        const raced = await repo.withdrawByRequest(tx, member.id, body.requestId, minutes);
        if (raced) return withdrawReply(raced, brand, hash, true);
        const owed = (await deps.turnoverLeft?.(tx, brand, member.id)) ?? 0n;
        if (owed > 0n) throw new AppError('withdraw.turnover_required', { remaining: toMajor(owed, scale) });
        if (limits.dailyCount > 0) {
          const usedToday = await repo.withdrawalsToday(tx, member.id);
          if (usedToday >= limits.dailyCount) {
            throw new AppError('withdraw.daily.count', { dailyCount: limits.dailyCount, usedToday });
          }
        }
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

      let remaining: bigint | null = null;
      if (body.status === 'partial') {
        if (body.remainingAmount === undefined) {
          throw new AppError('request_param_err', { fields: { remainingAmount: 'required for partial' } });
        }
        remaining = toMinor(body.remainingAmount, brand.currencyScale, 'remainingAmount');
        if (remaining >= BigInt(row.amount)) {
          throw new AppError('request_param_err', {
            fields: { remainingAmount: 'must be less than the withdrawn amount' },
          });
        }
      } else if (body.remainingAmount !== undefined) {
        throw new AppError('request_param_err', { fields: { remainingAmount: 'only with partial' } });
      }
      const proof = body.proof === undefined ? null : parseProof(body.proof);
      if (body.status === 'not_received' && !proof)
        throw new AppError('proof.invalid', { reason: 'required' });

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
