import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { fail, memberInfo, ok, stubApi, walletBalance } from '../../test/api-stub';
import { renderApp } from '../../test/render';
import { statusFixture } from '../../test/status-fixture';

const SERVER_NOW = '2026-12-05T10:00:00.000Z';
const commitment = 'a'.repeat(64);

const raffle = (over: Record<string, unknown>) => ({
  id: 'winter',
  title: 'Winter raffle',
  summary: 'Every 10.00 is a ticket.',
  status: 'open',
  startsAt: '2026-12-01T00:00:00.000Z',
  endsAt: '2026-12-05T12:30:15.000Z',
  drawAt: '2026-12-05T12:30:15.000Z',
  turnoverPerTicket: 10,
  productTypes: ['RNG'],
  ticketsPerDeposit: 2,
  minDeposit: 50,
  maxTickets: 100,
  distinctWinners: true,
  claimDays: 7,
  prizes: [
    { rank: 1, count: 1, amount: 500 },
    { rank: 2, count: 3, amount: 50 },
  ],
  commitment,
  serverSeed: null,
  totalTickets: null,
  entries: null,
  tickets: 12,
  validBet: 120,
  winners: [],
  mine: [],
  ...over,
});

const member = () => {
  sessionStorage.setItem('merchantCode', 'demo');
  useSessionStore.getState().setToken('tok-1');
  useSessionStore.getState().setMemberType(0);
};

describe('raffles on the promotions page', () => {
  it('shows the member’s tickets, the countdown on the server’s clock, the rules and the commitment', async () => {
    member();
    stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(walletBalance()),
      promotionList: () => ok({ list: [] }),
      raffleStatus: () => ok({ list: [raffle({})], serverTime: SERVER_NOW }),
    });
    renderApp('/promotions', statusFixture());
    const card = await screen.findByTestId('raffle-winter');
    expect(within(card).getByRole('heading', { name: 'Winter raffle' })).toBeInTheDocument();
    expect(within(card).getByText('Earning tickets')).toBeInTheDocument();
    expect(within(card).getByTestId('raffle-tickets')).toHaveTextContent('12');
    // 2 h 30 min 15 s to the close, from the server's time (not the test machine's).
    expect(within(card).getByTestId('raffle-countdown').textContent).toMatch(/^02:30:1[0-5]$/);
    expect(within(card).getByText('Prize pool').nextSibling).toHaveTextContent('$650.00');
    expect(within(card).getByText(/1 ticket for every \$10\.00 of valid bets/)).toBeInTheDocument();
    expect(within(card).getByText('2 tickets for each deposit of $50.00 or more')).toBeInTheDocument();
    expect(within(card).getByTestId('raffle-commitment')).toHaveTextContent(commitment);
    expect(within(card).getByText('Revealed at the draw')).toBeInTheDocument();
  });

  it('after the draw shows the seed, the winners, and claims the member’s prize once', async () => {
    member();
    let claimed = false;
    const prize = {
      prizeId: '41',
      raffleId: 'winter',
      rank: 1,
      amount: 500,
      ticket: 7,
      expiresAt: '2026-12-12T12:30:15.000Z',
      claimedAt: null,
    };
    const api = stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(walletBalance()),
      promotionList: () => ok({ list: [] }),
      raffleStatus: () =>
        ok({
          list: [
            raffle({
              status: 'drawn',
              serverSeed: 'b'.repeat(64),
              totalTickets: 90,
              entries: 9,
              winners: [{ rank: 1, account: 'wi**er', amount: 500, ticket: 7 }],
              mine: [{ ...prize, status: claimed ? 'claimed' : 'unclaimed' }],
            }),
          ],
          serverTime: SERVER_NOW,
        }),
      raffleClaim: () => {
        if (claimed) return fail(409, 'promotion.claimed', 'claimed');
        claimed = true;
        return ok({ prize: { ...prize, status: 'claimed', claimedAt: SERVER_NOW }, balance: 510 });
      },
    });
    renderApp('/promotions', statusFixture());
    const card = await screen.findByTestId('raffle-winter');
    expect(within(card).getByText('Results: 90 tickets from 9 members')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Winners' })).toHaveTextContent('wi**er');
    expect(within(card).getByTestId('raffle-seed')).toHaveTextContent('b'.repeat(64));
    const mine = within(card).getByTestId('raffle-prize-41');
    expect(mine).toHaveTextContent('You won Prize 1: $500.00');
    await userEvent.click(within(mine).getByRole('button', { name: 'Claim $500.00' }));
    expect(await screen.findByText('$500.00 bonus credited to your wallet.')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByTestId('raffle-prize-41')).toHaveTextContent('Claimed'));
    expect(api.calls('raffleClaim')).toHaveLength(1);
    expect(api.calls('raffleClaim')[0]!.body).toEqual({ prizeId: '41' });
  });

  it('asks visitors to log in, and shows nothing when the brand runs no raffle', async () => {
    stubApi({
      promotionList: () => ok({ list: [] }),
      raffleStatus: () => ok({ list: [raffle({ tickets: null, validBet: null })], serverTime: SERVER_NOW }),
    });
    const { unmount } = renderApp('/promotions', statusFixture());
    const card = await screen.findByTestId('raffle-winter');
    expect(within(card).getByTestId('raffle-tickets')).toHaveTextContent('—');
    await userEvent.click(within(card).getByRole('button', { name: 'Log in to earn tickets' }));
    expect(await screen.findByRole('dialog', { name: /log in/i })).toBeInTheDocument();
    unmount();

    stubApi({
      promotionList: () => ok({ list: [] }),
      raffleStatus: () => ok({ list: [], serverTime: SERVER_NOW }),
    });
    renderApp('/promotions', statusFixture());
    expect(await screen.findByText(/no promotions/i)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Raffles' })).toBeNull();
  });
});

describe('raffle prizes in the reward centre', () => {
  it('lists a prize with its expiry and claims it through the raffle call', async () => {
    member();
    let claimed = false;
    const api = stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(walletBalance()),
      merchantWallet: () => ok({ isSingle: 0 }),
      rewardCenter: () => {
        const list = claimed
          ? []
          : [
              {
                kind: 'raffle',
                id: '41',
                title: 'Winter raffle',
                amount: 500,
                expiresAt: '2026-12-12T12:30:15.000Z',
              },
            ];
        return ok({ list, count: list.length });
      },
      raffleClaim: () => {
        claimed = true;
        return ok({
          prize: {
            prizeId: '41',
            raffleId: 'winter',
            rank: 1,
            amount: 500,
            ticket: 7,
            status: 'claimed',
            expiresAt: '2026-12-12T12:30:15.000Z',
            claimedAt: SERVER_NOW,
          },
          balance: 510,
        });
      },
    });
    renderApp('/member?page=rewardCenter', statusFixture());
    const list = await screen.findByRole('list', { name: 'Rewards to claim' });
    const item = within(list).getByText('Winter raffle').closest('li')!;
    expect(item).toHaveTextContent('Raffle prize');
    expect(item).toHaveTextContent(/Claim by Dec 12, 2026/);
    await userEvent.click(within(item).getByRole('button', { name: 'Claim $500.00' }));
    await waitFor(() => expect(within(list).queryByText('Winter raffle')).not.toBeInTheDocument());
    expect(api.calls('raffleClaim')[0]!.body).toEqual({ prizeId: '41' });
    expect(api.calls('promotionClaim')).toHaveLength(0);
  });
});
