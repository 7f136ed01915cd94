import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { fail, memberInfo, ok, stubApi, walletBalance } from '../../test/api-stub';
import { renderApp } from '../../test/render';
import { statusFixture } from '../../test/status-fixture';

function logIn() {
  sessionStorage.setItem('merchantCode', 'demo');
  useSessionStore.getState().setToken('tok-1');
  useSessionStore.getState().setMemberType(0);
}

const payment = (id: string, kind: 'daily' | 'manual', amount: number) => ({
  id,
  kind,
  from: '2026-11-19',
  to: '2026-11-25',
  validBet: amount * 125,
  amount,
  createdAt: '2026-11-25T08:00:00.000Z',
});

const accrued = (claimable: number, paid: number) => ({
  from: '2026-11-19',
  to: '2026-11-25',
  list: [
    { productType: 'RNG', rate: 0.008, validBet: 1000, amount: 8 },
    { productType: 'LIVE', rate: 0.005, validBet: 400, amount: 2 },
  ],
  accrued: 10,
  paid,
  claimable,
  minPayout: 0.1,
  lastPayment: paid > 0 ? payment('9', 'manual', paid) : null,
});

describe('manualRebate', () => {
  it('shows each product’s rebate, claims the rest and refreshes', async () => {
    logIn();
    let state = accrued(10, 0);
    const api = stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(walletBalance()),
      merchantWallet: () => ok({ isSingle: 0 }),
      rebateAccrued: () => ok(state),
      rebateClaim: () => {
        state = accrued(0, 10);
        return ok({ payment: payment('9', 'manual', 10), balance: 20 });
      },
    });
    renderApp('/member?page=manualRebate', statusFixture());
    const panel = await screen.findByRole('region', { name: 'Manual rebate' });
    const table = await within(panel).findByTestId('rebate-products');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Slots0\.8% of valid bets\$1,000\.00\$8\.00/);
    expect(within(panel).getByTestId('rebate-claimable')).toHaveTextContent('$10.00');
    await userEvent.click(within(panel).getByRole('button', { name: 'Claim rebate' }));
    await waitFor(() => expect(within(panel).getByTestId('rebate-claimable')).toHaveTextContent('$0.00'));
    expect(api.calls('rebateClaim')).toHaveLength(1);
    expect(within(panel).getByRole('button', { name: 'Claim rebate' })).toBeDisabled();
    expect(within(panel).getByText(/Last payment: \$10\.00 \(Manual rebate\)/)).toBeInTheDocument();
  });

  it('shows the translated error when there is nothing to claim', async () => {
    logIn();
    stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(walletBalance()),
      merchantWallet: () => ok({ isSingle: 0 }),
      rebateAccrued: () => ok(accrued(0.5, 0)),
      rebateClaim: () => fail(409, 'rebate.nothing_to_claim', 'nothing', { minPayout: 1 }),
    });
    renderApp('/member?page=manualRebate', statusFixture());
    const panel = await screen.findByRole('region', { name: 'Manual rebate' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Claim rebate' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'There is no rebate to claim yet (the smallest payout is 1).',
    );
  });
});

describe('bonusDetails', () => {
  it('lists the rebate payments with their totals', async () => {
    logIn();
    stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(walletBalance()),
      merchantWallet: () => ok({ isSingle: 0 }),
      rebateRecords: () =>
        ok({
          list: [payment('2', 'daily', 1.5), payment('1', 'manual', 10)],
          total: 11.5,
          pageNo: 1,
          totalPages: 1,
          totalCount: 2,
        }),
    });
    renderApp('/member?page=bonusDetails', statusFixture());
    const panel = await screen.findByRole('region', { name: 'Bonus Details' });
    expect(await within(panel).findByTestId('bonus-total')).toHaveTextContent('$11.50');
    const rows = within(within(panel).getByTestId('bonus-details')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/Daily rebate11-19 – 11-25\$187\.50\+\$1\.50/);
    expect(rows[2]).toHaveTextContent(/Manual rebate/);
  });
});

describe('vip', () => {
  const tier = (level: number, name: string, total: number, bonus: number, extra: number) => ({
    level,
    name,
    totalTurnover: total,
    monthlyTurnover: total / 5,
    keepTurnover: total / 4,
    minDeposit: total / 10,
    upgradeBonus: bonus,
    rebateExtra: extra,
  });
  const progress = {
    hasVip: true,
    playerRankName: 'VIP1',
    playerRankLevel: 1,
    nextRankName: 'VIP2',
    monthlyTurnover: { actual: 500, expected: 2000 },
    totalTurnover: { actual: 12_000, expected: 10_000 },
    totalDeposit: { actual: 300, expected: 1000 },
    keepTurnover: { actual: 500, expected: 250 },
    tiers: [tier(0, 'VIP0', 0, 0, 0), tier(1, 'VIP1', 1000, 5, 0.0005), tier(2, 'VIP2', 10_000, 30, 0.001)],
  };

  it('shows the tier, the progress to the next and the tier table; the header label opens it', async () => {
    logIn();
    stubApi({
      memberInfo: () => ok(memberInfo({ clubLabel: { labelName: 'VIP1', rankLevel: 1 }, hasVip: true })),
      walletBalance: () => ok(walletBalance()),
      merchantWallet: () => ok({ isSingle: 0 }),
      vipProgress: () => ok(progress),
    });
    renderApp('/member', statusFixture());
    const label = await screen.findByRole('button', { name: 'VIP1' });
    await userEvent.click(label);
    const panel = await screen.findByRole('region', { name: 'VIP' });
    expect(await within(panel).findByTestId('vip-rank')).toHaveTextContent('VIP1');
    expect(within(panel).getByText('Next: VIP2')).toBeInTheDocument();
    const total = within(panel).getByRole('progressbar', { name: 'Total turnover' });
    expect(total).toHaveAttribute('aria-valuenow', '100');
    expect(total).toHaveAttribute('aria-valuetext', 'Reached');
    expect(within(panel).getByRole('progressbar', { name: 'Turnover this month' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    const rows = within(within(panel).getByTestId('vip-tiers')).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveTextContent(/VIP1You\$1,000\.00\$200\.00\$100\.00\$250\.00\$5\.00\+0\.05%/);
  });

  it('hides VIP from a brand that does not run it', async () => {
    logIn();
    stubApi({
      memberInfo: () => ok(memberInfo({ clubLabel: { labelName: 'VIP0', rankLevel: 0 }, hasVip: false })),
      walletBalance: () => ok(walletBalance()),
      merchantWallet: () => ok({ isSingle: 0 }),
    });
    renderApp('/member', statusFixture());
    const nav = await screen.findByRole('navigation', { name: 'Member Center' });
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: 'Bonus Details' })).toBeInTheDocument(),
    );
    expect(within(nav).queryByRole('button', { name: 'VIP' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'VIP0' })).not.toBeInTheDocument();
  });
});

describe('bonuses in bonus details', () => {
  it('shows the turnover left and forfeits an open bonus after asking', async () => {
    logIn();
    const grant = (status: 'open' | 'forfeited') => ({
      id: '7',
      promotionId: 'welcome',
      title: 'Welcome bonus',
      amount: 50,
      required: 500,
      status,
      grantedAt: '2026-11-26T10:00:00.000Z',
      closedAt: status === 'open' ? null : '2026-11-26T11:00:00.000Z',
    });
    let forfeited = false;
    const api = stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(walletBalance()),
      merchantWallet: () => ok({ isSingle: 0 }),
      rebateRecords: () => ok({ list: [], total: 0, pageNo: 1, totalPages: 1, totalCount: 0 }),
      bonusStatus: () =>
        ok({
          list: [grant(forfeited ? 'forfeited' : 'open')],
          turnoverLeft: forfeited ? 0 : 380,
          turnoverDone: forfeited ? 0 : 120,
          turnoverRequired: forfeited ? 0 : 500,
        }),
      bonusForfeit: () => {
        forfeited = true;
        return ok({ grant: grant('forfeited'), balance: 10, turnoverLeft: 0 });
      },
    });
    renderApp('/member?page=bonusDetails', statusFixture());
    const panel = await screen.findByRole('region', { name: 'Bonus Details' });
    expect(
      await within(panel).findByText('$380.00 of turnover left before you can withdraw'),
    ).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Forfeit' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Forfeit this bonus?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Forfeit' }));
    await waitFor(() => expect(within(panel).getByText('Forfeited')).toBeInTheDocument());
    expect(api.calls('bonusForfeit')[0]!.body).toEqual({ grantId: '7' });
    expect(within(panel).queryByText(/of turnover left/)).not.toBeInTheDocument();
  });
});

describe('referral (invite friends)', () => {
  const details = {
    referralCode: 'ABCD2345',
    totalInvitations: 2,
    promotionDomains: ['demo.example.com'],
    enabled: true,
    reward: 20,
    minDeposit: 100,
    minValidBet: 500,
    windowDays: 30,
    qualified: 1,
    earned: 20,
  };
  const referee = (account: string, status: string, deposit: number, validBet: number) => ({
    account,
    joinedAt: '2026-11-20T08:00:00.000Z',
    deposit,
    validBet,
    status,
    reward: status === 'paid' ? 20 : 0,
    paidAt: status === 'paid' ? '2026-11-21T08:00:00.000Z' : null,
  });

  it('shows the link with its code and QR, the terms, and each friend’s progress', async () => {
    logIn();
    stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(walletBalance()),
      merchantWallet: () => ok({ isSingle: 0 }),
      availablePromo: () => ok({ REFERRAL: { enabled: true }, MISSION: { enabled: false, count: 0 } }),
      referralDetails: () => ok(details),
      referees: () =>
        ok({ list: [referee('fr***01', 'paid', 100, 650), referee('fr***02', 'pending', 50, 0)], total: 2 }),
    });
    renderApp('/member?page=referral', statusFixture());
    const panel = await screen.findByRole('region', { name: 'Invite friends' });
    expect(await within(panel).findByTestId('referral-link')).toHaveTextContent(
      `${window.location.origin}/register?referralCode=ABCD2345`,
    );
    expect(within(panel).getByTestId('referral-code')).toHaveTextContent('ABCD2345');
    expect(within(panel).getByRole('img', { name: 'QR code of your invitation link' })).toBeInTheDocument();
    expect(panel).toHaveTextContent(
      'deposits $100.00 and places $500.00 of valid bets within 30 days, $20.00',
    );
    expect(within(panel).getByTestId('referral-invited')).toHaveTextContent('2');
    const rows = within(await within(panel).findByTestId('referees')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      /fr\*\*\*01.*\$100\.00 \/ \$100\.00.*\$650\.00 \/ \$500\.00.*Rewarded · \$20\.00/,
    );
    expect(rows[2]).toHaveTextContent(/In progress/);
  });

  it('is not in the member menu when the brand does not run it', async () => {
    logIn();
    const api = stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(walletBalance()),
      merchantWallet: () => ok({ isSingle: 0 }),
      availablePromo: () => ok({ REFERRAL: { enabled: false }, MISSION: { enabled: false, count: 0 } }),
    });
    renderApp('/member?page=referral', statusFixture());
    const nav = await screen.findByRole('navigation', { name: 'Member Center' });
    await waitFor(() => expect(api.calls('availablePromo').length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: 'Bonus Details' })).toBeInTheDocument(),
    );
    expect(within(nav).queryByRole('button', { name: 'Invite friends' })).toBeNull();
    // Asked for the referral page, the member lands on the default one.
    expect(screen.getByRole('region', { name: 'My Account' })).toBeInTheDocument();
  });
});

describe('missions', () => {
  const mission = (id: string, status: string, progress: number, target: number, kind = 'bet_count') => ({
    id,
    period: id.startsWith('daily') ? 'daily' : 'weekly',
    kind,
    category: null,
    title: `Task ${id}`,
    target,
    progress,
    reward: 2,
    points: 20,
    status,
    periodStart: '2026-11-23',
    periodEnd: id.startsWith('daily') ? '2026-11-23' : '2026-11-29',
  });

  it('shows each task’s progress, claims a done one, and the leaderboard with the member’s rank', async () => {
    logIn();
    let claimed = false;
    const summary = () => ({
      enabled: true,
      list: [
        mission('daily-spins', claimed ? 'claimed' : 'claimable', 20, 20),
        mission('weekly-wager', 'in_progress', 150, 2000, 'bet_amount'),
      ],
      weekPoints: claimed ? 20 : 0,
      claimable: claimed ? 0 : 1,
    });
    const api = stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(walletBalance()),
      merchantWallet: () => ok({ isSingle: 0 }),
      availablePromo: () =>
        ok({ REFERRAL: { enabled: false }, MISSION: { enabled: true, count: claimed ? 0 : 1 } }),
      missionSummary: () => ok(summary()),
      missionClaim: () => {
        claimed = true;
        return ok({ mission: summary().list[0], balance: 12, weekPoints: 20 });
      },
      missionLeaderboard: () =>
        ok({
          from: '2026-11-23',
          to: '2026-11-29',
          list: [
            { rank: 1, account: 'ab***yz', points: 150 },
            { rank: 2, account: 'me***01', points: 20 },
          ],
          me: { rank: 2, points: 20 },
        }),
    });
    renderApp('/member?page=missionLeaderboard', statusFixture());
    const panel = await screen.findByRole('region', { name: 'Mission' });
    const spins = await within(panel).findByTestId('mission-daily-spins');
    expect(spins).toHaveTextContent('20 / 20');
    expect(spins).toHaveTextContent('$2.00 + 20 points');
    expect(within(panel).getByTestId('mission-weekly-wager')).toHaveTextContent('$150.00 / $2,000.00');
    const nav = screen.getByRole('navigation', { name: 'Member Center' });
    await waitFor(() => expect(within(nav).getByRole('button', { name: /Mission/ })).toHaveTextContent('1'));
    await userEvent.click(within(spins).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(within(spins).getByText('Claimed')).toBeInTheDocument());
    expect(api.calls('missionClaim')[0]!.body).toEqual({ missionId: 'daily-spins' });
    await waitFor(() => expect(within(panel).getByTestId('mission-week-points')).toHaveTextContent('20'));
    expect(within(panel).getByTestId('board-me')).toHaveTextContent('You are #2 with 20 points');
    expect(within(within(panel).getByTestId('mission-board')).getAllByRole('row')).toHaveLength(3);
  });
});
