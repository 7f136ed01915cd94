import type { RgStatus } from '@arcadia/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import { ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { ResponsibleGamingCard } from './responsible-gaming-card';

const noLimit = { amount: null, remaining: null, pending: null };
const status = (overrides: Partial<RgStatus> = {}): RgStatus => ({
  depositLimits: [
    { period: 'day', amount: '10000', used: '2550', remaining: '7450', pending: null },
    {
      period: 'week',
      amount: '50000',
      used: '2550',
      remaining: '47450',
      pending: { amount: '80000', from: '2026-11-28T12:00:00.000Z' },
    },
    { period: 'month', used: '2550', ...noLimit },
  ],
  playLimits: [
    { kind: 'loss', period: 'day', used: '1250', ...noLimit },
    { kind: 'loss', period: 'week', used: '1250', ...noLimit },
    { kind: 'loss', period: 'month', used: '1250', ...noLimit },
    { kind: 'wager', period: 'day', amount: '20000', used: '8000', remaining: '12000', pending: null },
    { kind: 'wager', period: 'week', used: '8000', ...noLimit },
    { kind: 'wager', period: 'month', used: '8000', ...noLimit },
  ],
  exclusion: null,
  realityCheckMinutes: null,
  sessionLimit: { minutes: null, pending: null, endsAt: null },
  session: { startedAt: '2026-11-27T10:00:00.000Z', net: '-1250' },
  ...overrides,
});

beforeEach(() => {
  useSessionStore.getState().setToken('tok-123');
  useToastStore.setState({ toasts: [] });
});

function renderCard(reply: RgStatus = status()) {
  let current = reply;
  const api = stubApi({
    rgStatus: () => ok(current),
    rgDepositLimit: (req) => {
      const body = req.body as { period: 'day'; amount: string | null };
      current = {
        ...current,
        depositLimits: current.depositLimits.map((l) =>
          l.period === body.period ? { ...l, amount: body.amount, remaining: '0' } : l,
        ),
      };
      return ok(current);
    },
    rgPlayLimit: (req) => {
      const body = req.body as { kind: 'loss' | 'wager'; period: 'day'; amount: string | null };
      current = {
        ...current,
        playLimits: current.playLimits.map((l) =>
          l.kind === body.kind && l.period === body.period
            ? { ...l, amount: body.amount, remaining: '0' }
            : l,
        ),
      };
      return ok(current);
    },
    rgSessionLimit: (req) => {
      const body = req.body as { minutes: number | null };
      current = {
        ...current,
        sessionLimit: { minutes: body.minutes, pending: null, endsAt: '2026-11-27T11:00:00.000Z' },
      };
      return ok(current);
    },
    rgExclude: () => {
      current = { ...current, exclusion: { kind: 'self_exclusion', until: null } };
      return ok(current);
    },
  });
  renderWithProviders(<ResponsibleGamingCard />, statusFixture());
  return api;
}

describe('responsible gaming card', () => {
  it('shows each limit with what is used and left, and a pending raise', async () => {
    renderCard();
    const card = await screen.findByRole('region', { name: 'Responsible gaming' });
    const day = await within(card).findByTestId('rg-limit-day');
    expect(day).toHaveTextContent('Daily limit$100.00');
    expect(day).toHaveTextContent('Used in the last 24 hours$25.50');
    expect(day).toHaveTextContent('Left$74.50');
    const week = within(card).getByTestId('rg-limit-week');
    expect(week).toHaveTextContent('Used in the last 7 days$25.50');
    expect(week).toHaveTextContent('Left$474.50');
    expect(week).toHaveTextContent(/Changes to \$800\.00 from/);
    const month = within(card).getByTestId('rg-limit-month');
    expect(month).toHaveTextContent('Monthly limitNo limit');
    expect(month).toHaveTextContent('Used in the last 30 days$25.50');
    expect(within(card).getByText(/Lowering a limit applies at once/)).toBeInTheDocument();
  });

  it('sends a limit in minor units', async () => {
    const api = renderCard();
    const form = await screen.findByRole('form', { name: 'Set a deposit limit' });
    await userEvent.selectOptions(within(form).getByLabelText('Period'), 'month');
    // The contract's schema refuses a zero amount before anything is sent.
    await userEvent.type(within(form).getByLabelText('Amount ($)'), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Set limit' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter an amount above zero');
    expect(api.calls('rgDepositLimit')).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('Amount ($)'));
    await userEvent.type(within(form).getByLabelText('Amount ($)'), '250.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(api.calls('rgDepositLimit')).toHaveLength(1));
    expect(api.calls('rgDepositLimit')[0]!.body).toEqual({ period: 'month', amount: '25050' });
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)?.message).toBe(
        'Monthly limit (Deposits) set to $250.50.',
      ),
    );
    expect(screen.getByTestId('rg-limit-month')).toHaveTextContent('Monthly limit$250.50');
  });

  it('shows the wager and loss limits on their tabs and sends a loss limit with its kind', async () => {
    const api = renderCard();
    const card = await screen.findByRole('region', { name: 'Responsible gaming' });
    await userEvent.click(await within(card).findByRole('radio', { name: 'Wagers' }));
    expect(within(card).getByTestId('rg-limit-day')).toHaveTextContent('Daily limit$200.00');
    expect(within(card).getByTestId('rg-limit-day')).toHaveTextContent('Left$120.00');
    await userEvent.click(within(card).getByRole('radio', { name: 'Losses' }));
    expect(within(card).getByTestId('rg-limit-day')).toHaveTextContent('Daily limitNo limit');
    expect(within(card).getByTestId('rg-limit-day')).toHaveTextContent('Used in the last 24 hours$12.50');
    const form = within(card).getByRole('form', { name: 'Set a loss limit' });
    await userEvent.type(within(form).getByLabelText('Amount ($)'), '40');
    await userEvent.click(within(form).getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(api.calls('rgPlayLimit')).toHaveLength(1));
    expect(api.calls('rgPlayLimit')[0]!.body).toEqual({ kind: 'loss', period: 'day', amount: '4000' });
    expect(api.calls('rgDepositLimit')).toHaveLength(0);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)?.message).toBe('Daily limit (Losses) set to $40.00.'),
    );
  });

  it('sets a session time limit and shows when this session ends', async () => {
    const api = renderCard();
    const form = await screen.findByRole('form', { name: 'Session time limit' });
    await userEvent.selectOptions(within(form).getByLabelText('Longest session'), '60');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('rgSessionLimit')).toHaveLength(1));
    expect(api.calls('rgSessionLimit')[0]!.body).toEqual({ minutes: 60 });
    expect(await screen.findByTestId('rg-session-ends')).toHaveTextContent(/This session ends at .*2026/);
  });

  it('asks before a permanent self-exclusion, then sends it', async () => {
    const api = renderCard();
    const card = await screen.findByRole('region', { name: 'Responsible gaming' });
    const exclusion = await within(card).findByRole('group', { name: 'Self-exclusion' });
    await userEvent.click(within(exclusion).getByRole('radio', { name: 'Permanent' }));
    await userEvent.click(within(exclusion).getByRole('button', { name: 'Self-exclude' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Self-exclude permanently?' });
    expect(dialog).toHaveTextContent('This cannot be undone');
    expect(api.calls('rgExclude')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, start my break' }));
    await waitFor(() => expect(api.calls('rgExclude')).toHaveLength(1));
    expect(api.calls('rgExclude')[0]!.body).toEqual({ kind: 'self_exclusion', months: null, confirm: true });
    expect(await within(card).findByText('Self-excluded permanently')).toBeInTheDocument();
    expect(within(card).queryByRole('group', { name: 'Self-exclusion' })).not.toBeInTheDocument();
  });

  it('shows a break in force with its end instead of the break form', async () => {
    renderCard(status({ exclusion: { kind: 'cooloff', until: '2026-12-01T09:30:00.000Z' } }));
    const card = await screen.findByRole('region', { name: 'Responsible gaming' });
    const active = await within(card).findByTestId('rg-active-break');
    expect(active).toHaveTextContent(/Cool-off until .*2026/);
    expect(active).toHaveTextContent('Withdrawals stay open.');
    expect(within(card).queryByRole('group', { name: 'Cool-off' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Start cool-off' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Self-exclude' })).not.toBeInTheDocument();
    // The limits stay in view; changing them waits for the break to end.
    expect(within(card).getByTestId('rg-limit-day')).toHaveTextContent('Left$74.50');
    expect(within(card).queryByRole('form', { name: 'Set a deposit limit' })).not.toBeInTheDocument();
  });
});
