import { buildWhitelabelTree, whitelabelModuleIds } from '@arcadia/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { ok, stubApi } from '../../test/api-stub';
import { renderApp } from '../../test/render';
import { statusFixture } from '../../test/status-fixture';
import { AgentHeader } from './components/agent-header';
import { gmtOffset } from './hooks/use-clock';

function logInAgent() {
  sessionStorage.setItem('merchantCode', 'demo');
  sessionStorage.setItem('nickname', 'Demo Agent');
  useSessionStore.getState().setToken('tok-agent');
  useSessionStore.getState().setMemberType(1);
}

/** The demo status with every module on except `off`. */
function statusWith(off: string[]) {
  return statusFixture({
    ...statusFixture(),
    info: {
      ...statusFixture().info,
      whitelabel: buildWhitelabelTree(
        Object.fromEntries(whitelabelModuleIds.map((id) => [id, id !== 'CREDITMAR3' && !off.includes(id)])),
      ),
    },
  });
}

const overview = {
  range: { from: '2026-11-22', to: '2026-11-22' },
  root: { id: '1', account: 'demoagent' },
  asOf: '2026-11-22T09:55:00.000Z',
  teamSize: 3,
  directCount: 2,
  agentCount: 1,
  newMembers: 1,
  activeMembers: 1,
  activeThreshold: 10,
  teamBalance: 2500,
  rootBalance: 1500,
  betCount: 4,
  stake: 40,
  validBet: 40,
  payout: 30,
  profitLoss: -10,
  depositCount: 1,
  depositAmount: 100,
  withdrawCount: 0,
  withdrawAmount: 0,
  series: [
    {
      day: '2026-11-22',
      betCount: 4,
      stake: 40,
      validBet: 40,
      payout: 30,
      profitLoss: -10,
      depositCount: 1,
      depositAmount: 100,
      withdrawCount: 0,
      withdrawAmount: 0,
      newMembers: 1,
      activeMembers: 1,
    },
  ],
};

const navNames = () =>
  within(screen.getByRole('navigation', { name: 'Agent Center' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

// The first render loads the route's lazy chunks; on a shared machine that takes seconds.
describe('agent centre navigation', { timeout: 30_000 }, () => {
  it('lists the pages in the spec’s order and hides pages this build does not have', async () => {
    logInAgent();
    stubApi({ agentTeamOverview: () => ok(overview) });
    renderApp('/agentHome', statusWith([]));
    expect(await screen.findByRole('heading', { level: 2, name: 'Team Overview' })).toBeInTheDocument();
    expect(navNames()).toEqual([
      'Deposit',
      'Withdraw',
      'Announcement',
      'Team Overview',
      'Register Account',
      'Team Management',
      'Team Betting',
      'User Profit and Loss',
      'My Income',
      'Transaction Details',
      'Red Envelope',
      'Platform Messages',
      'Customer Service',
    ]);
    // Contract and salary pages have no page yet: no empty placeholders.
    expect(navNames()).not.toContain('Dividend');
    expect(navNames()).not.toContain('Hourly Salary');
  });

  it('follows the brand’s modules; overview, announcement and transaction details always stay', async () => {
    logInAgent();
    stubApi({ agentTeamOverview: () => ok(overview) });
    renderApp(
      '/agentHome',
      statusWith([
        'DEPOSIT',
        'REGCEN',
        'DOWNMAN',
        'TRANSBETREPMEM3',
        'TEAMBETTING3',
        'AGETEAMPNL3',
        'AGEREV3',
        'AGEINFO3',
        'AGENTANNOUNCE3',
        'AGEDOWNTRANS3',
      ]),
    );
    await screen.findByRole('heading', { level: 2, name: 'Team Overview' });
    expect(navNames()).toEqual([
      'Withdraw',
      'Announcement',
      'Team Overview',
      'Transaction Details',
      'Red Envelope',
      'Platform Messages',
      'Customer Service',
    ]);
  });

  it('the register centre needs REGCEN and one of its enablers', async () => {
    logInAgent();
    stubApi({ agentTeamOverview: () => ok(overview) });
    renderApp('/agentHome', statusWith(['AGEREGDOWN3', 'CREATEAFF3', 'AFFMAN3']));
    await screen.findByRole('heading', { level: 2, name: 'Team Overview' });
    expect(navNames()).not.toContain('Register Account');
  });

  it('opens a page from the menu and falls back to the overview for a hidden or unknown page', async () => {
    logInAgent();
    const api = stubApi({
      agentTeamOverview: () => ok(overview),
      agentIncome: () =>
        ok({
          list: [],
          pageNo: 1,
          totalPages: 0,
          totalCount: 0,
          range: { from: '2026-11-16', to: '2026-11-22' },
          totals: { commission: 0, salary: 0, dividend: 0, transfer: 0, other: 0, total: 0 },
        }),
    });
    const { router } = renderApp('/agentHome?page=agentHourSalary', statusWith(['DOWNMAN']));
    expect(await screen.findByRole('heading', { level: 2, name: 'Team Overview' })).toBeInTheDocument();
    // The overview shows the real figures of the reply.
    expect(await screen.findByText('$2,500.00', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText(/^Team figures as of /)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'My Income' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'My Income' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=agentRevenueReport');
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(api.calls('agentIncome')).toHaveLength(1);

    await act(() => router.navigate('/agentHome?page=downlineManagmentView'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Team Overview' })).toBeInTheDocument();
    expect(api.calls('agentDownlineList')).toHaveLength(0);
  });

  it('sends a member who is not an agent to the agent login page', async () => {
    sessionStorage.setItem('merchantCode', 'demo');
    useSessionStore.getState().setToken('tok-member');
    useSessionStore.getState().setMemberType(0);
    stubApi({});
    const { router } = renderApp('/agentHome', statusWith([]));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/agent'));
  });
});

describe('agent header', () => {
  it('shows the time zone and a clock that moves every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    render(<AgentHeader name="Demo Agent" onLogout={() => undefined} />);
    const clock = screen.getByRole('time');
    expect(clock).toHaveAttribute('datetime', '2026-11-22T10:00:00.000Z');
    act(() => vi.advanceTimersByTime(1000));
    expect(clock).toHaveAttribute('datetime', '2026-11-22T10:00:01.000Z');
    act(() => vi.advanceTimersByTime(2000));
    expect(clock).toHaveAttribute('datetime', '2026-11-22T10:00:03.000Z');
    expect(screen.getByText(/^Time zone: GMT[+-]\d{2}:\d{2}$/)).toBeInTheDocument();
    expect(screen.getByText('Demo Agent')).toBeInTheDocument();
  });

  it('writes the GMT offset with sign, hours and minutes', () => {
    const at = (offsetMinutes: number) => ({ getTimezoneOffset: () => offsetMinutes }) as Date;
    expect(gmtOffset(at(-480))).toBe('GMT+08:00');
    expect(gmtOffset(at(0))).toBe('GMT+00:00');
    expect(gmtOffset(at(300))).toBe('GMT-05:00');
    expect(gmtOffset(at(-330))).toBe('GMT+05:30');
  });
});
