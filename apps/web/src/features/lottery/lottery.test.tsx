import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { memberInfo, ok, stubApi } from '../../test/api-stub';
import { renderApp } from '../../test/render';
import { statusFixture } from '../../test/status-fixture';

const balance = {
  sumBalance: 10,
  balance: [{ accountTypeId: 2, wallet: 'MAIN', availBalance: 10 }],
  currency: 'USD',
  currencySymbol: '$',
  currencyScale: 2,
};
const commitment = 'a'.repeat(64);
const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
const issue = (gameId: string, numero: string) => ({
  gameId,
  numero,
  openTime: soon(-30_000),
  closeTime: soon(20_000),
  drawTime: soon(30_000),
  commitment,
});
/** The rules of SSC1 with its position-digit bet type. */
const sscRules = {
  gameId: 'SSC1',
  family: 'ssc' as const,
  prizeGroup: 1960,
  closeBeforeSeconds: 10,
  official: false,
  betTypes: [
    {
      playId: 'ssc.pos',
      names: { en: 'Position digit', zh: '定位胆' },
      pricing: 'unit' as const,
      picker: { kind: 'rows', rows: ['1st', '2nd', '3rd', '4th', '5th'], values: digits, minPerRow: 0 },
      odds: [{ tier: 'hit', payout: { num: '49', den: '5', value: 9.8 } }],
    },
  ],
};
/** The SSC family's menu with SSC1 on sale at `current` (and more games when given). */
const sscMenu = (current: ReturnType<typeof issue>, more: object[] = []) => [
  {
    gameGroupCode: 'ssc',
    gameMenus: [
      { gameId: 'SSC1', gameName: '1-Minute Lotto 5D', family: 'ssc', kind: 'ELOTT', current },
      ...more,
    ],
  },
];
/** An open bet of a two-issue chase (order 4). */
const chaseBet = (betId: string, numero: string) => ({
  betId,
  orderId: '4',
  gameId: 'SSC1',
  numero,
  playId: 'ssc.pos',
  bettingContent: '3,7||||',
  units: 2,
  multiple: 3,
  unitStake: '100',
  stake: '600',
  payout: '0',
  status: 'open' as const,
  winStop: true,
  numbers: null,
  placedAt: soon(0),
  settledAt: null,
});
/** A signed-in member with a wallet. */
function signedIn() {
  sessionStorage.setItem('merchantCode', 'demo');
  useSessionStore.getState().setToken('tok-1');
  useSessionStore.getState().setMemberType(0);
  return {
    memberInfo: () => ok(memberInfo()),
    walletBalance: () => ok(balance),
    merchantWallet: () => ok({ isSingle: 0 }),
  };
}
const drawn = {
  gameId: 'SSC1',
  numero: '20261125-100',
  status: 'drawn' as const,
  drawTime: '2026-11-25T01:40:00.000Z',
  commitment: 'b'.repeat(64),
  serverSeed: 'c'.repeat(64),
  source: 'fair' as const,
  numbers: ['1', '2', '3', '4', '5'],
};

describe('lottery draw hall', () => {
  it('shows the games, the issue on sale with its countdown, the latest draws and the odds; a draw verifies', async () => {
    const api = stubApi({
      ...signedIn(),
      lotteryMenus: () =>
        ok(
          sscMenu(issue('SSC1', '20261125-101'), [
            {
              gameId: 'SSC5',
              gameName: '5-Minute Lotto 5D',
              family: 'ssc',
              kind: 'LOTT',
              current: issue('SSC5', '20261125-020'),
            },
          ]),
        ),
      lotteryNear: (req) =>
        ok({
          currentNumero: issue(req.query.get('gameId') ?? '', '20261125-101'),
          nextNumero: null,
          upcoming: [issue(req.query.get('gameId') ?? '', '20261125-101')],
          serverTime: soon(0),
        }),
      lotteryMyBets: () => ok({ list: [], pageNo: 1, totalPages: 0, totalCount: 0 }),
      lotteryOpened: () => ok({ list: [drawn], pageNo: 1, totalPages: 1, totalCount: 1 }),
      lotteryRules: () => ok(sscRules),
      lotteryVerify: () =>
        ok({ gameId: 'SSC1', numero: drawn.numero, commitment: drawn.commitment, numbers: drawn.numbers }),
    });
    renderApp('/lottery', statusFixture());
    expect(await screen.findByRole('tab', { name: '1-Minute Lotto 5D' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const current = await screen.findByRole('region', { name: 'Issue on sale' });
    expect(await within(current).findByText('20261125-101')).toBeInTheDocument();
    expect(within(current).getByText(/^00:(1\d|2[01])$/)).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Latest draws' });
    const item = await within(results).findByRole('listitem');
    expect(within(item).getAllByText(/^[1-5]$/)).toHaveLength(5);
    await userEvent.click(within(item).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(within(item).getByRole('status')).toHaveTextContent(
        'Verified: the seed matches its commitment and gives these numbers.',
      ),
    );
    expect(api.calls('lotteryVerify')[0]!.body).toEqual({
      gameId: 'SSC1',
      numero: drawn.numero,
      serverSeed: drawn.serverSeed,
    });
    expect(await screen.findByRole('cell', { name: '×9.800' })).toBeInTheDocument();
    expect(screen.getByText(/pays back 98\.0 % of stakes/)).toBeInTheDocument();

    // Another game: its own issue and draws.
    await userEvent.click(screen.getByRole('tab', { name: '5-Minute Lotto 5D' }));
    await waitFor(() =>
      expect(api.calls('lotteryNear').some((c) => c.query.get('gameId') === 'SSC5')).toBe(true),
    );
  });

  it('an official game says its results are the real-world draw’s: no commitment, no seed to verify', async () => {
    stubApi({
      ...signedIn(),
      lotteryMenus: () => ok(sscMenu(issue('SSC1', '20261125-101'))),
      lotteryNear: () =>
        ok({
          currentNumero: issue('SSC1', '20261125-101'),
          nextNumero: null,
          upcoming: [issue('SSC1', '20261125-101')],
          serverTime: soon(0),
        }),
      lotteryMyBets: () => ok({ list: [], pageNo: 1, totalPages: 0, totalCount: 0 }),
      lotteryOpened: () =>
        ok({
          list: [{ ...drawn, source: 'official' as const, serverSeed: null }],
          pageNo: 1,
          totalPages: 1,
          totalCount: 1,
        }),
      lotteryRules: () => ok({ ...sscRules, official: true }),
    });
    renderApp('/lottery', statusFixture());
    const results = await screen.findByRole('region', { name: 'Latest draws' });
    const item = await within(results).findByRole('listitem');
    expect(within(item).getByText('Official result (entered from the real-world draw)')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Verify' })).toBeNull();
    const current = screen.getByRole('region', { name: 'Issue on sale' });
    expect(await within(current).findByText(/official real-world draw/)).toBeInTheDocument();
    expect(within(current).queryByText(/Commitment/)).toBeNull();
  });

  it('the bet slip picks digits, quotes the units from the server, places a chase and lists it in my bets', async () => {
    sessionStorage.setItem('merchantCode', 'demo');
    useSessionStore.getState().setToken('tok-1');
    useSessionStore.getState().setMemberType(0);
    const upcoming = [
      issue('SSC1', '20261125-0101'),
      issue('SSC1', '20261125-0102'),
      issue('SSC1', '20261125-0103'),
    ];
    upcoming[1]!.closeTime = soon(80_000);
    upcoming[2]!.closeTime = soon(140_000);
    const placed: unknown[] = [];
    const api = stubApi({
      ...signedIn(),
      lotteryMenus: () => ok(sscMenu(upcoming[0]!)),
      lotteryNear: () =>
        ok({ currentNumero: upcoming[0]!, nextNumero: upcoming[1]!, upcoming, serverTime: soon(0) }),
      lotteryOpened: () => ok({ list: [], pageNo: 1, totalPages: 0, totalCount: 0 }),
      lotteryRules: () => ok(sscRules),
      // The server counts units: here one per ticked digit.
      lotteryQuote: (req) =>
        ok({ units: (req.query.get('bettingContent') ?? '').split(/[|,]/).filter(Boolean).length }),
      lotteryBet: (req) => {
        placed.push(req.body);
        return ok({ list: [], balance: '700' });
      },
      lotteryMyBets: () =>
        ok({
          list: placed.length ? [chaseBet('9', '20261125-0102'), chaseBet('8', '20261125-0101')] : [],
          pageNo: 1,
          totalPages: 1,
          totalCount: placed.length ? 2 : 0,
        }),
      lotteryCancelChase: () => ok({ refunded: 2, amount: '1200' }),
    });
    renderApp('/lottery', statusFixture());
    const slip = await screen.findByRole('region', { name: 'Bet slip' });
    const first = within(slip).getByRole('group', { name: '1st' });
    await userEvent.click(within(first).getByRole('button', { name: '3' }));
    await userEvent.click(within(first).getByRole('button', { name: '7' }));
    expect(within(first).getByRole('button', { name: '7' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.selectOptions(within(slip).getByLabelText('Unit price'), '1');
    const multiple = within(slip).getByLabelText('Multiple');
    await userEvent.clear(multiple);
    await userEvent.type(multiple, '3');
    await userEvent.selectOptions(within(slip).getByLabelText('Issues'), '2');
    expect(within(slip).getByRole('checkbox', { name: 'Stop the chase after a win' })).toBeChecked();
    // 2 units × 1.00 × 3 × 2 issues.
    await waitFor(() =>
      expect(within(slip).getByText('2 unit(s) × 2 issue(s) — total 12.00')).toBeInTheDocument(),
    );
    await userEvent.click(within(slip).getByRole('button', { name: 'Place bet' }));
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]).toEqual({
      prizeMode: 'Lott',
      device: 'WEB',
      contents: [
        {
          gameId: 'SSC1',
          playId: 'ssc.pos',
          bettingContent: '3,7||||',
          singleBetPrice: '1',
          winStop: true,
          bettingApproach: 1,
          bettingSlip: 2,
          numero: [
            { numero: '20261125-0101', multiple: 3 },
            { numero: '20261125-0102', multiple: 3 },
          ],
        },
      ],
    });
    const mine = await screen.findByRole('region', { name: 'My bets' });
    expect(await within(mine).findByText('20261125-0102')).toBeInTheDocument();
    expect(within(mine).getAllByText('Awaiting draw')).toHaveLength(2);
    await userEvent.click(within(mine).getAllByRole('button', { name: 'Stop chase' })[0]!);
    await waitFor(() => expect(api.calls('lotteryCancelChase')[0]!.body).toEqual({ orderId: '4' }));
  }, 30_000);

  it('the /elott centre lists the electronic lotteries with their issue on sale, linking to their page', async () => {
    sessionStorage.setItem('merchantCode', 'demo');
    stubApi({
      lotteryMenus: () =>
        ok(
          sscMenu(issue('SSC1', '20261125-0101'), [
            {
              gameId: 'SSC5',
              gameName: '5-Minute Lotto 5D',
              family: 'ssc',
              kind: 'LOTT',
              current: issue('SSC5', '20261125-020'),
            },
          ]),
        ),
      lotteryVnMenus: () => ok([]),
    });
    renderApp('/elott', statusFixture());
    const centre = await screen.findByRole('region', { name: 'House lottery' });
    const link = await within(centre).findByRole('link', { name: /1-Minute Lotto 5D/ });
    expect(link).toHaveAttribute('href', '/lottery?game=SSC1');
    expect(link).toHaveTextContent('Issue on sale: 20261125-0101');
    // /elott holds the electronic lotteries only.
    expect(within(centre).queryByRole('link', { name: /5-Minute Lotto 5D/ })).toBeNull();
    expect(screen.queryByText('No data')).toBeNull();
  });

  it('counts down on the server’s clock, not the device’s', async () => {
    // The server runs five minutes ahead of this device (a skewed phone, a test clock).
    const skew = 300_000;
    const ahead = {
      ...issue('SSC1', '20261125-0101'),
      closeTime: soon(skew + 20_000),
      drawTime: soon(skew + 30_000),
    };
    stubApi({
      ...signedIn(),
      lotteryMenus: () =>
        ok([
          {
            gameGroupCode: 'ssc',
            gameMenus: [
              { gameId: 'SSC1', gameName: '1-Minute Lotto 5D', family: 'ssc', kind: 'ELOTT', current: ahead },
            ],
          },
        ]),
      lotteryNear: () =>
        ok({ currentNumero: ahead, nextNumero: null, upcoming: [ahead], serverTime: soon(skew) }),
      lotteryOpened: () => ok({ list: [], pageNo: 1, totalPages: 0, totalCount: 0 }),
      lotteryRules: () => ok(sscRules),
      lotteryMyBets: () => ok({ list: [], pageNo: 1, totalPages: 0, totalCount: 0 }),
    });
    renderApp('/lottery', statusFixture());
    const current = await screen.findByRole('region', { name: 'Issue on sale' });
    expect(await within(current).findByText(/^00:(1\d|2[01])$/)).toBeInTheDocument();
  });
});
