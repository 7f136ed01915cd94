import type { RewardsSettingsUpdate, RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsCall } from './ops-client';

export type OpsApplication = RouteReply<Routes['opsApplications']>['list'][number];
export type OpsReferral = RouteReply<Routes['opsReferrals']>['list'][number];
export type OpsRedemption = RouteReply<Routes['opsPointRedemptions']>['list'][number];

const keys = {
  applications: (code: string) => ['ops', 'brand', code, 'applications'] as const,
  referrals: (code: string) => ['ops', 'brand', code, 'referrals'] as const,
  redemptions: (code: string) => ['ops', 'brand', code, 'redemptions'] as const,
};

/** Activity applications waiting for a decision. */
export function useOpsApplications(code: string) {
  return useQuery({
    queryKey: keys.applications(code),
    queryFn: ({ signal }) =>
      opsCall('opsApplications', { params: { merchantCode: code }, query: { status: 'applying' }, signal }),
    refetchInterval: 60_000,
  });
}

/** Referrals flagged for a decision (shared IP address or device). */
export function useOpsReferrals(code: string) {
  return useQuery({
    queryKey: keys.referrals(code),
    queryFn: ({ signal }) =>
      opsCall('opsReferrals', { params: { merchantCode: code }, query: { status: 'flagged' }, signal }),
    refetchInterval: 60_000,
  });
}

export async function fetchApplicationImage(code: string, id: string, n: number): Promise<string> {
  const r = await opsCall('opsApplicationImage', { params: { merchantCode: code, id, n } });
  return `data:${r.mime};base64,${r.data}`;
}

export function useReviewApplication(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; action: 'approve' | 'reject'; amount?: number; reason: string }) =>
      opsCall('opsApplicationReview', {
        params: { merchantCode: code, id: v.id },
        body: { action: v.action, reason: v.reason, ...(v.amount ? { amount: v.amount } : {}) },
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'rewards-liabilities'] });
      void client.invalidateQueries({ queryKey: keys.applications(code) });
      void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'audit'] });
    },
  });
}

export function useReviewReferral(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { refereeId: string; action: 'pay' | 'reject'; reason: string }) =>
      opsCall('opsReferralReview', {
        params: { merchantCode: code, refereeId: v.refereeId },
        body: { action: v.action, reason: v.reason },
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: keys.referrals(code) });
      void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'audit'] });
    },
  });
}

/** Points-mall goods waiting to be shipped (or refused). */
export function useOpsRedemptions(code: string) {
  return useQuery({
    queryKey: keys.redemptions(code),
    queryFn: ({ signal }) =>
      opsCall('opsPointRedemptions', {
        params: { merchantCode: code },
        query: { status: 'process' },
        signal,
      }),
    refetchInterval: 60_000,
  });
}

export function useReviewRedemption(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; decision: 'approve' | 'reject'; note: string }) =>
      opsCall('opsPointReview', {
        params: { merchantCode: code, id: v.id },
        body: { decision: v.decision, note: v.note },
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: keys.redemptions(code) });
      void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'audit'] });
    },
  });
}

/** What the brand's rewards owe or hold, and the decisions waiting. */
export function useOpsRewardsLiabilities(code: string) {
  return useQuery({
    queryKey: ['ops', 'brand', code, 'rewards-liabilities'],
    queryFn: ({ signal }) => opsCall('opsRewardsLiabilities', { params: { merchantCode: code }, signal }),
    refetchInterval: 60_000,
  });
}

export type OpsRewardsSettings = RouteReply<Routes['opsRewardsSettings']>;

export function useOpsRewardsSettings(code: string) {
  return useQuery({
    queryKey: ['ops', 'brand', code, 'rewards-settings'],
    queryFn: ({ signal }) => opsCall('opsRewardsSettings', { params: { merchantCode: code }, signal }),
  });
}

export function useSaveRewardsSettings(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RewardsSettingsUpdate) =>
      opsCall('opsRewardsSettingsUpdate', { params: { merchantCode: code }, body }),
    onSuccess: (value) => {
      client.setQueryData(['ops', 'brand', code, 'rewards-settings'], value);
      void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'audit'] });
      void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'rebate'] });
    },
  });
}
