import type { Deposit, Withdrawal } from '@arcadia/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toMajor } from '../../lib/money.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { WalletService } from '../wallet/index.js';
import type { DemoGateway } from './demo-gateway.js';
import type { DepositRow, PaymentsRepository, WithdrawRow } from './payments.repository.js';

/*
 * What the payments services share: their dependencies, the notice they raise, the credit-market
 * switch, and the member's and the operator's views of deposit and withdrawal rows.
 */

export type Member = AuthedSession['member'];

/** A money event the member is told about (an inbox notice), raised after its transaction commits. */
export type PaymentNotice =
  | { kind: 'deposit_credited'; memberId: string; depositId: string; amount: string }
  | { kind: 'withdrawal_paid' | 'withdrawal_rejected'; memberId: string; withdrawId: string; amount: string };

export interface PaymentsDeps {
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
}

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A brand-file limit (major units, validated positive) in minor units. */
export const limitMinor = (major: number, scale: number) => BigInt(Math.round(major * 10 ** scale));

export const confirmMinutes = (brand: Brand) => brand.settings.payments.confirmMinutes;

/** A credit market (CREDITMAR3) hides deposits and withdrawals; the server refuses them too. */
export function assertMoneyMovement(brand: Brand) {
  if (brand.modules.CREDITMAR3 === true) throw new AppError('function.disabled');
}

/** Tells `notify` of a settled payment; a notice is a courtesy and never fails the payment. */
export function teller(deps: Pick<PaymentsDeps, 'notify'>) {
  return (brand: Brand, notice: PaymentNotice) => {
    try {
      deps.notify?.(brand, notice);
    } catch {
      // A notice is a courtesy; the money has moved whatever happens to it.
    }
  };
}

export function depositView(brand: Brand, row: DepositRow): Deposit {
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

export function opsDepositView(brand: Brand, row: DepositRow) {
  return {
    ...depositView(brand, row),
    memberId: row.member_id,
    account: row.account,
    decisionNote: row.decision_note,
    ledgerTransactionId: row.ledger_transaction_id,
  };
}

export function withdrawView(brand: Brand, row: WithdrawRow): Withdrawal {
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

export function opsWithdrawView(brand: Brand, row: WithdrawRow) {
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
