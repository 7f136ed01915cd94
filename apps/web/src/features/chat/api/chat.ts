import type { ChatMessage, RouteBodyIn, RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type ChatHostItem = RouteReply<Routes['chatModelList']>['list'][number];
export type ChatRoomReply = RouteReply<Routes['chatMessages']>;
export type { ChatMessage };

export const chatKeys = {
  models: ['chat', 'models'] as const,
  /** A room's messages: under the member's prefix, so an ended session drops them. */
  room: (modelId: string) => ['member', 'chat', 'room', modelId] as const,
  permission: (modelId: string) => ['member', 'chat', 'permission', modelId] as const,
  unread: ['member', 'chat', 'unread'] as const,
};

/** The brand's hosts (public). */
export function useChatModels() {
  return useQuery({
    queryKey: chatKeys.models,
    queryFn: ({ signal }) => call('chatModelList', { signal }),
    refetchInterval: 30_000,
  });
}

export function useChatUnread(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: ({ signal }) => call('chatUnread', { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useChatRoom(modelId: string) {
  return useQuery({
    queryKey: chatKeys.room(modelId),
    queryFn: ({ signal }) => call('chatMessages', { query: { modelId, limit: 50 }, signal }),
  });
}

export function useChatPermission(modelId: string) {
  return useQuery({
    queryKey: chatKeys.permission(modelId),
    queryFn: ({ signal }) => call('chatPermission', { query: { modelId }, signal }),
  });
}

export const useSendChat = () =>
  useMutation({ mutationFn: (body: RouteBodyIn<Routes['chatSend']>) => call('chatSend', { body }) });
export const useTipHost = () =>
  useMutation({ mutationFn: (body: RouteBodyIn<Routes['chatTip']>) => call('chatTip', { body }) });
export const useModerateChat = () =>
  useMutation({ mutationFn: (body: RouteBodyIn<Routes['chatModerate']>) => call('chatModerate', { body }) });
export const useHostStatus = () =>
  useMutation({
    mutationFn: (body: RouteBodyIn<Routes['chatHostStatus']>) => call('chatHostStatus', { body }),
  });
export const launchChat = (modelId: string) => call('chatLaunch', { query: { modelId } });
