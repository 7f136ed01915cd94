import type { RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { call } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export type PromotionItem = RouteReply<Routes['promotionList']>['list'][number];
export type BonusStatus = RouteReply<Routes['bonusStatus']>;

/** Promotions depend on the member (statuses) and the language (texts). */
const promotionsKey = (token: string | null, language: string) =>
  ['member', 'promotions', token, language] as const;
const bonusKey = (token: string | null) => ['member', 'bonus', token] as const;

export function usePromotionsQuery() {
  const token = useSessionStore((s) => s.token);
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: promotionsKey(token, i18n.language),
    queryFn: ({ signal }) => call('promotionList', { signal }),
    staleTime: 30_000,
  });
}

export function useBonusStatusQuery() {
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore((s) => s.isTrial);
  return useQuery({
    queryKey: bonusKey(token),
    queryFn: ({ signal }) => call('bonusStatus', { signal }),
    enabled: !!token && !isTrial,
  });
}

function useRefreshBonus() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return () => {
    void client.invalidateQueries({ queryKey: ['member', 'promotions', token] });
    void client.invalidateQueries({ queryKey: bonusKey(token) });
  };
}

export function useClaimPromotion() {
  const refresh = useRefreshBonus();
  return useMutation({
    mutationFn: (promotionId: string) => call('promotionClaim', { body: { promotionId } }),
    onSettled: refresh,
  });
}

export function useForfeitBonus() {
  const refresh = useRefreshBonus();
  return useMutation({
    mutationFn: (grantId: string) => call('bonusForfeit', { body: { grantId } }),
    onSettled: refresh,
  });
}

export type RewardCenterItem = RouteReply<Routes['rewardCenter']>['list'][number];

/** Everything the member can claim now; its count is the menus' reward-centre badge. */
export function useRewardCenterQuery() {
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore((s) => s.isTrial);
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['member', 'promotions', token, i18n.language, 'centre'],
    queryFn: ({ signal }) => call('rewardCenter', { signal }),
    enabled: !!token && !isTrial,
    staleTime: 60_000,
  });
}

/** The reward-centre badge: how many rewards wait to be claimed (0 for visitors and trial accounts). */
export function useRewardCount(): number {
  return useRewardCenterQuery().data?.count ?? 0;
}
