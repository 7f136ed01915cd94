import type { WalletBalance } from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';
import { toMajor, toMinor } from '../../lib/money.js';
import { verifyPassword, hashPassword } from '../../lib/password.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/index.js';
import type { LedgerKind, LedgerService, Posting } from '../ledger/index.js';
import { throttleRules, type ThrottleService } from '../throttle/throttle.service.js';
import type { WalletRepository } from './wallet.repository.js';

export const MAIN = 'MAIN';
/** The original numbers the main wallet 2; vendor wallets follow in the brand's order. */
const MAIN_ACCOUNT_TYPE = 2;

type Member = AuthedSession['member'];

export function createWalletService(deps: {
  repository: WalletRepository;
  ledger: LedgerService;
  throttle: ThrottleService;
}) {
  const { repository, ledger, throttle } = deps;

  function walletAccount(
    brand: Brand,
    memberId: string,
    wallet: string,
    tx: Parameters<LedgerService['memberAccount']>[0],
  ) {
    return wallet === MAIN
      ? ledger.memberAccount(tx, brand.id, memberId, 'main', MAIN, brand.currency)
      : ledger.memberAccount(tx, brand.id, memberId, 'vendor', wallet, brand.currency);
  }

  function checkWallet(brand: Brand, wallet: string) {
    if (wallet !== MAIN && !brand.settings.transferWallets.includes(wallet)) {
      throw new AppError('wallet.unknown', { wallet });
    }
  }

  async function balance(brand: Brand, memberId: string): Promise<WalletBalance> {
    const rows = await repository.accountBalances(brand.id, memberId);
    return walletBalance(
      brand,
      new Map(rows.map((r) => [r.kind === 'main' ? MAIN : r.code, BigInt(r.balance)])),
    );
  }

  function walletBalance(brand: Brand, byCode: Map<string, bigint>): WalletBalance {
    const wallets = [MAIN, ...brand.settings.transferWallets];
    const scale = brand.currencyScale;
    const total = wallets.reduce((sum, w) => sum + (byCode.get(w) ?? 0n), 0n);
    return {
      sumBalance: toMajor(total, scale),
      balance: wallets.map((wallet, i) => ({
        accountTypeId: MAIN_ACCOUNT_TYPE + i,
        wallet,
        availBalance: toMajor(byCode.get(wallet) ?? 0n, scale),
      })),
      currency: brand.currency,
      currencySymbol: brand.currencySymbol,
      currencyScale: scale,
    };
  }

  /**
   * The balances after a transfer. When the brand's wallets are just the two the posting touched,
   * the posting's own `balance_after` figures are the answer (one query fewer on the busiest money
   * call); a replay, or a brand with more wallets, reads them.
   */
  async function balanceAfterTransfer(
    brand: Brand,
    memberId: string,
    posted: Posting,
    touched: { wallet: string; accountId: string }[],
  ): Promise<WalletBalance> {
    const wallets = [MAIN, ...brand.settings.transferWallets];
    if (!posted.replayed && wallets.every((w) => touched.some((t) => t.wallet === w))) {
      const byCode = new Map<string, bigint>();
      for (const { wallet, accountId } of touched) {
        const after = posted.entries.find((e) => e.accountId === accountId)?.balanceAfter;
        if (after === null || after === undefined) return balance(brand, memberId);
        byCode.set(wallet, after);
      }
      return walletBalance(brand, byCode);
    }
    return balance(brand, memberId);
  }

  async function checkPaymentPassword(brand: Brand, memberId: string, password: string) {
    const key = `paypwd:${brand.id}:${memberId}`;
    await throttle.assertNotBlocked(key);
    const row = await repository.paymentPasswordHash(memberId);
    if (!row?.payment_password_hash) throw new AppError('payment.password.required');
    if (!(await verifyPassword(row.payment_password_hash, password))) {
      await throttle.fail(key, throttleRules.loginFailuresPerAccount);
      throw new AppError('payment.password.invalid');
    }
    await throttle.reset(key);
  }

  return {
    balance,
    /** Checks the member's payment password (throttled like logins); throws on a wrong or missing one. */
    checkPaymentPassword,

    /**
     * Main ↔ vendor wallet transfer. Idempotent per member and key; "ALL" moves the whole balance
     * as read inside the same transaction.
     */
    async transfer(
      brand: Brand,
      member: Member,
      body: { fromWallet: string; toWallet: string; amount: number | string; requestId?: string | undefined },
      headerKey: string | undefined,
    ) {
      if (brand.settings.singleWallet) throw new AppError('function.disabled');
      const key = body.requestId ?? headerKey;
      if (!key || !/^[A-Za-z0-9._:-]{8,100}$/.test(key)) {
        throw new AppError('request_param_err', {
          fields: { requestId: 'an idempotency key of 8–100 characters' },
        });
      }
      const from = body.fromWallet.toUpperCase();
      const to = body.toWallet.toUpperCase();
      checkWallet(brand, from);
      checkWallet(brand, to);
      if (from === to || (from !== MAIN && to !== MAIN)) {
        throw new AppError('request_param_err', {
          fields: { toWallet: 'one side must be MAIN and the other a vendor wallet' },
        });
      }
      const fixed = body.amount === 'ALL' ? null : toMinor(body.amount, brand.currencyScale);
      const kind: LedgerKind = from === MAIN ? 'TRANSFER_OUT' : 'TRANSFER_IN';
      const idempotencyKey = `transfer:${member.id}:${key}`;
      const request = { from, to, amount: body.amount };
      const posting = (source: { id: string }, target: { id: string }, amount: bigint) => ({
        merchantId: brand.id,
        kind,
        idempotencyKey,
        request,
        memberId: member.id,
        reference: `${from}>${to}`,
        entries: [
          { accountId: source.id, amount: -amount },
          { accountId: target.id, amount },
        ],
      });
      let result: { posted: Posting; sourceId: string; targetId: string };
      if (fixed !== null) {
        // The common case is one statement (group-committed): account ids come from the cache.
        const accountId = (wallet: string) =>
          wallet === MAIN
            ? ledger.memberAccountId(brand.id, member.id, 'main', MAIN, brand.currency)
            : ledger.memberAccountId(brand.id, member.id, 'vendor', wallet, brand.currency);
        const [sourceId, targetId] = await Promise.all([accountId(from), accountId(to)]);
        const posted = await ledger.post(posting({ id: sourceId }, { id: targetId }, fixed));
        result = { posted, sourceId, targetId };
      } else {
        // "ALL" reads the balance it moves inside the same transaction.
        result = await ledger.transaction(async (tx) => {
          const source = await walletAccount(brand, member.id, from, tx);
          const target = await walletAccount(brand, member.id, to, tx);
          // A repeat must replay even when the wallet has been emptied since.
          const earlier = await ledger.findPosting(tx, brand.id, idempotencyKey, request);
          if (earlier) return { posted: earlier, sourceId: source.id, targetId: target.id };
          if (source.balance <= 0n) throw new AppError('wallet.insufficient');
          const posted = await ledger.post(posting(source, target, source.balance), tx);
          return { posted, sourceId: source.id, targetId: target.id };
        });
      }
      const { posted, sourceId, targetId } = result;
      const moved = posted.entries.find((e) => e.amount > 0n)!.amount;
      return {
        transactionId: posted.transactionId,
        amount: toMajor(moved, brand.currencyScale),
        replayed: posted.replayed,
        balance: await balanceAfterTransfer(brand, member.id, posted, [
          { wallet: from, accountId: sourceId },
          { wallet: to, accountId: targetId },
        ]),
      };
    },

    /** Transfer along the caller's own line: to a downline (agents) or to the direct upline. */
    async teamTransfer(
      brand: Brand,
      member: Member,
      body: {
        direction: 'DOWNLINE' | 'UPLINE';
        targetAccount?: string | undefined;
        amount: number | string;
        paymentPassword: string;
        requestId: string;
      },
    ) {
      const amount = toMinor(body.amount, brand.currencyScale);
      let target: { id: string; account: string } | undefined;
      if (body.direction === 'UPLINE') {
        if (member.parentId) {
          target = await repository.memberById(member.parentId);
        }
      } else {
        if (!brand.settings.agentTypes.includes(member.type)) throw new AppError('forbidden');
        if (!body.targetAccount)
          throw new AppError('request_param_err', { fields: { targetAccount: 'required' } });
        target = await repository.downlineByAccount(brand.id, member.id, body.targetAccount);
      }
      // Anyone outside the caller's line answers the same as a missing account.
      if (!target) throw new AppError('transfer.target.invalid');
      await checkPaymentPassword(brand, member.id, body.paymentPassword);
      const to = target;
      const posting = await ledger.transaction(async (tx) => {
        const source = await ledger.memberAccount(tx, brand.id, member.id, 'main', MAIN, brand.currency);
        const dest = await ledger.memberAccount(tx, brand.id, to.id, 'main', MAIN, brand.currency);
        return ledger.post(
          {
            merchantId: brand.id,
            kind: body.direction === 'UPLINE' ? 'TRANSFER_UPLINE' : 'TRANSFER_DOWNLINE',
            idempotencyKey: `team:${member.id}:${body.requestId}`,
            request: { direction: body.direction, to: to.id, amount: amount.toString() },
            memberId: member.id,
            reference: `${member.account}>${to.account}`,
            entries: [
              { accountId: source.id, amount: -amount },
              { accountId: dest.id, amount },
            ],
          },
          tx,
        );
      });
      return {
        transactionId: posting.transactionId,
        amount: toMajor(amount, brand.currencyScale),
        target: to.account,
        replayed: posting.replayed,
        balance: await balance(brand, member.id),
      };
    },

    async setPaymentPassword(
      memberId: string,
      body: { password: string; newPaymentPassword: string; confirmPaymentPassword: string },
    ) {
      const row = await repository.passwordHash(memberId);
      if (!(await verifyPassword(row.password_hash, body.password))) {
        throw new AppError('password.old.invalid', { fields: { password: 'invalid' } });
      }
      if (body.newPaymentPassword !== body.confirmPaymentPassword) {
        throw new AppError('password.confirmation', { fields: { confirmPaymentPassword: 'mismatch' } });
      }
      await repository.setPaymentPasswordHash(memberId, await hashPassword(body.newPaymentPassword));
      return { set: true as const };
    },

    /** The member's ledger movements, newest first, with filters and paging. */
    async history(
      brand: Brand,
      memberId: string,
      q: {
        from?: string | undefined;
        to?: string | undefined;
        kind?: string | undefined;
        wallet?: string | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const { total: totalCount, rows } = await repository.history(brand.id, memberId, {
        ...q,
        wallet: q.wallet?.toUpperCase(),
      });
      return {
        list: rows.map((r) => ({
          id: r.id,
          time: new Date(r.created_at).toISOString(),
          kind: r.kind as LedgerKind,
          wallet: r.account_kind === 'main' ? MAIN : r.code,
          amount: toMajor(r.amount, brand.currencyScale),
          balanceAfter: toMajor(r.balance_after ?? '0', brand.currencyScale),
          reference: r.reference,
        })),
        pageNo: q.pageNo,
        totalPages: Math.max(1, Math.ceil(totalCount / q.pageSize)),
        totalCount,
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
