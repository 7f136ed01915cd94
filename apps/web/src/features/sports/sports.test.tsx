import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { fail, memberInfo, ok, stubApi } from '../../test/api-stub';
import { renderApp } from '../../test/render';
import { statusFixture } from '../../test/status-fixture';
import { useSlipStore } from './lib/slip-store';

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
const market = (
  marketId: string,
  kind: string,
  selections: [string, string][],
  line: number | null = null,
) => ({
  marketId,
  kind,
  line,
  map: null,
  status: 'open',
  version: 1,
  selections: selections.map(([key, odds]) => ({ key, odds })),
});
const event = (eventId: string, home: string, away: string, markets: unknown[]) => ({
  eventId,
  category: 'SPORTS',
  sport: 'football',
  league: 'Northshore Premier',
  home,
  away,
  startsAt: soon(3_600_000),
  status: 'scheduled',
  result: null,
  markets,
});
const book = {
  list: [
    event('1', 'Harbour City', 'Redfield Rovers', [
      market('11', '1x2', [
        ['home', '2000'],
        ['draw', '3400'],
        ['away', '3800'],
      ]),
      market(
        '12',
        'handicap',
        [
          ['home', '1900'],
          ['away', '1950'],
        ],
        -3,
      ),
    ]),
    event('2', 'Kestrel Town', 'Marlow Athletic', [
      market('21', '1x2', [
        ['home', '1500'],
        ['draw', '4000'],
        ['away', '6000'],
      ]),
    ]),
  ],
  serverTime: soon(0),
};
const lobbyStubs = {
  gameVendors: () => ok([]),
  announcements: () => ok([]),
  sportsEvents: (req: { query: URLSearchParams }) =>
    ok(req.query.get('category') === 'SPORTS' ? book : { list: [], serverTime: soon(0) }),
};

describe('sportsbook', () => {
  it('a visitor reads the book in their odds format and is asked to log in to bet', async () => {
    useSlipStore.getState().clear();
    stubApi(lobbyStubs);
    renderApp('/sports', statusFixture());
    const card = await screen.findByRole('article', { name: 'Harbour City v Redfield Rovers' });
    const result = within(card).getByRole('group', { name: 'Match result' });
    expect(within(result).getByRole('button', { name: 'Harbour City 2.00' })).toBeInTheDocument();
    // A quarter line as players read it, the away side's the opposite.
    expect(within(card).getByRole('button', { name: 'Harbour City −0.75 1.90' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Redfield Rovers +0.75 1.95' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Odds' }), 'hongkong');
    expect(within(result).getByRole('button', { name: 'Harbour City 1.000' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Odds' }), 'malay');
    // 1.90 decimal is 0.900 Malay; 3.80 is −1/2.8 = −0.357.
    expect(within(result).getByRole('button', { name: 'Redfield Rovers -0.357' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Odds' }), 'decimal');

    await userEvent.click(within(result).getByRole('button', { name: 'Harbour City 2.00' }));
    const slip = screen.getByRole('complementary', { name: 'Bet slip' });
    expect(within(slip).getByText('Single')).toBeInTheDocument();
    await userEvent.type(within(slip).getByLabelText(/Stake/), '10');
    expect(within(slip).getByText('$20.00')).toBeInTheDocument();
    await userEvent.click(within(slip).getByRole('button', { name: 'Log in to bet' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('a member builds a parlay; a moved price comes back into the slip; the bet is placed and listed', async () => {
    useSlipStore.getState().clear();
    sessionStorage.setItem('merchantCode', 'demo');
    useSessionStore.getState().setToken('tok-1');
    useSessionStore.getState().setMemberType(0);
    let attempts = 0;
    const placedBet = {
      betId: '77',
      kind: 'parlay',
      stake: '1000',
      potentialReturn: '3150',
      payout: '0',
      status: 'open',
      legs: [
        {
          eventId: '1',
          event: 'Harbour City v Redfield Rovers',
          category: 'SPORTS',
          marketId: '11',
          kind: '1x2',
          line: null,
          map: null,
          key: 'home',
          odds: '2100',
          result: null,
        },
        {
          eventId: '2',
          event: 'Kestrel Town v Marlow Athletic',
          category: 'SPORTS',
          marketId: '21',
          kind: '1x2',
          line: null,
          map: null,
          key: 'home',
          odds: '1500',
          result: null,
        },
      ],
      placedAt: soon(0),
      settledAt: null,
    };
    const api = stubApi({
      ...lobbyStubs,
      memberInfo: () => ok(memberInfo()),
      walletBalance: () =>
        ok({
          sumBalance: 100,
          balance: [{ accountTypeId: 2, wallet: 'MAIN', availBalance: 100 }],
          currency: 'USD',
          currencySymbol: '$',
          currencyScale: 2,
        }),
      sportsMyBets: () =>
        ok({
          list: attempts > 1 ? [placedBet] : [],
          pageNo: 1,
          totalPages: 1,
          totalCount: attempts > 1 ? 1 : 0,
        }),
      sportsBet: () => {
        attempts++;
        if (attempts === 1)
          return fail(409, 'sports.odds_changed', 'The price has changed.', {
            legs: [{ marketId: '11', key: 'home', odds: '2100' }],
          });
        return ok({ bet: placedBet, balance: '9000' });
      },
    });
    renderApp('/sports', statusFixture());
    const first = await screen.findByRole('article', { name: 'Harbour City v Redfield Rovers' });
    const second = screen.getByRole('article', { name: 'Kestrel Town v Marlow Athletic' });
    await userEvent.click(within(first).getByRole('button', { name: 'Harbour City 2.00' }));
    await userEvent.click(within(second).getByRole('button', { name: 'Kestrel Town 1.50' }));
    const slip = screen.getByRole('complementary', { name: 'Bet slip' });
    expect(within(slip).getByText('Parlay of 2')).toBeInTheDocument();
    await userEvent.type(within(slip).getByLabelText(/Stake/), '10');
    // 10 × 2.00 × 1.50
    expect(within(slip).getByText('$30.00')).toBeInTheDocument();
    await userEvent.click(within(slip).getByRole('button', { name: 'Place bet' }));
    expect(await within(slip).findByRole('alert')).toHaveTextContent('The price has changed');
    expect(within(slip).getByText('2.10')).toBeInTheDocument();
    expect(within(slip).getByText('$31.50')).toBeInTheDocument();
    expect(api.calls('sportsBet')[0]!.body).toEqual({
      legs: [
        { marketId: '11', key: 'home', odds: '2000' },
        { marketId: '21', key: 'home', odds: '1500' },
      ],
      stake: '1000',
      acceptOdds: 'better',
    });
    await userEvent.click(within(slip).getByRole('button', { name: 'Place bet' }));
    await waitFor(() => expect(api.calls('sportsBet')).toHaveLength(2));
    expect(api.calls('sportsBet')[1]!.body).toMatchObject({ legs: [{ odds: '2100' }, { odds: '1500' }] });
    const mine = await screen.findByRole('region', { name: 'My bets' });
    expect(await within(mine).findByText('Parlay of 2')).toBeInTheDocument();
    expect(within(mine).getByText(/Returns up to \$31\.50/)).toBeInTheDocument();
  });
});
