import type { RouteBodyIn, RouteQueryIn, RouteReply, Routes } from '@arcadia/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

type Query<K extends keyof Routes> = NonNullable<RouteQueryIn<Routes[K]>>;
type Body<K extends keyof Routes> = NonNullable<RouteBodyIn<Routes[K]>>;

export type RegisterSettings = RouteReply<Routes['agentRegisterSettings']>;
export type CreateDownlineInput = Body<'agentCreateDownline'>;
export type Downline = RouteReply<Routes['agentCreateDownline']>;
export type AffiliatePage = RouteReply<Routes['agentAffiliateList']>;
export type AffiliateCode = AffiliatePage['list'][number];
export type CreateAffiliateInput = Body<'agentAffiliateCreate'>;
export type OverviewQuery = Query<'agentTeamOverview'>;
export type TeamOverview = RouteReply<Routes['agentTeamOverview']>;
export type OverviewDay = TeamOverview['series'][number];
export type DownlineQuery = Query<'agentDownlineList'>;
export type DownlinePage = RouteReply<Routes['agentDownlineList']>;
export type DownlineTransferInput = Body<'agentDownlineTransfer'>;
export type TeamBetsQuery = Query<'agentTeamBets'>;
export type TeamBetsPage = RouteReply<Routes['agentTeamBets']>;
export type TeamBet = TeamBetsPage['list'][number];
export type ProfitLossQuery = Query<'agentTeamProfitLoss'>;
export type ProfitLossPage = RouteReply<Routes['agentTeamProfitLoss']>;
export type ProfitLossRow = ProfitLossPage['list'][number];
export type IncomeQuery = Query<'agentIncome'>;
export type IncomePage = RouteReply<Routes['agentIncome']>;
export type IncomeItem = IncomePage['list'][number];
export type TeamTransactionsQuery = Query<'agentTeamTransactions'>;
export type TeamTransactionsPage = RouteReply<Routes['agentTeamTransactions']>;
export type TeamTransaction = TeamTransactionsPage['list'][number];
export type LedgerKind = RouteReply<Routes['memberTransactions']>['list'][number]['kind'];
export type AnnouncementPage = RouteReply<Routes['agentAnnouncements']>;
export type Announcement = AnnouncementPage['list'][number];

/** The contract's largest page: what a CSV export asks for, page after page. */
export const exportPageSize = 1000;
/** The longest date range the reports accept (contract: `report.range.invalid` past it). */
export const maxRangeDays = 93;

/**
 * Query keys of the agent centre, under `['member', …]` (logout forgets everything there) and
 * keyed by the session token so one agent's team never shows under another's session.
 */
export const agentKeys = {
  all: (token: string | null) => ['member', 'agent', token] as const,
  registerSettings: (token: string | null) => [...agentKeys.all(token), 'registerSettings'] as const,
  affiliates: (token: string | null) => [...agentKeys.all(token), 'affiliates'] as const,
  affiliatePage: (token: string | null, pageNo: number) => [...agentKeys.affiliates(token), pageNo] as const,
  overview: (token: string | null, q: OverviewQuery) => [...agentKeys.all(token), 'overview', q] as const,
  downlines: (token: string | null) => [...agentKeys.all(token), 'downlines'] as const,
  downlinePage: (token: string | null, q: DownlineQuery) => [...agentKeys.downlines(token), q] as const,
  teamBets: (token: string | null, q: TeamBetsQuery) => [...agentKeys.all(token), 'bets', q] as const,
  profitLoss: (token: string | null, q: ProfitLossQuery) => [...agentKeys.all(token), 'pnl', q] as const,
  income: (token: string | null, q: IncomeQuery) => [...agentKeys.all(token), 'income', q] as const,
  transactions: (token: string | null) => [...agentKeys.all(token), 'transactions'] as const,
  transactionPage: (token: string | null, q: TeamTransactionsQuery) =>
    [...agentKeys.transactions(token), q] as const,
  announcements: (token: string | null, pageNo: number) =>
    [...agentKeys.all(token), 'announcements', pageNo] as const,
};

const useToken = () => useSessionStore((s) => s.token);

/** A paged report: the previous page stays on screen while the next one loads. */
function usePaged<T>(key: readonly unknown[], fetch: (signal: AbortSignal) => Promise<T>) {
  const token = useToken();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetch(signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

export function useRegisterSettingsQuery() {
  const token = useToken();
  return useQuery({
    queryKey: agentKeys.registerSettings(token),
    queryFn: ({ signal }) => call('agentRegisterSettings', { signal }),
    enabled: !!token,
    staleTime: 5 * 60_000,
  });
}

export function useAffiliatesQuery(pageNo: number, enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: agentKeys.affiliatePage(token, pageNo),
    queryFn: ({ signal }) => call('agentAffiliateList', { query: { pageNo, pageSize: 10 }, signal }),
    enabled: !!token && enabled,
    placeholderData: keepPreviousData,
  });
}

export function useTeamOverviewQuery(query: OverviewQuery) {
  const token = useToken();
  return usePaged(agentKeys.overview(token, query), (signal) => call('agentTeamOverview', { query, signal }));
}

export function useDownlinesQuery(query: DownlineQuery) {
  const token = useToken();
  return usePaged(agentKeys.downlinePage(token, query), (signal) =>
    call('agentDownlineList', { query, signal }),
  );
}

export function useTeamBetsQuery(query: TeamBetsQuery) {
  const token = useToken();
  return usePaged(agentKeys.teamBets(token, query), (signal) => call('agentTeamBets', { query, signal }));
}

export function useProfitLossQuery(query: ProfitLossQuery) {
  const token = useToken();
  return usePaged(agentKeys.profitLoss(token, query), (signal) =>
    call('agentTeamProfitLoss', { query, signal }),
  );
}

export function useIncomeQuery(query: IncomeQuery) {
  const token = useToken();
  return usePaged(agentKeys.income(token, query), (signal) => call('agentIncome', { query, signal }));
}

export function useTeamTransactionsQuery(query: TeamTransactionsQuery) {
  const token = useToken();
  return usePaged(agentKeys.transactionPage(token, query), (signal) =>
    call('agentTeamTransactions', { query, signal }),
  );
}

export function useAnnouncementsQuery(pageNo: number) {
  const token = useToken();
  return usePaged(agentKeys.announcements(token, pageNo), (signal) =>
    call('agentAnnouncements', { query: { pageNo, pageSize: 10 }, signal }),
  );
}

/** Creates a direct downline; the team lists are fetched again. */
export function useCreateDownline() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (body: CreateDownlineInput) => call('agentCreateDownline', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: agentKeys.all(token) }),
  });
}

export function useCreateAffiliate() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (body: CreateAffiliateInput) => call('agentAffiliateCreate', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: agentKeys.affiliates(token) }),
  });
}

export function useToggleAffiliate() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      call('agentAffiliateUpdate', { params: { affiliateId: id }, body: { enabled } }),
    onSettled: () => void client.invalidateQueries({ queryKey: agentKeys.affiliates(token) }),
  });
}

/**
 * Transfer to a downline. Whatever the outcome (a lost reply leaves it unknown), every figure of
 * the agent centre and the wallet balance is fetched again.
 */
export function useDownlineTransfer() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (body: DownlineTransferInput) => call('agentDownlineTransfer', { body }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: agentKeys.all(token) });
      // The header balance lives under the wallet's keys (`['member', 'wallet', token]`).
      void client.invalidateQueries({ queryKey: ['member', 'wallet', token] });
    },
  });
}

/** Every row of a report for its CSV export: the same filters, the largest pages. */
export function fetchReportPage<
  K extends
    'agentDownlineList' | 'agentTeamBets' | 'agentTeamProfitLoss' | 'agentIncome' | 'agentTeamTransactions',
>(name: K, query: Query<K>, pageNo: number): Promise<RouteReply<Routes[K]>> {
  return call(name, {
    query: { ...query, pageNo, pageSize: exportPageSize } as Query<K>,
  } as never) as Promise<RouteReply<Routes[K]>>;
}
