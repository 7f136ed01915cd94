import type { InboxMessage } from '@arcadia/contract';
import { expect } from 'vitest';
import type { TestApp } from '../build-test-app.js';
import { ops } from './payments.js';

export interface InboxPage {
  list: InboxMessage[];
  pageNo: number;
  totalPages: number;
  totalCount: number;
  unread: number;
}

export function inboxClient(t: TestApp) {
  const as = (token: string) => ({ authorization: token });
  return {
    async page(token: string, query = ''): Promise<InboxPage> {
      const res = await t.app.inject({
        method: 'GET',
        url: `/wps/relay/CSP_getInbox${query}`,
        headers: as(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as InboxPage;
    },
    async unread(token: string): Promise<number> {
      const res = await t.app.inject({
        method: 'GET',
        url: '/wps/relay/CSP_unreadCount',
        headers: as(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as number;
    },
    detail: (token: string, id: string) =>
      t.app.inject({ method: 'GET', url: `/wps/relay/CSP_getInboxDetail?id=${id}`, headers: as(token) }),
    read: (token: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/wps/relay/CSP_readInbox', payload, headers: as(token) }),
    remove: (token: string, ids: string[]) =>
      t.app.inject({
        method: 'DELETE',
        url: '/wps/relay/CSP_deleteInbox',
        payload: { ids },
        headers: as(token),
      }),
    /** An operator message (X-Ops-Key: actor `ops-key`). */
    send: (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/ops/merchants/demo/inbox/messages', payload, headers: ops }),
    agentSend: (token: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/wps/agent/messages', payload, headers: as(token) }),
  };
}

/** Polls until `check` stops throwing (notices are delivered after the change they report). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
