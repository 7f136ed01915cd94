import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type {
  ConfirmStatus,
  Database,
  DepositRequestTable,
  DepositStatus,
  PaymentChannelKind,
  WithdrawRequestTable,
  WithdrawStatus,
} from '../../db/schema.js';
import { type AuditEntry, writeAudit } from '../operator/index.js';

type Db = Kysely<Database> | Transaction<Database>;

export type DepositRow = Selectable<DepositRequestTable> & { account: string };
/** A withdrawal row without the proof bytes, plus the confirmation state as of now. */
export type WithdrawRow = Omit<Selectable<WithdrawRequestTable>, 'proof' | 'confirm_status'> & {
  account: string;
  /** The stored state, or `auto_received` once the confirmation window has passed. */
  confirm_status: ConfirmStatus;
  confirm_deadline: Date | null;
};

export interface PageQuery {
  pageNo: number;
  pageSize: number;
}

const minutes = (m: number) => sql`make_interval(mins => ${m}::int)`;

/** The confirmation state as of now: a paid withdrawal left unconfirmed too long counts as received. */
const effectiveConfirm = (confirmMinutes: number) =>
  sql<ConfirmStatus>`case when w.status = 'paid' and w.confirm_status = 'none'
    and w.paid_at <= now() - ${minutes(confirmMinutes)} then 'auto_received' else w.confirm_status end`;

const confirmDeadline = (confirmMinutes: number) =>
  sql<Date | null>`case when w.status = 'paid' and w.confirm_status = 'none'
    then w.paid_at + ${minutes(confirmMinutes)} end`;

/** Start of the current UTC day, on the database clock. */
const utcDayStart = sql<Date>`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;

/** Every query takes its executor: the root database or the caller's transaction (footguns). */
export function createPaymentsRepository() {
  function depositQuery(q: Db) {
    return q
      .selectFrom('deposit_request as d')
      .innerJoin('member as m', 'm.id', 'd.member_id')
      .selectAll('d')
      .select('m.account');
  }

  function withdrawQuery(q: Db, confirmMinutes: number) {
    return q
      .selectFrom('withdraw_request as w')
      .innerJoin('member as m', 'm.id', 'w.member_id')
      .select([
        'w.id',
        'w.merchant_id',
        'w.member_id',
        'w.request_id',
        'w.request_hash',
        'w.amount',
        'w.status',
        'w.payee_name',
        'w.bank_name',
        'w.account_number',
        'w.account_name',
        'w.decision_note',
        'w.created_at',
        'w.decided_at',
        'w.paid_at',
        'w.remaining_amount',
        'w.proof_mime',
        'w.confirmed_at',
        'w.hold_tx_id',
        'w.settle_tx_id',
        'm.account',
      ])
      .select([
        effectiveConfirm(confirmMinutes).as('confirm_status'),
        confirmDeadline(confirmMinutes).as('confirm_deadline'),
      ]);
  }

  async function paged<T>(
    count: () => Promise<{ n: string | number | bigint }>,
    rows: () => Promise<T[]>,
    q: PageQuery,
  ) {
    const totalCount = Number((await count()).n);
    return {
      list: await rows(),
      pageNo: q.pageNo,
      totalPages: Math.max(1, Math.ceil(totalCount / q.pageSize)),
      totalCount,
    };
  }

  return {
    // ── members ─────────────────────────────────────────────────────────────────────────────
    member(q: Db, merchantId: number, memberId: string) {
      return q
        .selectFrom('member')
        .select(['id', 'account', 'profile', 'payment_password_hash'])
        .where('id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
    },

    memberByAccount(q: Db, merchantId: number, account: string) {
      return q
        .selectFrom('member')
        .select(['id', 'account'])
        .where('merchant_id', '=', merchantId)
        .where(sql<string>`lower(account)`, '=', account.toLowerCase())
        .executeTakeFirst();
    },

    /** Takes the row lock of a ledger account: serialises a member's withdrawals (daily count). */
    async lockAccount(tx: Transaction<Database>, accountId: string) {
      await tx.selectFrom('ledger_account').select('id').where('id', '=', accountId).forUpdate().execute();
    },

    // ── deposits ────────────────────────────────────────────────────────────────────────────
    insertDeposit(
      tx: Db,
      row: {
        merchantId: number;
        memberId: string;
        requestId: string;
        requestHash: string;
        channel: string;
        channelKind: PaymentChannelKind;
        amount: bigint;
        payerNote: string | null;
      },
    ) {
      return tx
        .insertInto('deposit_request')
        .values({
          merchant_id: row.merchantId,
          member_id: row.memberId,
          request_id: row.requestId,
          request_hash: row.requestHash,
          channel: row.channel,
          channel_kind: row.channelKind,
          amount: row.amount.toString(),
          payer_note: row.payerNote,
        })
        .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
    },

    depositByRequest(q: Db, memberId: string, requestId: string) {
      return depositQuery(q)
        .where('d.member_id', '=', memberId)
        .where('d.request_id', '=', requestId)
        .executeTakeFirst();
    },

    /** The brand's deposit; with `memberId`, only when it is that member's. */
    deposit(q: Db, merchantId: number, id: string, memberId?: string): Promise<DepositRow | undefined> {
      let query = depositQuery(q).where('d.id', '=', id).where('d.merchant_id', '=', merchantId);
      if (memberId) query = query.where('d.member_id', '=', memberId);
      return query.executeTakeFirst();
    },

    /** Conditional transition: changes the row only while its status is one of `from`. */
    async transitionDeposit(
      tx: Db,
      merchantId: number,
      id: string,
      from: DepositStatus[],
      to: DepositStatus,
      extra: { gatewayRef?: string; decisionNote?: string | null } = {},
    ): Promise<boolean> {
      const row = await tx
        .updateTable('deposit_request')
        .set({
          status: to,
          updated_at: sql<Date>`now()`,
          ...(extra.gatewayRef !== undefined ? { gateway_ref: extra.gatewayRef } : {}),
          ...(extra.decisionNote !== undefined ? { decision_note: extra.decisionNote } : {}),
        })
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .where('status', 'in', from)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async setDepositLedgerTransaction(tx: Db, id: string, transactionId: string) {
      await tx
        .updateTable('deposit_request')
        .set({ ledger_transaction_id: transactionId })
        .where('id', '=', id)
        .execute();
    },

    async paidDepositCount(q: Db, memberId: string): Promise<number> {
      const row = await q
        .selectFrom('deposit_request')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .where('status', '=', 'paid')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    listDeposits(
      q: Db,
      filter: { merchantId: number; memberId?: string; status?: DepositStatus | undefined },
      page: PageQuery,
    ) {
      let base = q
        .selectFrom('deposit_request as d')
        .innerJoin('member as m', 'm.id', 'd.member_id')
        .where('d.merchant_id', '=', filter.merchantId);
      if (filter.memberId) base = base.where('d.member_id', '=', filter.memberId);
      if (filter.status) base = base.where('d.status', '=', filter.status);
      return paged(
        () => base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        () =>
          base
            .selectAll('d')
            .select('m.account')
            .orderBy('d.id', 'desc')
            .limit(page.pageSize)
            .offset((page.pageNo - 1) * page.pageSize)
            .execute(),
        page,
      );
    },

    // ── withdrawals ─────────────────────────────────────────────────────────────────────────
    insertWithdraw(
      tx: Db,
      row: {
        merchantId: number;
        memberId: string;
        requestId: string;
        requestHash: string;
        amount: bigint;
        payeeName: string | null;
        bankName: string | null;
        accountNumber: string | null;
        accountName: string | null;
      },
    ) {
      return tx
        .insertInto('withdraw_request')
        .values({
          merchant_id: row.merchantId,
          member_id: row.memberId,
          request_id: row.requestId,
          request_hash: row.requestHash,
          amount: row.amount.toString(),
          payee_name: row.payeeName,
          bank_name: row.bankName,
          account_number: row.accountNumber,
          account_name: row.accountName,
        })
        .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
    },

    withdrawByRequest(q: Db, memberId: string, requestId: string, confirmMinutes: number) {
      return withdrawQuery(q, confirmMinutes)
        .where('w.member_id', '=', memberId)
        .where('w.request_id', '=', requestId)
        .executeTakeFirst();
    },

    /** The brand's withdrawal; with `memberId`, only when it is that member's. */
    withdraw(
      q: Db,
      merchantId: number,
      id: string,
      confirmMinutes: number,
      memberId?: string,
    ): Promise<WithdrawRow | undefined> {
      let query = withdrawQuery(q, confirmMinutes)
        .where('w.id', '=', id)
        .where('w.merchant_id', '=', merchantId);
      if (memberId) query = query.where('w.member_id', '=', memberId);
      return query.executeTakeFirst();
    },

    /** Withdrawals the member requested today (UTC) that were not rejected. */
    async withdrawalsToday(q: Db, memberId: string): Promise<number> {
      const row = await q
        .selectFrom('withdraw_request')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .where('status', '<>', 'rejected')
        .where('created_at', '>=', utcDayStart)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async setWithdrawTransactions(tx: Db, id: string, ids: { hold?: string; settle?: string }) {
      await tx
        .updateTable('withdraw_request')
        .set({
          ...(ids.hold ? { hold_tx_id: ids.hold } : {}),
          ...(ids.settle ? { settle_tx_id: ids.settle } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /** pending → paid | rejected, only while pending. */
    async decideWithdraw(
      tx: Db,
      merchantId: number,
      id: string,
      to: Exclude<WithdrawStatus, 'pending'>,
      note: string | null,
    ): Promise<boolean> {
      const row = await tx
        .updateTable('withdraw_request')
        .set({
          status: to,
          decided_at: sql<Date>`now()`,
          decision_note: note,
          ...(to === 'paid' ? { paid_at: sql<Date>`now()` } : {}),
        })
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The member's confirmation: only once, only while paid and inside the confirmation window. */
    async confirmWithdraw(
      q: Db,
      memberId: string,
      id: string,
      confirmMinutes: number,
      value: {
        status: 'received' | 'partial' | 'not_received';
        remaining: bigint | null;
        proof: Buffer | null;
        proofMime: 'image/png' | 'image/jpeg' | null;
      },
    ): Promise<boolean> {
      const row = await q
        .updateTable('withdraw_request')
        .set({
          confirm_status: value.status,
          remaining_amount: value.remaining === null ? null : value.remaining.toString(),
          proof: value.proof,
          proof_mime: value.proofMime,
          confirmed_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .where('status', '=', 'paid')
        .where('confirm_status', '=', 'none')
        .where('paid_at', '>', sql<Date>`now() - ${minutes(confirmMinutes)}`)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Persists `auto_received` on every paid withdrawal of the brand past its window (a job). */
    async autoConfirmDue(q: Db, merchantId: number, confirmMinutes: number): Promise<number> {
      const result = await q
        .updateTable('withdraw_request')
        .set({
          confirm_status: 'auto_received',
          confirmed_at: sql<Date>`paid_at + ${minutes(confirmMinutes)}`,
        })
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'paid')
        .where('confirm_status', '=', 'none')
        .where('paid_at', '<=', sql<Date>`now() - ${minutes(confirmMinutes)}`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    listWithdrawals(
      q: Db,
      filter: {
        merchantId: number;
        memberId?: string;
        status?: WithdrawStatus | undefined;
        confirmStatus?: ConfirmStatus | undefined;
      },
      confirmMinutes: number,
      page: PageQuery,
    ) {
      let base = q
        .selectFrom('withdraw_request as w')
        .innerJoin('member as m', 'm.id', 'w.member_id')
        .where('w.merchant_id', '=', filter.merchantId);
      if (filter.memberId) base = base.where('w.member_id', '=', filter.memberId);
      if (filter.status) base = base.where('w.status', '=', filter.status);
      if (filter.confirmStatus)
        base = base.where(effectiveConfirm(confirmMinutes), '=', filter.confirmStatus);
      return paged(
        () => base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        () =>
          withdrawQuery(q, confirmMinutes)
            .where('w.merchant_id', '=', filter.merchantId)
            .$if(filter.memberId !== undefined, (qb) => qb.where('w.member_id', '=', filter.memberId!))
            .$if(filter.status !== undefined, (qb) => qb.where('w.status', '=', filter.status!))
            .$if(filter.confirmStatus !== undefined, (qb) =>
              qb.where(effectiveConfirm(confirmMinutes), '=', filter.confirmStatus!),
            )
            .orderBy('w.id', 'desc')
            .limit(page.pageSize)
            .offset((page.pageNo - 1) * page.pageSize)
            .execute(),
        page,
      );
    },

    /** Paid withdrawals of the member still inside their confirmation window, oldest first. */
    awaitingConfirmation(q: Db, memberId: string, confirmMinutes: number) {
      return withdrawQuery(q, confirmMinutes)
        .where('w.member_id', '=', memberId)
        .where('w.status', '=', 'paid')
        .where('w.confirm_status', '=', 'none')
        .where('w.paid_at', '>', sql<Date>`now() - ${minutes(confirmMinutes)}`)
        .orderBy('w.paid_at', 'asc')
        .limit(100)
        .execute();
    },

    proof(q: Db, merchantId: number, id: string) {
      return q
        .selectFrom('withdraw_request')
        .select(['proof', 'proof_mime'])
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
    },

    /** What the demo gateway shows on its pay page: the order and the brand it pays. */
    gatewayOrder(q: Db, id: string) {
      return q
        .selectFrom('deposit_request as d')
        .innerJoin('merchant as b', 'b.id', 'd.merchant_id')
        .select([
          'd.id',
          'd.amount',
          'd.status',
          'd.channel_kind',
          'b.code as merchant_code',
          'b.name as merchant_name',
          'b.currency',
          'b.currency_scale',
        ])
        .where('d.id', '=', id)
        .executeTakeFirst();
    },

    // ── operator audit ──────────────────────────────────────────────────────────────────────
    audit: (tx: Db, row: AuditEntry & { merchantId: number }) => writeAudit(tx, row),

    listAudit(q: Db, merchantId: number, action: string | undefined, page: PageQuery) {
      let base = q.selectFrom('operator_audit').where('merchant_id', '=', merchantId);
      if (action) base = base.where('action', '=', action);
      return paged(
        () => base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        () =>
          base
            .selectAll()
            .orderBy('id', 'desc')
            .limit(page.pageSize)
            .offset((page.pageNo - 1) * page.pageSize)
            .execute(),
        page,
      );
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
