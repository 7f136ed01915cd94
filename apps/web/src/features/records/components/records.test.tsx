import type { VendorLane } from '@arcadia/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { BetRecord } from './bet-record';
import { ProfitLoss } from './profit-loss';

const figures = { betCount: 2, stake: 3, validBet: 3, payout: 1.5, profitLoss: -1.5 };

const studio = (vassalage: string, gameType: VendorLane['title']): VendorLane['cards'][number] => ({
  vassalage,
  displayName: `${vassalage} Studio`,
  gameType,
  smallIcon: '/v.svg',
  mobileSmallIcon: '/v.svg',
  h5Icon: '/v.svg',
  lagerIcon: '/v.svg',
  mobileLargeIcon: '/v.svg',
  accountTypeName: vassalage,
  gameCode: null,
  nodeId: null,
  isGame: 'VASSALAGE',
  gameCount: 3,
});

const bet = (id: string, profitLoss: number) => ({
  id,
  roundId: `round-${id}`,
  gameType: 'RNG',
  vassalage: 'AUR',
  gameCode: 'AUR_FRUIT_FIESTA',
  gameName: 'Fruit Fiesta',
  stake: 1.5,
  validBet: 1.5,
  payout: 1.5 + profitLoss,
  profitLoss,
  status: 'settled' as const,
  placedAt: '2026-11-22T10:00:00.000Z',
  settledAt: '2026-11-22T10:00:01.000Z',
});

describe('member records', () => {
  it('betting record: filters go to the server, rows and totals come back', async () => {
    useSessionStore.getState().setToken('tok');
    const api = stubApi({
      gameVendors: () =>
        ok({
          data: {
            lanes: [
              { title: 'RNG', cards: [studio('AUR', 'RNG')], gameClassify: [] },
              { title: 'FISH', cards: [studio('ORC', 'FISH')], gameClassify: [] },
            ],
          },
        }),
      memberBetRecord: (req) =>
        ok({
          list: [
            bet('1', 0.5),
            bet('2', -1.5),
            {
              ...bet('3', 18.1),
              roundId: 'L77',
              gameType: 'ELOTT',
              vassalage: 'HOUSE',
              gameName: '1-Minute Lotto 5D',
              lottery: {
                numero: '20261125-0101',
                playId: 'ssc.pos',
                betType: 'Position digit',
                content: '0,1,2,3,4,5,6,7,8,9||||',
                multiple: 1,
                numbers: ['3', '1', '4', '1', '5'],
              },
            },
          ],
          pageNo: Number(req.query.get('pageNo') ?? 1),
          totalPages: 3,
          totalCount: 42,
          range: { from: req.query.get('from'), to: req.query.get('to') },
          totals: { ...figures, profitLoss: -1000.5 },
        }),
    });
    renderWithProviders(<BetRecord />, statusFixture());
    const table = await screen.findByTestId('bet-record');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    // A lottery bet shows its issue, bet type, selection and the drawn numbers.
    expect(
      within(table).getByText(/Issue 20261125-0101 · Position digit: 0,1,2,3,4,5,6,7,8,9\|\|\|\|/),
    ).toBeInTheDocument();
    expect(within(table).getByText(/Drawn: 3 1 4 1 5/)).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Profit / loss' })).toBeInTheDocument();
    expect(within(table).getAllByText('+0.50')).toHaveLength(1);
    expect(screen.getByTestId('total-profit-loss')).toHaveTextContent('-1,000.50');
    expect(screen.getByText('42 bets in total')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'FISH' } });
    // Only the chosen category's studios are offered.
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Provider'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All', 'ORC Studio']),
    );
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'ORC' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'settled' } });
    await waitFor(() => {
      const last = api.calls('memberBetRecord').at(-1)!.query;
      expect([last.get('gameType'), last.get('vassalage'), last.get('status'), last.get('pageNo')]).toEqual([
        'FISH',
        'ORC',
        'settled',
        '1',
      ]);
    });
    fireEvent.click(screen.getByRole('button', { name: /2/ }));
    await waitFor(() => expect(api.calls('memberBetRecord').at(-1)!.query.get('pageNo')).toBe('2'));
  });

  it('profit and loss: by day and category for the chosen range', async () => {
    useSessionStore.getState().setToken('tok');
    const api = stubApi({
      memberProfitLoss: (req) =>
        ok({
          range: { from: req.query.get('from'), to: req.query.get('to') },
          days: [
            { day: '2026-11-22', gameType: 'RNG', ...figures },
            { day: '2026-11-21', gameType: 'FISH', ...figures, profitLoss: 2 },
          ],
          byCategory: [
            { gameType: 'RNG', ...figures },
            { gameType: 'FISH', ...figures, profitLoss: 2 },
          ],
          totals: { ...figures, betCount: 4, profitLoss: 0.5 },
        }),
    });
    renderWithProviders(<ProfitLoss />, statusFixture());
    const table = await screen.findByTestId('profit-loss');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('Fishing')).toBeInTheDocument();
    expect(screen.getByTestId('total-profit-loss')).toHaveTextContent('+0.50');
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => {
      const q = api.calls('memberProfitLoss').at(-1)!.query;
      expect(q.get('from')).toBe(q.get('to'));
    });
  });
});
