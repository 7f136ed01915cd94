import type { InboxMessage } from '@arcadia/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { memberInfo, ok, stubApi } from '../../test/api-stub';
import { renderApp } from '../../test/render';
import { statusFixture } from '../../test/status-fixture';

function logIn(type = 0) {
  sessionStorage.setItem('merchantCode', 'demo');
  useSessionStore.getState().setToken('tok-1');
  useSessionStore.getState().setMemberType(type);
}

const balance = {
  sumBalance: 10,
  balance: [{ accountTypeId: 2, wallet: 'MAIN', availBalance: 10 }],
  currency: 'USD',
  currencySymbol: '$',
  currencyScale: 2,
};

const message = (id: string, over: Partial<InboxMessage> = {}): InboxMessage => ({
  id,
  kind: 'operator',
  title: `Message ${id}`,
  notice: null,
  sender: null,
  createdAt: '2026-11-25T01:00:00.000Z',
  content: `<p>Body ${id}<img src="x" onerror="alert(1)"></p>`,
  read: false,
  ...over,
});

describe('messageV2', () => {
  it('lists messages with the unread badge, opens one (marking it read) and deletes after asking', async () => {
    logIn();
    let messages = [
      message('2'),
      message('1', {
        kind: 'system',
        title: 'Deposit credited',
        notice: { code: 'deposit_credited', params: { amount: '80.00', currency: 'USD', depositId: '7' } },
        read: true,
      }),
    ];
    const unread = () => messages.filter((m) => !m.read).length;
    const api = stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(balance),
      merchantWallet: () => ok({ isSingle: 0 }),
      inboxUnreadCount: () => ok(unread()),
      inboxList: () =>
        ok({ list: messages, pageNo: 1, totalPages: 1, totalCount: messages.length, unread: unread() }),
      inboxRead: (req) => {
        const ids = (req.body as { ids: string[] }).ids;
        messages = messages.map((m) => (ids.includes(m.id) ? { ...m, read: true } : m));
        return ok({ updated: ids.length, unread: unread() });
      },
      inboxDelete: (req) => {
        const ids = (req.body as { ids: string[] }).ids;
        messages = messages.filter((m) => !ids.includes(m.id));
        return ok({ deleted: ids.length, unread: unread() });
      },
    });
    renderApp('/member?page=messageV2', statusFixture());
    const panel = await screen.findByRole('region', { name: 'Internal Message' });
    const list = await within(panel).findByRole('list', { name: 'Messages' });
    const nav = screen.getByRole('navigation', { name: 'Member Center' });
    expect(within(nav).getByRole('button', { name: /Internal Message/ })).toHaveTextContent('1');
    expect(within(panel).getByText('1 unread message')).toBeInTheDocument();

    // A system notice reads in the interface language from its code and params.
    await userEvent.click(within(list).getByRole('button', { name: /Deposit credited/ }));
    expect(
      within(list).getByText('Your deposit #7 of 80.00 USD has been credited to your main wallet.'),
    ).toBeInTheDocument();
    expect(api.calls('inboxRead')).toHaveLength(0);

    const row = within(list).getByRole('button', { name: /Message 2/ });
    await userEvent.click(row);
    expect(row).toHaveAttribute('aria-expanded', 'true');
    const body = within(list).getByText('Body 2');
    expect(body.closest('.inbox-message__body')?.innerHTML).not.toContain('onerror');
    await waitFor(() => expect(api.calls('inboxRead')).toHaveLength(1));
    expect(api.calls('inboxRead')[0]!.body).toEqual({ ids: ['2'] });
    await waitFor(() => expect(within(panel).getByText('All messages read')).toBeInTheDocument());
    expect(within(nav).getByRole('button', { name: /Internal Message/ })).not.toHaveTextContent('1');

    await userEvent.click(within(list).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this message?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(panel).queryByText('Message 2')).not.toBeInTheDocument());
    expect(api.calls('inboxDelete')[0]!.body).toEqual({ ids: ['2'] });
  });

  it('never asks a trial account for its unread count', async () => {
    logIn(4);
    const api = stubApi({
      memberInfo: () => ok(memberInfo({ type: 4 })),
      walletBalance: () => ok(balance),
      merchantWallet: () => ok({ isSingle: 0 }),
      inboxUnreadCount: () => ok(3),
    });
    renderApp('/', statusFixture());
    await screen.findByRole('button', { name: 'Account menu' });
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls('inboxUnreadCount')).toHaveLength(0);
  });

  it('shows the unread count on the avatar and the account menu', async () => {
    logIn();
    stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(balance),
      merchantWallet: () => ok({ isSingle: 0 }),
      inboxUnreadCount: () => ok(4),
    });
    renderApp('/', statusFixture());
    const avatar = await screen.findByRole('button', { name: 'Account menu' });
    await waitFor(() => expect(avatar).toHaveAccessibleDescription('4 unread messages'));
    await userEvent.click(avatar);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Internal Message/ })).toHaveTextContent('4');
  });
});

describe('agent platform messages', () => {
  it('sends to the team with the contract’s rules: one member needs an account', async () => {
    sessionStorage.setItem('merchantCode', 'demo');
    useSessionStore.getState().setToken('tok-agent');
    useSessionStore.getState().setMemberType(1);
    const sent: unknown[] = [];
    const api = stubApi({
      memberInfo: () => ok(memberInfo({ type: 1 })),
      inboxUnreadCount: () => ok(0),
      inboxList: () => ok({ list: [], pageNo: 1, totalPages: 1, totalCount: 0, unread: 0 }),
      agentMessageList: () =>
        ok({
          list: sent.map((_, i) => ({
            id: String(i + 1),
            target: 'member',
            account: 'player1',
            title: 'Hello',
            recipientCount: 1,
            readCount: 0,
            sentAt: '2026-11-25T01:00:00.000Z',
          })),
          pageNo: 1,
          totalPages: 1,
          totalCount: sent.length,
        }),
      agentMessageSend: (req) => {
        sent.push(req.body);
        return ok({
          id: '1',
          target: 'member',
          account: 'player1',
          title: 'Hello',
          recipientCount: 1,
          readCount: 0,
          sentAt: '2026-11-25T01:00:00.000Z',
        });
      },
    });
    renderApp('/agentHome?page=platformMessages', statusFixture());
    const form = await screen.findByRole('region', { name: 'Message your team' });
    await userEvent.selectOptions(within(form).getByLabelText('Recipients'), 'member');
    await userEvent.type(within(form).getByLabelText(/^Title/), 'Hello');
    await userEvent.type(within(form).getByLabelText(/^Message/), 'Line one');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Required')).toBeInTheDocument();
    expect(api.calls('agentMessageSend')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/^Member account/), 'player1');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.calls('agentMessageSend')).toHaveLength(1));
    expect(sent[0]).toEqual({ target: 'member', account: 'player1', title: 'Hello', content: 'Line one' });
    const list = screen.getByRole('region', { name: 'Sent messages' });
    expect(await within(list).findByText('0 of 1 read')).toBeInTheDocument();
  }, 20_000);
});
