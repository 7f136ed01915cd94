import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { useOpsSession } from '../api/ops-client';
import { SupportDesk } from './support-desk';

const channel = vi.hoisted(() => ({
  listeners: new Map<string, Set<(payload: unknown) => void>>(),
  connected: [] as unknown[],
  sent: [] as [string, unknown][],
  emit(event: string, payload: unknown) {
    for (const l of this.listeners.get(event) ?? []) l(payload);
  },
}));

vi.mock('../../../lib/realtime', () => ({
  connectRealtime: (auth: unknown) => channel.connected.push(auth),
  disconnectRealtime: () => undefined,
  sendRealtime: (event: string, payload: unknown) => channel.sent.push([event, payload]),
  onRealtimeReconnect: () => () => undefined,
  useRealtimeStatus: () => 'online',
  useSocketEvent(event: string, handler: (payload: unknown) => void) {
    const ref = useRef(handler);
    useEffect(() => {
      ref.current = handler;
    });
    useEffect(() => {
      const listener = (p: unknown) => ref.current(p);
      let set = channel.listeners.get(event);
      if (!set) channel.listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    }, [event]);
  },
}));

const brand = { code: 'demo', name: 'Arcadia Demo', currency: 'USD', currencySymbol: '$', currencyScale: 2 };
const identity = {
  id: '7',
  username: 'alice',
  role: 'support' as const,
  merchantCode: null,
  brands: [brand],
};
const at = new Date().toISOString();

const row = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  status: 'open',
  name: `Visitor ${id}`,
  assignedName: null,
  createdAt: at,
  lastMessageAt: at,
  closedAt: null,
  kind: 'visitor',
  contact: `v${id}@example.com`,
  memberId: null,
  account: null,
  assignedOperatorId: null,
  unread: 0,
  lastMessagePreview: 'hello',
  closedBy: null,
  ...overrides,
});
const message = (id: string, text: string, author = 'visitor') => ({
  id,
  conversationId: '1',
  author,
  authorName: author === 'operator' ? 'alice' : 'Visitor 1',
  text,
  attachment: null,
  clientId: null,
  createdAt: at,
});

beforeEach(() => useOpsSession.getState().setToken('o'.repeat(43)));
afterEach(() => {
  channel.listeners.clear();
  channel.connected.length = 0;
  channel.sent.length = 0;
  useOpsSession.getState().clear();
});

describe('support desk', () => {
  it('lists the queue with unread markers, opens a conversation (read), answers, assigns and closes', async () => {
    const user = userEvent.setup();
    let current: Record<string, unknown> = row('1', { unread: 2, lastMessagePreview: 'Where is my money?' });
    const api = stubApi({
      opsSupportList: () =>
        ok({ list: [current, row('2')], pageNo: 1, totalPages: 1, totalCount: 2, online: true }),
      opsSupportDetail: () => ok(current),
      opsSupportMessages: () => ok({ list: [message('10', 'Where is my money?')], hasMore: false }),
      opsSupportRead: () => ok((current = { ...current, unread: 0 })),
      opsSupportAssign: () => ok((current = { ...current, assignedName: 'alice', assignedOperatorId: '7' })),
      opsSupportClose: () =>
        ok((current = { ...current, status: 'closed', closedAt: at, closedBy: 'alice' })),
      opsSupportCannedList: () =>
        ok({
          list: [{ id: '3', title: 'Greeting', body: 'Hello! How can I help?', sortOrder: 0, updatedAt: at }],
        }),
      opsSupportSend: (req) => ok({ ...message('11', (req.body as { text: string }).text, 'operator') }),
    });
    renderWithProviders(<SupportDesk brand={brand} identity={identity} />, statusFixture());

    const queue = await screen.findByRole('list', { name: 'Conversations' });
    const first = await within(queue).findByRole('button', { name: /Visitor 1/ });
    expect(within(first).getByLabelText('2 unread')).toBeInTheDocument();
    expect(channel.connected).toContainEqual({ opsToken: 'o'.repeat(43), merchant: 'demo' });
    expect(channel.sent).toContainEqual(['support.join', {}]);

    await user.click(first);
    const panel = await screen.findByRole('region', { name: 'Visitor 1' });
    expect(await within(panel).findByText('Where is my money?', { selector: 'p' })).toBeInTheDocument();
    expect(within(panel).getByText(/v1@example.com/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls('opsSupportRead')).toHaveLength(1));

    // A canned reply fills the box; Enter sends it.
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Insert a canned reply' }),
      'Greeting',
    );
    const box = within(panel).getByRole('textbox', { name: 'Write a reply…' });
    expect(box).toHaveValue('Hello! How can I help?');
    await user.type(box, '{Enter}');
    expect(await within(panel).findByText('Hello! How can I help?', { selector: 'p' })).toBeInTheDocument();
    expect(api.calls('opsSupportSend')[0]!.body).toMatchObject({ text: 'Hello! How can I help?' });

    await user.click(within(panel).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument(),
    );

    // A message arriving live goes into the open transcript.
    act(() => channel.emit('support.message', { conversationId: '1', message: message('12', 'Thanks!') }));
    expect(await within(panel).findByText('Thanks!')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close this conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close conversation' }));
    expect(await within(panel).findByText('This conversation was closed.')).toBeInTheDocument();
    expect(api.calls('opsSupportClose')).toHaveLength(1);
  });

  it('a queue row pushed on the channel updates the list in place', async () => {
    stubApi({
      opsSupportList: () => ok({ list: [row('1')], pageNo: 1, totalPages: 1, totalCount: 1, online: true }),
    });
    renderWithProviders(<SupportDesk brand={brand} identity={identity} />, statusFixture());
    const queue = await screen.findByRole('list', { name: 'Conversations' });
    await within(queue).findByRole('button', { name: /Visitor 1/ });
    act(() =>
      channel.emit('support.conversation', row('1', { unread: 3, lastMessagePreview: 'Are you there?' })),
    );
    expect(await within(queue).findByText('Are you there?')).toBeInTheDocument();
    expect(within(queue).getByLabelText('3 unread')).toBeInTheDocument();
  });
});
