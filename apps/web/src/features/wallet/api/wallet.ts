import type { RouteBodyIn, RouteQueryIn, RouteReply, Routes } from '@arcadia/contract';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { session } from '../../../lib/storage';

type Body<K extends keyof Routes> = NonNullable<RouteBodyIn<Routes[K]>>;

export type WalletBalance = RouteReply<Routes['walletBalance']>;
export type TransferInput = Body<'walletTransfer'>;
export type TransferReply = RouteReply<Routes['walletTransfer']>;
export type TeamTransferInput = Body<'teamTransfer'>;
export type SetPaymentPasswordInput = Body<'setPaymentPassword'>;
export type TransactionsQuery = NonNullable<RouteQueryIn<Routes['memberTransactions']>>;
export type TransactionsPage = RouteReply<Routes['memberTransactions']>;
export type MemberTransaction = TransactionsPage['list'][number];
export type LedgerKind = MemberTransaction['kind'];

/**
 * Query keys of the wallet. Everything sits under `['member', …]` so that logout's
 * `removeQueries(['member'])` forgets it, and is keyed by the session token so one session's
 * money never shows under another.
 */
export const walletKeys = {
  all: (token: string | null) => ['member', 'wallet', token] as const,
  balance: (token: string | null) => [...walletKeys.all(token), 'balance'] as const,
  merchantWallet: (token: string | null) => [...walletKeys.all(token), 'merchantWallet'] as const,
  transactions: (token: string | null) => [...walletKeys.all(token), 'transactions'] as const,
  transactionsPage: (token: string | null, query: TransactionsQuery) =>
    [...walletKeys.transactions(token), query] as const,
};

const useToken = () => useSessionStore((s) => s.token);

/**
 * The member's wallets (spec §3 public state `balance`, `currencySymbol`). Refetched whenever the
 * window regains focus (money may have moved in a game tab) and after every money mutation.
 */
export function useBalanceQuery() {
  const token = useToken();
  return useQuery({
    queryKey: walletKeys.balance(token),
    queryFn: ({ signal }) => call('walletBalance', { signal }),
    enabled: !!token,
    staleTime: 10_000,
    refetchOnWindowFocus: 'always',
  });
}

/**
 * `GCS_merchantWallet` (spec §7: cached). `isSingle = 1` hides My Wallet. The answer is kept in
 * the `merchantWallet` session item so a reload knows it before the call returns.
 */
export function useMerchantWalletQuery() {
  const token = useToken();
  const stored = session.get('merchantWallet');
  return useQuery({
    queryKey: walletKeys.merchantWallet(token),
    queryFn: async () => {
      const reply = await call('merchantWallet');
      session.set('merchantWallet', String(reply.isSingle));
      return reply;
    },
    enabled: !!token,
    staleTime: Infinity,
    ...(stored === '0' || stored === '1' ? { initialData: { isSingle: Number(stored) as 0 | 1 } } : {}),
  });
}

/** The account record (ledger movements), one page at a time; the last page stays while the next loads. */
export function useMemberTransactionsQuery(query: TransactionsQuery) {
  const token = useToken();
  return useQuery({
    queryKey: walletKeys.transactionsPage(token, query),
    queryFn: ({ signal }) => call('memberTransactions', { query, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

/**
 * After any money mutation, whatever its outcome (a network failure leaves the outcome unknown,
 * a refusal means the figure on screen was stale): fetch balances and records again.
 */
export function refreshMoney(client: QueryClient, token: string | null) {
  void client.invalidateQueries({ queryKey: walletKeys.balance(token) });
  void client.invalidateQueries({ queryKey: walletKeys.transactions(token) });
}

/** Replies that carry the new balance show it at once, before the refetch lands. */
function useMoneyMutation<TInput, TReply extends { balance: WalletBalance }>(
  mutationFn: (input: TInput) => Promise<TReply>,
) {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn,
    onSuccess: (reply) => client.setQueryData(walletKeys.balance(token), reply.balance),
    onSettled: () => refreshMoney(client, token),
  });
}

/**
 * Main ↔ vendor wallet transfer. The caller supplies `requestId` (one per user action, reused
 * when the same action is retried) so a retry after a lost reply cannot move money twice.
 */
export function useTransferFunds() {
  return useMoneyMutation((body: TransferInput) => call('walletTransfer', { body }));
}

/** Transfer to the upline or a downline (encrypted body; needs the payment password). */
export function useTeamTransfer() {
  return useMoneyMutation((body: TeamTransferInput) => call('teamTransfer', { body }));
}

/** Set or change the payment password, confirmed with the login password (encrypted body). */
export function useSetPaymentPassword() {
  return useMutation({
    mutationFn: (body: SetPaymentPasswordInput) => call('setPaymentPassword', { body }),
  });
}
