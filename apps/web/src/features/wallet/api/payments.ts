import type { RouteBodyIn, RouteReply, Routes } from '@arcadia/contract';
import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { refreshMoney, walletKeys } from './wallet';

type Body<K extends keyof Routes> = NonNullable<RouteBodyIn<Routes[K]>>;

export type DepositSettings = RouteReply<Routes['depositSettings']>;
export type DepositChannel = DepositSettings['channels'][number];
export type DepositInput = Body<'depositCreate'>;
export type DepositCreated = RouteReply<Routes['depositCreate']>;
export type Deposit = RouteReply<Routes['depositDetail']>;
export type DepositStatus = Deposit['status'];
export type DepositsPage = RouteReply<Routes['depositList']>;
export type WithdrawSettings = RouteReply<Routes['withdrawSettings']>;
export type WithdrawInput = Body<'withdrawCreate'>;
export type WithdrawCreated = RouteReply<Routes['withdrawCreate']>;
export type Withdrawal = RouteReply<Routes['withdrawConfirm']>;
export type WithdrawStatus = Withdrawal['status'];
export type ConfirmStatus = Withdrawal['confirmStatus'];
export type WithdrawalsPage = RouteReply<Routes['withdrawList']>;
export type ConfirmationList = RouteReply<Routes['paymentConfirmationList']>;
export type ConfirmReceiptInput = Body<'withdrawConfirm'>;

/** Deposit and withdrawal query keys, under the wallet's (so logout forgets them too). */
export const paymentKeys = {
  deposits: (token: string | null) => [...walletKeys.all(token), 'deposits'] as const,
  depositSettings: (token: string | null) => [...paymentKeys.deposits(token), 'settings'] as const,
  depositPage: (token: string | null, pageNo: number, pageSize: number) =>
    [...paymentKeys.deposits(token), 'page', pageNo, pageSize] as const,
  deposit: (token: string | null, depositId: string) =>
    [...paymentKeys.deposits(token), 'one', depositId] as const,
  withdrawals: (token: string | null) => [...walletKeys.all(token), 'withdrawals'] as const,
  withdrawSettings: (token: string | null) => [...paymentKeys.withdrawals(token), 'settings'] as const,
  withdrawPage: (token: string | null, pageNo: number, pageSize: number) =>
    [...paymentKeys.withdrawals(token), 'page', pageNo, pageSize] as const,
  confirmations: (token: string | null) => [...paymentKeys.withdrawals(token), 'confirmations'] as const,
};

/** How often the deposit page asks for a deposit's status after the gateway, and for how long. */
export const depositPoll = { intervalMs: 1500, forMs: 60_000 };

/** A deposit's final states: nothing changes after them (a paid one is credited). */
export const isDepositFinal = (status: DepositStatus | undefined) =>
  status !== undefined && status !== 'pending';

const useToken = () => useSessionStore((s) => s.token);

export function useDepositSettingsQuery() {
  const token = useToken();
  return useQuery({
    queryKey: paymentKeys.depositSettings(token),
    queryFn: ({ signal }) => call('depositSettings', { signal }),
    enabled: !!token,
  });
}

export function useDepositsQuery(pageNo: number, pageSize: number) {
  const token = useToken();
  return useQuery({
    queryKey: paymentKeys.depositPage(token, pageNo, pageSize),
    queryFn: ({ signal }) => call('depositList', { query: { pageNo, pageSize }, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * One deposit, asked for every `depositPoll.intervalMs` while it is pending and `pollUntil`
 * (a `Date.now()` time) has not passed. After a gateway only the gateway's signed notification
 * moves money, so the page waits for the status to leave `pending`.
 */
export function useDepositQuery(depositId: string, pollUntil: number) {
  const token = useToken();
  return useQuery({
    queryKey: paymentKeys.deposit(token, depositId),
    queryFn: ({ signal }) => call('depositDetail', { params: { depositId }, signal }),
    enabled: !!token,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.status === 'error' || isDepositFinal(query.state.data?.status) || Date.now() >= pollUntil
        ? false
        : depositPoll.intervalMs,
  });
}

/**
 * Requests a deposit. The caller supplies `requestId` (one per user action, reused when the same
 * action is retried), so a retry after a lost reply returns the same deposit.
 */
export function useCreateDeposit() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (body: DepositInput) => call('depositCreate', { body }),
    onSettled: () => void client.invalidateQueries({ queryKey: paymentKeys.deposits(token) }),
  });
}

/** Withdrawal settings; `usedToday` and `hasPaymentPassword` change elsewhere, so always refetched. */
export function useWithdrawSettingsQuery() {
  const token = useToken();
  return useQuery({
    queryKey: paymentKeys.withdrawSettings(token),
    queryFn: ({ signal }) => call('withdrawSettings', { signal }),
    enabled: !!token,
    staleTime: 0,
  });
}

export function useWithdrawalsQuery(pageNo: number, pageSize: number) {
  const token = useToken();
  return useQuery({
    queryKey: paymentKeys.withdrawPage(token, pageNo, pageSize),
    queryFn: ({ signal }) => call('withdrawList', { query: { pageNo, pageSize }, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Paid withdrawals still waiting for the member's word on receipt (spec §4). */
export function usePaymentConfirmationsQuery() {
  const token = useToken();
  return useQuery({
    queryKey: paymentKeys.confirmations(token),
    queryFn: ({ signal }) => call('paymentConfirmationList', { signal }),
    enabled: !!token,
    staleTime: 0,
  });
}

/**
 * Requests a withdrawal (encrypted body, with the payment password). The amount is held at once,
 * so the balance and the account record are fetched again whatever the outcome.
 */
export function useCreateWithdrawal() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (body: WithdrawInput) => call('withdrawCreate', { body }),
    onSettled: () => {
      refreshMoney(client, token);
      void client.invalidateQueries({ queryKey: paymentKeys.withdrawals(token) });
    },
  });
}

/** The member's confirmation of receipt; final once accepted. */
export function useConfirmReceipt() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (body: ConfirmReceiptInput) => call('withdrawConfirm', { body }),
    onSettled: () => void client.invalidateQueries({ queryKey: paymentKeys.withdrawals(token) }),
  });
}

/** After a deposit is credited: balances, the account record and the deposit history. */
export function useRefreshAfterDeposit() {
  const client = useQueryClient();
  const token = useToken();
  return useCallback(() => {
    refreshMoney(client, token);
    void client.invalidateQueries({ queryKey: paymentKeys.deposits(token) });
  }, [client, token]);
}
