import { type Raffle, rewardsSettingsSchema } from '@arcadia/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { useOpsSession } from '../api/ops-client';
import { OperatorConsole } from '../components/operator-console';

const brand = { code: 'demo', name: 'Arcadia Demo', currency: 'USD', currencySymbol: '$', currencyScale: 2 };
const page = { list: [], pageNo: 1, totalPages: 0, totalCount: 0 };
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const now = Date.now();
const open: Raffle = {
  id: 'november',
  title: { EN: 'November raffle' },
  summary: {},
  startsAt: iso(now - DAY),
  endsAt: iso(now + DAY),
  drawAt: iso(now + DAY + 3_600_000),
  turnoverPerTicket: 100,
  productTypes: [],
  ticketsPerDeposit: 1,
  minDeposit: 50,
  maxTickets: 100,
  prizes: [{ count: 1, amount: 500 }],
  distinctWinners: true,
  claimDays: 7,
};
const coming: Raffle = {
  ...open,
  id: 'december',
  title: { EN: 'December raffle' },
  startsAt: iso(now + 5 * DAY),
  endsAt: iso(now + 12 * DAY),
  drawAt: iso(now + 12 * DAY),
};
const hash = (c: string) => c.repeat(64);
const figures = (id: string, status: string, commitment: string, tickets: number) => ({
  id,
  status,
  drawAt: iso(now),
  commitment,
  tickets,
  entries: tickets ? 3 : 0,
  claimed: { count: 0, amount: 0 },
  outstanding: { count: 0, amount: 0 },
  expired: { count: 0, amount: 0 },
});

let list: Raffle[];
beforeEach(() => {
  useOpsSession.getState().setToken('ops-tok');
  list = [open, coming];
});

function render(role: 'admin' | 'finance', refuse?: string) {
  const settings = () =>
    rewardsSettingsSchema.parse({
      rebate: {},
      vip: {},
      points: {},
      promotions: {},
      referral: {},
      missions: {},
      redRain: {},
      raffles: { list },
    });
  const api = stubApi({
    opsSessionMe: () => ok({ id: '1', username: 'op', role, merchantCode: 'demo', brands: [brand] }),
    opsDepositList: () => ok(page),
    opsWithdrawList: () => ok(page),
    opsAuditList: () => ok(page),
    opsInboxList: () => ok(page),
    opsSupportList: () => ok(page),
    opsRebateSummary: () =>
      ok({
        settings: { enabled: true, rates: {}, minPayout: 0.1 },
        days: [],
        outstanding: 0,
        manualToday: 0,
      }),
    opsApplications: () => ok({ list: [], total: 0 }),
    opsReferrals: () => ok({ list: [], total: 0 }),
    opsPointRedemptions: () => ok(page),
    opsRewardsLiabilities: () =>
      ok({
        openBonuses: { count: 0, amount: 0 },
        pointsOutstanding: 0,
        escrow: 0,
        waiting: { applications: 0, goods: 0, referrals: 0 },
        raffles: {
          outstanding: { count: 0, amount: 0 },
          list: list.map((r) =>
            r.id === 'november'
              ? figures(r.id, 'open', hash('a'), 42)
              : figures(r.id, 'upcoming', hash(r.id === 'december' ? 'b' : 'c'), 0),
          ),
        },
      }),
    opsRewardsSettings: () => ok(settings()),
    opsRewardsSettingsUpdate: (req) => {
      if (refuse)
        return fail(409, 'request.state', 'This request can no longer be changed.', {
          reason: refuse,
          raffleId: 'november',
        });
      list = (req.body as { value: { list: Raffle[] } }).value.list;
      return ok(settings());
    },
  });
  renderWithProviders(<OperatorConsole />, statusFixture(), '/ops/rewards');
  return api;
}

async function rafflesTab() {
  const desk = await screen.findByRole('region', { name: 'Rewards settings' });
  await userEvent.click(within(desk).getByRole('tab', { name: 'Raffles' }));
  return within(await within(desk).findByTestId('ops-raffles'));
}

describe('raffles desk', { timeout: 30_000 }, () => {
  it('lists the raffles with their status, commitment and tickets, and creates one with a reason', async () => {
    const api = render('admin');
    const desk = await rafflesTab();
    const table = await desk.findByTestId('ops-raffles-table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('November raffle');
    expect(rows[1]).toHaveTextContent('Open');
    await waitFor(() => expect(rows[1]).toHaveTextContent(hash('a')));
    expect(rows[1]).toHaveTextContent('423 members');
    expect(rows[2]).toHaveTextContent('Scheduled');
    // An open raffle can be edited (texts) but not removed; a coming one both.
    expect(desk.queryByRole('button', { name: 'Remove raffle november' })).toBeNull();
    expect(desk.getByRole('button', { name: 'Remove raffle december' })).toBeInTheDocument();

    await userEvent.click(desk.getByRole('button', { name: 'New raffle' }));
    const form = within(desk.getByRole('form', { name: 'New raffle' }));
    await userEvent.click(form.getByRole('button', { name: 'Save raffle' }));
    expect(await form.findByText('Give a title in one language at least.')).toBeInTheDocument();
    expect(form.getByText('Use 1 to 32 lower-case letters, digits, - or _.')).toBeInTheDocument();
    expect(api.calls('opsRewardsSettingsUpdate')).toHaveLength(0);

    await userEvent.type(form.getByLabelText('Id'), 'december');
    await userEvent.type(form.getByLabelText('Title (EN)'), 'New year raffle');
    await userEvent.type(form.getByLabelText('Title (ZH)'), '新年抽奖');
    await userEvent.click(form.getByRole('checkbox', { name: 'RNG' }));
    await userEvent.click(form.getByRole('button', { name: 'Add a prize tier' }));
    await userEvent.type(form.getByLabelText(/Reason/), 'new year promotion');
    await userEvent.click(form.getByRole('button', { name: 'Save raffle' }));
    expect(await form.findByText('Another raffle of this brand has this id.')).toBeInTheDocument();
    await userEvent.clear(form.getByLabelText('Id'));
    await userEvent.type(form.getByLabelText('Id'), 'new-year');
    await userEvent.click(form.getByRole('button', { name: 'Save raffle' }));
    await waitFor(() => expect(api.calls('opsRewardsSettingsUpdate')).toHaveLength(1));
    const body = api.calls('opsRewardsSettingsUpdate')[0]!.body as {
      feature: string;
      value: { list: Raffle[] };
      reason: string;
    };
    expect(body.feature).toBe('raffles');
    expect(body.reason).toBe('new year promotion');
    expect(body.value.list.map((r) => r.id)).toEqual(['november', 'december', 'new-year']);
    expect(body.value.list[2]).toMatchObject({
      title: { EN: 'New year raffle', ZH: '新年抽奖' },
      productTypes: ['RNG'],
      prizes: [
        { count: 1, amount: 100 },
        { count: 1, amount: 10 },
      ],
      claimDays: 7,
    });
    expect(await desk.findByText('New year raffle')).toBeInTheDocument();
  });

  it('edits only the texts of an open raffle and shows the server refusal in words', async () => {
    const api = render('admin', 'raffle.started');
    const desk = await rafflesTab();
    await userEvent.click(await desk.findByRole('button', { name: 'Edit raffle november' }));
    const form = within(desk.getByRole('form', { name: 'Edit raffle november' }));
    expect(
      form.getByText("This raffle's window has opened: only its title and summary can change."),
    ).toBeInTheDocument();
    expect(form.queryByLabelText('Opens')).toBeNull();
    const title = form.getByLabelText('Title (EN)');
    fireEvent.change(title, { target: { value: 'November grand raffle' } });
    await userEvent.type(form.getByLabelText(/Reason/), 'clearer title');
    await userEvent.click(form.getByRole('button', { name: 'Save raffle' }));
    expect(
      await form.findByText(
        'Raffle november has opened: only its title and summary can change, and it cannot be removed.',
      ),
    ).toBeInTheDocument();
    const body = api.calls('opsRewardsSettingsUpdate')[0]!.body as { value: { list: Raffle[] } };
    expect(body.value.list[0]).toEqual({ ...open, title: { EN: 'November grand raffle' } });
  });

  it('removes a raffle before it opens, with a reason', async () => {
    const api = render('admin');
    const desk = await rafflesTab();
    await userEvent.click(await desk.findByRole('button', { name: 'Remove raffle december' }));
    const dialog = within(screen.getByRole('alertdialog'));
    await userEvent.type(dialog.getByLabelText(/Reason/), 'cancelled by marketing');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.calls('opsRewardsSettingsUpdate')).toHaveLength(1));
    expect(api.calls('opsRewardsSettingsUpdate')[0]!.body).toMatchObject({
      feature: 'raffles',
      value: { list: [{ id: 'november' }] },
      reason: 'cancelled by marketing',
    });
    await waitFor(() => expect(desk.queryByText('December raffle')).toBeNull());
  });

  it('is read-only for finance', async () => {
    render('finance');
    const desk = await rafflesTab();
    expect(await desk.findByText('November raffle')).toBeInTheDocument();
    expect(desk.queryByRole('button', { name: 'New raffle' })).toBeNull();
    expect(desk.queryByRole('button', { name: 'Edit raffle november' })).toBeNull();
  });
});
