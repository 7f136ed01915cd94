import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { AccountRecord } from './account-record';

const balance = {
  sumBalance: 1000,
  balance: [
    { accountTypeId: 2, wallet: 'MAIN', availBalance: 900 },
    { accountTypeId: 3, wallet: 'PT', availBalance: 100 },
  ],
  currency: 'USD',
  currencySymbol: '$',
  currencyScale: 2,
};

const rows = [
  {
    id: '12',
    time: '2025-03-04T05:06:07.000Z',
    kind: 'TRANSFER_OUT',
    wallet: 'PT',
    amount: 100,
    balanceAfter: 100,
    reference: 'MAIN>PT',
  },
  {
    id: '11',
    time: '2025-03-04T05:06:07.000Z',
    kind: 'TRANSFER_OUT',
    wallet: 'MAIN',
    amount: -100,
    balanceAfter: 1900.5,
    reference: 'MAIN>PT',
  },
  {
    id: '10',
    time: '2025-03-01T00:00:00.000Z',
    kind: 'DEPOSIT',
    wallet: 'MAIN',
    amount: 2000.5,
    balanceAfter: 2000.5,
    reference: null,
  },
];

beforeEach(() => {
  useSessionStore.getState().setToken('tok-1');
});

describe('AccountRecord', () => {
  it('renders the movements with translated kinds, signed coloured amounts and localised times', async () => {
    stubApi({
      walletBalance: () => ok(balance),
      memberTransactions: (req) =>
        ok({ list: rows, pageNo: Number(req.query.get('pageNo')), totalPages: 3, totalCount: 23 }),
    });
    renderWithProviders(<AccountRecord />, statusFixture());

    const table = await screen.findByRole('table', { name: 'Account record' });
    const [, ...body] = within(table).getAllByRole('row');
    expect(body).toHaveLength(3);
    const cells = (i: number) => within(body[i]!).getAllByRole('cell');

    expect(cells(0).map((c) => c.textContent)).toEqual([
      new Intl.DateTimeFormat('en', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).format(new Date(rows[0]!.time)),
      'Transfer to game wallet',
      'PT',
      '+$100.00',
      '$100.00',
      'MAIN>PT',
    ]);
    expect(cells(0)[3]).toHaveClass('money--in');
    expect(cells(1)[2]).toHaveTextContent('Main wallet');
    expect(cells(1)[3]).toHaveTextContent('-$100.00');
    expect(cells(1)[3]).toHaveClass('money--out');
    expect(cells(1)[4]).toHaveTextContent('$1,900.50');
    expect(cells(2)[1]).toHaveTextContent('Deposit');
    expect(cells(2)[5]).toHaveTextContent('—');
    expect(screen.getByText('Total: 23')).toBeInTheDocument();
  });

  it('pages with page numbers and sends the filters, back to page 1 when they change', async () => {
    const api = stubApi({
      walletBalance: () => ok(balance),
      memberTransactions: (req) =>
        ok({ list: rows, pageNo: Number(req.query.get('pageNo')), totalPages: 3, totalCount: 23 }),
    });
    renderWithProviders(<AccountRecord />, statusFixture());

    const pages = await screen.findByRole('navigation', { name: 'Account record pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(pages).getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(3);

    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(api.calls('memberTransactions').at(-1)!.query.get('pageNo')).toBe('3');

    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Transfer to game wallet');
    await userEvent.selectOptions(screen.getByLabelText('Wallet'), 'PT');
    await waitFor(() => {
      const q = api.calls('memberTransactions').at(-1)!.query;
      expect(Object.fromEntries(q)).toEqual({
        kind: 'TRANSFER_OUT',
        wallet: 'PT',
        pageNo: '1',
        pageSize: '10',
      });
    });

    const from = screen.getByLabelText('From date');
    await userEvent.type(from, '2025-03-01');
    await waitFor(() => expect(api.calls('memberTransactions').at(-1)!.query.get('from')).toBe('2025-03-01'));
  });

  it('says "No data" when there is nothing to show', async () => {
    stubApi({
      walletBalance: () => ok(balance),
      memberTransactions: () => ok({ list: [], pageNo: 1, totalPages: 1, totalCount: 0 }),
    });
    renderWithProviders(<AccountRecord />, statusFixture());
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
