import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { type StubRequest, createTestKey, fail, ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { TeamManagement } from './team-management';

function logInAgent() {
  sessionStorage.setItem('merchantCode', 'demo');
  sessionStorage.setItem('account', 'demoagent');
  useSessionStore.getState().setToken('tok-agent');
  useSessionStore.getState().setMemberType(1);
}

const agent = { id: '1', account: 'demoagent' };
function downline(id: string, account: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    account,
    nickname: null,
    type: 0,
    isAgent: false,
    level: 1,
    parent: agent,
    status: 'active',
    registeredAt: '2026-11-20T08:00:00.000Z',
    lastLoginAt: null,
    balance: 10,
    teamSize: 0,
    directCount: 0,
    ...extra,
  };
}
const balance = {
  sumBalance: 900,
  balance: [{ accountTypeId: 2, wallet: 'MAIN', availBalance: 900 }],
  currency: 'USD',
  currencySymbol: '$',
  currencyScale: 2,
};

/** A team of one sub-agent (with one member below) and 25 members: two pages of 20. */
function downlineList(req: StubRequest) {
  const q = req.query;
  const root = q.get('rootId');
  if (root === '2') {
    return ok({
      list: [downline('30', 'subplayer', { level: 1, parent: { id: '2', account: 'subagent' } })],
      pageNo: 1,
      totalPages: 1,
      totalCount: 1,
      root: { id: '2', account: 'subagent' },
      path: [agent, { id: '2', account: 'subagent' }],
    });
  }
  const all = [
    downline('2', 'subagent', { type: 2, isAgent: true, teamSize: 1, directCount: 1, balance: 50 }),
    ...Array.from({ length: 25 }, (_, i) => downline(String(100 + i), `player${String(i).padStart(2, '0')}`)),
  ];
  const size = Number(q.get('pageSize'));
  const pageNo = Number(q.get('pageNo'));
  return ok({
    list: all.slice((pageNo - 1) * size, pageNo * size),
    pageNo,
    totalPages: Math.ceil(all.length / size),
    totalCount: all.length,
    root: agent,
    path: [agent],
  });
}

// Typing through user-event on a shared CI machine takes seconds; the flows are long.
describe('team management', { timeout: 30_000 }, () => {
  it('lists the team, sorts on the server, drills into a downline’s team and back', async () => {
    logInAgent();
    const api = stubApi({ agentDownlineList: downlineList });
    renderWithProviders(<TeamManagement onSetPaymentPassword={() => undefined} />, statusFixture());
    const table = await screen.findByRole('table', { name: 'Team Management' });
    expect(within(table).getByText('subagent')).toBeInTheDocument();
    expect(screen.getByText('26 records')).toBeInTheDocument();
    expect(api.calls('agentDownlineList')[0]!.query.get('sortBy')).toBe('registeredAt');

    // Sorting asks the server; the header says the order to screen readers.
    await userEvent.click(within(table).getByRole('button', { name: /Balance/ }));
    await waitFor(() => expect(api.calls('agentDownlineList')).toHaveLength(2));
    const sorted = api.calls('agentDownlineList')[1]!.query;
    expect([sorted.get('sortBy'), sorted.get('sortOrder')]).toEqual(['balance', 'desc']);
    expect(within(table).getByRole('columnheader', { name: /Balance/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(within(table).getByRole('button', { name: /Balance/ }));
    await waitFor(() => expect(api.calls('agentDownlineList').at(-1)!.query.get('sortOrder')).toBe('asc'));

    // Search and level filter go to the server from the first page.
    await userEvent.type(screen.getByLabelText('Search account'), 'play');
    await userEvent.selectOptions(screen.getAllByLabelText('Level')[0]!, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls('agentDownlineList').at(-1)!.query.get('account')).toBe('play'));
    expect(api.calls('agentDownlineList').at(-1)!.query.get('level')).toBe('1');
    expect(api.calls('agentDownlineList').at(-1)!.query.get('pageNo')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: 'View the team of subagent' }));
    expect(await screen.findByText('subplayer')).toBeInTheDocument();
    expect(api.calls('agentDownlineList').at(-1)!.query.get('rootId')).toBe('2');
    const crumbs = screen.getByRole('navigation', { name: 'Team path' });
    expect(within(crumbs).getByText('subagent')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(crumbs).getByRole('button', { name: 'demoagent' }));
    // Back at the agent's own team (its page is still cached): no path to show any more.
    expect(await screen.findByRole('button', { name: 'View the team of subagent' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Team path' })).not.toBeInTheDocument();
  });

  it('exports every page of the filtered team to CSV', async () => {
    logInAgent();
    const api = stubApi({ agentDownlineList: downlineList });
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => (created.push(b), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<TeamManagement onSetPaymentPassword={() => undefined} />, statusFixture());
    await screen.findByRole('table', { name: 'Team Management' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exports = api.calls('agentDownlineList').filter((r) => r.query.get('pageSize') === '1000');
    expect(exports).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(created[0]!);
    });
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Account,Nickname,Kind,Level,Upline,Status,Registered,Last login,Balance,Team size',
    );
    expect(lines).toHaveLength(27);
    expect(lines[1]).toBe('subagent,,Agent,1,demoagent,Active,2026-11-20T08:00:00.000Z,,50.00,1');
    click.mockRestore();
  });

  it('transfers to a downline with the payment password after a confirmation', async () => {
    logInAgent();
    const key = await createTestKey();
    let attempts = 0;
    const api = stubApi(
      {
        agentDownlineList: downlineList,
        agentDownlineTransfer: (req) => {
          attempts++;
          const body = req.body as { paymentPassword: string };
          if (body.paymentPassword !== 'pay-123456')
            return fail(400, 'payment.password.invalid', 'Wrong payment password.');
          return ok({
            transactionId: 't1',
            amount: 25.5,
            target: { id: '2', account: 'subagent' },
            replayed: false,
            balance,
          });
        },
      },
      key,
    );
    renderWithProviders(<TeamManagement onSetPaymentPassword={() => undefined} />, statusFixture());
    await screen.findByRole('table', { name: 'Team Management' });
    await userEvent.click(screen.getByRole('button', { name: 'Transfer to subagent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer to downline' });

    // Checked before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Enter an amount.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter your payment password.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Amount/), '25.5');
    await userEvent.type(within(dialog).getByLabelText(/Payment password/), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      within(dialog).getByText('Transfer $25.50 from your main wallet to the downline subagent?'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The payment password is incorrect.')).toBeInTheDocument();

    const password = within(dialog).getByLabelText(/Payment password/);
    await userEvent.clear(password);
    await userEvent.type(password, 'pay-123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText(
        'The transfer is successful: demoagent transferred $25.50 to the downline subagent.',
      ),
    ).toBeInTheDocument();
    expect(attempts).toBe(2);
    const sent = api.calls('agentDownlineTransfer').map((r) => r.body as Record<string, unknown>);
    expect(sent[1]).toMatchObject({ memberId: '2', amount: '25.5', paymentPassword: 'pay-123456' });
    // Every attempt carries an idempotency key (the server stores only completed transfers).
    expect(sent[1]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("sets a direct downline's lottery prize group and shows the agent's rebate on it", async () => {
    logInAgent();
    let group = 1960;
    const api = stubApi({
      agentDownlineList: downlineList,
      lotteryPrizeGroups: () =>
        ok({
          own: 1960,
          min: 1700,
          list: [
            {
              memberId: '100',
              account: 'player00',
              agent: false,
              prizeGroup: group,
              inherited: group === 1960,
            },
          ],
          pageNo: 1,
          totalPages: 1,
          totalCount: 1,
        }),
      lotterySetPrizeGroup: (req) => {
        const body = req.body as { memberId: string; prizeGroup: number };
        if (body.prizeGroup > 1960)
          return fail(400, 'lottery.prize_group_invalid', 'bad', { min: 1700, max: 1960 });
        group = body.prizeGroup;
        return ok(body);
      },
    });
    renderWithProviders(<TeamManagement onSetPaymentPassword={() => undefined} />, statusFixture());
    const section = await screen.findByRole('region', { name: 'Lottery prize groups' });
    const input = within(section).getByLabelText('Prize group of player00');
    expect(input).toHaveValue(1960);
    await userEvent.clear(input);
    await userEvent.type(input, '1990');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The prize group must be between 1700 and 1960.',
    );
    await userEvent.clear(input);
    await userEvent.type(input, '1950');
    expect(within(section).getByText('0.50 %')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls('lotterySetPrizeGroup').at(-1)!.body).toEqual({ memberId: '100', prizeGroup: 1950 }),
    );
    await waitFor(() => expect(within(section).getByLabelText('Prize group of player00')).toHaveValue(1950));
  });
});
