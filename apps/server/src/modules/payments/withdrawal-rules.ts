import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toMajor, toMinor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import type { WalletService } from '../wallet/index.js';
import type { PaymentsRepository } from './payments.repository.js';
import { type PaymentsDeps, limitMinor } from './payments.shared.js';

/*
 * What a withdrawal must satisfy (docs/api.md "Withdrawals", spec §4), in the order
 * `payments.withdrawals.service.ts` checks it:
 *  1. the member's payment password (throttled like logins), before anything is read;
 *  2. the amount within the brand's `payments.withdraw` min and max (a replay skips this);
 *  3. inside the withdrawal's transaction, with the member's main account row locked: no turnover
 *     left on open bonuses (the rewards module's gate), then at most `dailyCount` a day;
 *  4. the balance: the hold posting (main wallet → withdrawals clearing) may not take the main
 *     wallet below zero — the ledger's balance check refuses it as `wallet.insufficient`.
 * A receipt confirmation (`receiptConfirmation`) carries a remaining amount only when partial, and a
 * proof image (`parseProof`) is required when the money did not arrive.
 */

/** Largest proof image accepted with a receipt confirmation (5 MiB). */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

/** Rule 1: the member's payment password; throws on a wrong or missing one. */
export function checkPaymentPassword(
  wallet: WalletService,
  brand: Brand,
  memberId: string,
  password: string,
) {
  return wallet.checkPaymentPassword(brand, memberId, password);
}

/** Rule 2: the amount within the brand's limits (`withdraw.limit`). */
export function checkWithdrawLimits(brand: Brand, amount: bigint) {
  const limits = brand.settings.payments.withdraw;
  const scale = brand.currencyScale;
  if (amount < limitMinor(limits.min, scale) || amount > limitMinor(limits.max, scale)) {
    throw new AppError('withdraw.limit', { min: limits.min, max: limits.max });
  }
}

/** Rule 3a: no turnover left on the member's open bonuses (`withdraw.turnover_required`). */
export async function checkTurnover(
  turnoverLeft: PaymentsDeps['turnoverLeft'],
  tx: Kysely<Database> | Transaction<Database>,
  brand: Brand,
  memberId: string,
) {
  const owed = (await turnoverLeft?.(tx, brand, memberId)) ?? 0n;
  if (owed > 0n)
    throw new AppError('withdraw.turnover_required', { remaining: toMajor(owed, brand.currencyScale) });
}

/** Rule 3b: at most the brand's `dailyCount` withdrawals a day (0: no limit). */
export async function checkDailyCount(
  repo: PaymentsRepository,
  tx: Transaction<Database>,
  brand: Brand,
  memberId: string,
) {
  const limits = brand.settings.payments.withdraw;
  if (limits.dailyCount > 0) {
    const usedToday = await repo.withdrawalsToday(tx, memberId);
    if (usedToday >= limits.dailyCount) {
      throw new AppError('withdraw.daily.count', { dailyCount: limits.dailyCount, usedToday });
    }
  }
}

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

/**
 * A receipt confirmation's remaining amount and proof: a remaining amount only with `partial` and
 * less than the withdrawn amount; a proof required with `not_received`.
 */
export function receiptConfirmation(
  brand: Brand,
  withdrawnAmount: string,
  body: {
    status: 'received' | 'partial' | 'not_received';
    remainingAmount?: number | string | undefined;
    proof?: string | undefined;
  },
) {
  let remaining: bigint | null = null;
  if (body.status === 'partial') {
    if (body.remainingAmount === undefined) {
      throw new AppError('request_param_err', { fields: { remainingAmount: 'required for partial' } });
    }
    remaining = toMinor(body.remainingAmount, brand.currencyScale, 'remainingAmount');
    if (remaining >= BigInt(withdrawnAmount)) {
      throw new AppError('request_param_err', {
        fields: { remainingAmount: 'must be less than the withdrawn amount' },
      });
    }
  } else if (body.remainingAmount !== undefined) {
    throw new AppError('request_param_err', { fields: { remainingAmount: 'only with partial' } });
  }
  const proof = body.proof === undefined ? null : parseProof(body.proof);
  if (body.status === 'not_received' && !proof) throw new AppError('proof.invalid', { reason: 'required' });
  return { remaining, proof };
}
