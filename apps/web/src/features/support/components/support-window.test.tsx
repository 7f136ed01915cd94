import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { ok, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { useVisitorToken } from '../api/support';

/** A stand-in for the real-time channel: records what the page does, lets a test push events. */
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

afterEach(() => {
  channel.listeners.clear();
  channel.connected.length = 0;
  channel.sent.length = 0;
  useVisitorToken.setState({ token: null });
});

const at = '2026-11-25T10:00:00.000Z';
const conversation = (overrides: Record<string, unknown> = {}) => ({
  id: '7',
  status: 'open',
  name: 'Vera',
  assignedName: null,
  createdAt: at,
  lastMessageAt: at,
  closedAt: null,
  ...overrides,
});
const message = (id: string, text: string, author = 'visitor', overrides: Record<string, unknown> = {}) => ({
  id,
  conversationId: '7',
  author,
  authorName: author === 'operator' ? 'alice' : 'Vera',
  text,
  attachment: null,
  clientId: null,
  createdAt: at,
  ...overrides,
});
const TOKEN = 'v'.repeat(43);

describe('customer-service window', () => {
  it('a visitor gives a name and a checked contact, gets a token kept for reloads, and writes', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      supportCurrent: () => ok({ as: 'visitor', conversation: null, online: false }),
      supportStart: () => ok({ conversation: conversation(), token: TOKEN, online: false }),
      supportMessages: () => ok({ list: [], hasMore: false }),
      supportSend: (req) =>
        ok(
          message('1', (req.body as { text: string }).text, 'visitor', {
            clientId: (req.body as { clientId: string }).clientId,
          }),
        ),
    });
    renderApp('/customer-service', statusFixture());
    expect(await screen.findByRole('heading', { name: 'Chat with us' })).toBeInTheDocument();
    // Nobody online: the window says the message is kept.
    expect(screen.getByText(/No agent is online right now/)).toBeInTheDocument();
    // No site header or side menu: the popup is a page of its own.
    expect(screen.queryByRole('complementary', { name: 'Menu' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/Your name/), 'Vera');
    await user.type(screen.getByLabelText(/Email or phone number/), 'not a contact');
    await user.click(screen.getByRole('button', { name: 'Start chat' }));
    expect(await screen.findByText('Enter an email address or a phone number.')).toBeInTheDocument();
    expect(api.calls('supportStart')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Email or phone number/));
    await user.type(screen.getByLabelText(/Email or phone number/), 'vera@example.com');
    await user.click(screen.getByRole('button', { name: 'Start chat' }));
    const box = await screen.findByRole('textbox', { name: 'Write a message…' });
    expect(api.calls('supportStart')[0]!.body).toEqual({ name: 'Vera', contact: 'vera@example.com' });
    expect(localStorage.getItem('supportToken')).toBe(TOKEN);
    await waitFor(() =>
      expect(channel.connected).toContainEqual(expect.objectContaining({ supportToken: TOKEN })),
    );

    await user.type(box, 'Where is my deposit?{Enter}');
    const log = screen.getByRole('log', { name: 'Customer service' });
    expect(await within(log).findByText('Where is my deposit?')).toBeInTheDocument();
    const sent = api.calls('supportSend')[0]!;
    expect(sent.headers['X-Support-Token']).toBe(TOKEN);
    expect(sent.body).toMatchObject({ text: 'Where is my deposit?' });
  });

  it('a member continues their conversation: history as plain text, live replies, the agent named', async () => {
    useSessionStore.setState({ token: 'member-token-0123456789' });
    sessionStorage.setItem('token', 'member-token-0123456789');
    stubApi({
      supportCurrent: () => ok({ as: 'member', conversation: conversation(), online: true }),
      supportMessages: () =>
        ok({ list: [message('1', '<b>bold?</b> & <script>x</script>', 'member')], hasMore: false }),
    });
    renderApp('/customer-service', statusFixture());
    const log = await screen.findByRole('log', { name: 'Customer service' });
    // Text stays text: no element is made of what the customer typed.
    expect(await within(log).findByText('<b>bold?</b> & <script>x</script>')).toBeInTheDocument();
    expect(log.querySelector('b, script')).toBeNull();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('Waiting for an agent…')).toBeInTheDocument();
    await waitFor(() =>
      expect(channel.connected).toContainEqual(expect.objectContaining({ token: 'member-token-0123456789' })),
    );
    expect(channel.sent).toContainEqual(['support.join', {}]);

    act(() => {
      channel.emit('support.status', conversation({ assignedName: 'alice' }));
      channel.emit('support.message', {
        conversationId: '7',
        message: message('2', 'Hello, I am Alice.', 'operator'),
      });
      channel.emit('support.presence', { online: false });
    });
    expect(await within(log).findByText('Hello, I am Alice.')).toBeInTheDocument();
    expect(screen.getByText('You are chatting with alice.')).toBeInTheDocument();
    expect(screen.getByText('Offline')).toBeInTheDocument();
  });

  it('a closed conversation offers a new one; the brand’s other channels show beside the chat', async () => {
    const user = userEvent.setup();
    useVisitorToken.setState({ token: TOKEN });
    stubApi({
      supportCurrent: (req) =>
        ok({
          as: 'visitor',
          conversation: req.headers['X-Support-Token']
            ? conversation({ status: 'closed', closedAt: at })
            : null,
          online: true,
        }),
      supportMessages: () => ok({ list: [message('1', 'Thanks, bye')], hasMore: false }),
    });
    const status = statusFixture();
    status.info.customerService = [
      { csType: 'LIVECHAT', path: '/help#contact', label: 'Live chat' },
      { csType: 'FACEBOOK', path: 'https://facebook.example/arcadia', label: 'Facebook' },
    ];
    renderApp('/customer-service', status);
    expect(await screen.findByText('This conversation was closed.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Write a message…' })).not.toBeInTheDocument();
    const facebook = screen.getByRole('link', { name: 'Facebook' });
    expect(facebook).toHaveAttribute('href', 'https://facebook.example/arcadia');
    expect(facebook).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'Live chat' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start a new conversation' }));
    expect(await screen.findByRole('heading', { name: 'Chat with us' })).toBeInTheDocument();
    expect(localStorage.getItem('supportToken')).toBeNull();
  });

  it('forgets a visitor token the server no longer knows', async () => {
    useVisitorToken.setState({ token: TOKEN });
    localStorage.setItem('supportToken', TOKEN);
    stubApi({ supportCurrent: () => ok({ as: 'visitor', conversation: null, online: true }) });
    renderApp('/customer-service', statusFixture());
    expect(await screen.findByRole('heading', { name: 'Chat with us' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('supportToken')).toBeNull());
  });
});
