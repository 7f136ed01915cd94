import type { RouteBodyIn, RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsCall } from '../api/ops-client';

export type OpsAnnouncement = RouteReply<Routes['opsAnnouncementList']>['list'][number];
export type OpsAnnouncementBody = RouteBodyIn<Routes['opsAnnouncementCreate']>;
export type OpsHelpTopic = RouteReply<Routes['opsHelpTopicList']>['list'][number];
export type OpsAgentAnnouncement = RouteReply<Routes['opsAgentAnnouncementList']>['list'][number];
export type ContentPreview = RouteReply<Routes['opsContentPreview']>;

const keys = {
  all: (code: string) => ['ops', 'brand', code, 'content'] as const,
  announcements: (code: string, type: string) => ['ops', 'brand', code, 'content', 'ann', type] as const,
  help: (code: string) => ['ops', 'brand', code, 'content', 'help'] as const,
  agent: (code: string) => ['ops', 'brand', code, 'content', 'agent'] as const,
};

export function useAnnouncements(code: string, type: OpsAnnouncement['type']) {
  return useQuery({
    queryKey: keys.announcements(code, type),
    queryFn: ({ signal }) =>
      opsCall('opsAnnouncementList', {
        params: { merchantCode: code },
        query: { type, pageSize: 200 },
        signal,
      }),
  });
}

export function useHelpTopics(code: string) {
  return useQuery({
    queryKey: keys.help(code),
    queryFn: ({ signal }) => opsCall('opsHelpTopicList', { params: { merchantCode: code }, signal }),
  });
}

export function useAgentAnnouncements(code: string) {
  return useQuery({
    queryKey: keys.agent(code),
    queryFn: ({ signal }) =>
      opsCall('opsAgentAnnouncementList', {
        params: { merchantCode: code },
        query: { pageSize: 50 },
        signal,
      }),
  });
}

/** Every content change refreshes the desk's lists and the audit log. */
function useContentMutation<A, R>(code: string, fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.all(code) });
      void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'audit'] });
    },
  });
}

export function useSaveAnnouncement(code: string) {
  return useContentMutation(code, ({ id, body }: { id: string | null; body: OpsAnnouncementBody }) =>
    id
      ? opsCall('opsAnnouncementUpdate', { params: { merchantCode: code, announcementId: id }, body })
      : opsCall('opsAnnouncementCreate', { params: { merchantCode: code }, body }),
  );
}

export function useDeleteAnnouncement(code: string) {
  return useContentMutation(code, (id: string) =>
    opsCall('opsAnnouncementDelete', { params: { merchantCode: code, announcementId: id } }),
  );
}

export function useSaveHelpTopic(code: string) {
  return useContentMutation(code, (body: RouteBodyIn<Routes['opsHelpTopicSave']>) =>
    opsCall('opsHelpTopicSave', { params: { merchantCode: code }, body }),
  );
}

export function useDeleteHelpTopic(code: string) {
  return useContentMutation(code, ({ id, reason }: { id: string; reason: string }) =>
    opsCall('opsHelpTopicDelete', { params: { merchantCode: code, topicId: id }, query: { reason } }),
  );
}

export function useSaveAgentAnnouncement(code: string) {
  return useContentMutation(code, (body: RouteBodyIn<Routes['opsAgentAnnouncementCreate']>) =>
    opsCall('opsAgentAnnouncementCreate', { params: { merchantCode: code }, body }),
  );
}

export function usePreview(code: string) {
  return useMutation({
    mutationFn: (body: RouteBodyIn<Routes['opsContentPreview']>) =>
      opsCall('opsContentPreview', { params: { merchantCode: code }, body }),
  });
}

/** Reads a chosen file as a data URL and uploads it; resolves with the served address. */
export function useUploadImage(code: string) {
  return useMutation({
    mutationFn: async ({
      file,
      purpose,
    }: {
      file: File;
      purpose: 'banner' | 'game' | 'vendor' | 'popup';
    }) => {
      const image = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(file);
      });
      return opsCall('opsContentUpload', { params: { merchantCode: code }, body: { purpose, image } });
    },
  });
}
