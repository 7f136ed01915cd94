import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { memberInfo, ok, stubApi, walletBalance } from '../../test/api-stub';
import { renderApp } from '../../test/render';
import { statusFixture } from '../../test/status-fixture';

const envelope = (over: Record<string, unknown> = {}) => ({
  id: '5',
  sender: 'demoagent',
  message: 'Good luck',
  split: 'lucky',
  target: 'direct',
  total: 50,
  count: 5,
  grabbed: 0,
  grabbedAmount: 0,
  status: 'open',
  expiresAt: '2026-11-28T10:00:00.000Z',
  createdAt: '2026-11-27T10:00:00.000Z',
  mine: null,
  ...over,
});

describe('red envelopes', () => {
  it('an agent sends one with a checked form and sees it in the list', async () => {
    sessionStorage.setItem('merchantCode', 'demo');
    useSessionStore.getState().setToken('tok-1');
    useSessionStore.getState().setMemberType(2);
    let sent: ReturnType<typeof envelope>[] = [];
    const api = stubApi({
      memberInfo: () => ok(memberInfo({ type: 2 })),
      walletBalance: () => ok(walletBalance(100)),
      agentTeamOverview: () => ok({}),
      redEnvelopeSent: () => ok({ list: sent }),
      redEnvelopeSend: (req) => {
        const body = req.body as { total: number; count: number };
        sent = [envelope({ total: body.total, count: body.count })];
        return ok({ envelope: sent[0], balance: 50 });
      },
    });
    renderApp('/agentHome?page=agentRedRain', statusFixture());
    const form = await screen.findByRole('form', { name: 'Send a red envelope' });
    await userEvent.clear(within(form).getByLabelText('Total'));
    await userEvent.type(within(form).getByLabelText('Total'), '50');
    await userEvent.clear(within(form).getByLabelText('Shares'));
    await userEvent.type(within(form).getByLabelText('Shares'), '5');
    await userEvent.type(within(form).getByLabelText('Message'), 'Good luck');
    await userEvent.click(within(form).getByRole('button', { name: 'Send red envelope' }));
    await waitFor(() => expect(api.calls('redEnvelopeSend')).toHaveLength(1));
    expect(api.calls('redEnvelopeSend')[0]!.body).toMatchObject({
      total: 50,
      count: 5,
      split: 'lucky',
      target: 'direct',
      message: 'Good luck',
      expiresInHours: 24,
    });
    expect(await screen.findByTestId('envelopes-sent')).toHaveTextContent('0/5');
  });
});
