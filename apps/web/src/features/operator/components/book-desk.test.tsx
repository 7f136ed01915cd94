import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { useOpsSession } from '../api/ops-client';
import { OperatorConsole } from './operator-console';

const brand = { code: 'demo', name: 'Arcadia Demo', currency: 'USD', currencySymbol: '$', currencyScale: 2 };
const page = { list: [], pageNo: 1, totalPages: 0, totalCount: 0 };
const fixture = {
  eventId: '5',
  category: 'SPORTS',
  sport: 'football',
  league: 'Northshore Premier',
  home: 'Harbour City',
  away: 'Redfield Rovers',
  startsAt: '2026-11-25T14:00:00.000Z',
  status: 'live',
  result: null,
  markets: [
    { marketId: '51', kind: '1x2', line: null, map: null, status: 'closed', version: 2, selections: [] },
  ],
};
const upcoming = {
  ...fixture,
  eventId: '6',
  home: 'Kestrel Town',
  away: 'Marlow Athletic',
  status: 'scheduled',
  markets: [{ ...fixture.markets[0], marketId: '61', status: 'open' }],
};

function api(merchantCode: string | null) {
  let tries = 0;
  return stubApi({
    opsSessionMe: () => ok({ id: '1', username: 'root', role: 'admin', merchantCode, brands: [brand] }),
    opsDepositList: () => ok(page),
    opsWithdrawList: () => ok(page),
    opsAuditList: () => ok(page),
    opsInboxList: () => ok(page),
    opsSupportList: () => ok({ list: [] }),
    sportsEvents: () => ok({ list: [fixture, upcoming], serverTime: '2026-11-25T14:30:00.000Z' }),
    opsSportsResult: () =>
      ++tries === 1
        ? fail(400, 'sports.result_invalid', 'This result does not fit the event’s markets.')
        : ok({ eventId: '5', settled: 3, resettled: 0, delta: '0' }),
    opsSportsMarket: () => ok({ ...upcoming.markets[0], status: 'suspended', version: 2 }),
  });
}

beforeEach(() => {
  useOpsSession.getState().setToken('ops-tok');
});

describe('sportsbook desk', () => {
  it('an all-brand admin enters a score with a reason and suspends a market', async () => {
    const calls = api(null);
    renderWithProviders(<OperatorConsole siteBrand="demo" />, statusFixture(), '/ops/books');
    const desk = await screen.findByRole('region', { name: 'Sportsbook' });
    const row = (await within(desk).findByText('Harbour City v Redfield Rovers')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Enter result' }));
    const form = within(row).getByRole('form', { name: 'Result of Harbour City v Redfield Rovers' });
    await userEvent.click(within(form).getByRole('button', { name: 'Enter result' }));
    expect(await within(form).findByText('Between 3 and 500 characters.')).toBeInTheDocument();
    expect(calls.calls('opsSportsResult')).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText('Harbour City'), '2');
    await userEvent.type(within(form).getByLabelText('Redfield Rovers'), '1');
    await userEvent.type(within(form).getByLabelText(/Reason/), 'official sheet');
    await userEvent.click(within(form).getByRole('button', { name: 'Enter result' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('does not fit');
    await userEvent.click(within(form).getByRole('button', { name: 'Enter result' }));
    await waitFor(() => expect(within(row).queryByRole('form')).toBeNull());
    expect(calls.calls('opsSportsResult')[1]!.body).toEqual({
      eventId: '5',
      result: { kind: 'score', home: 2, away: 1 },
      reason: 'official sheet',
    });

    const next = within(desk).getByText('Kestrel Town v Marlow Athletic').closest('tr')!;
    const suspend = within(next).getByRole('button', { name: 'Suspend' });
    expect(suspend).toBeDisabled();
    await userEvent.type(within(desk).getByLabelText('Reason for market changes'), 'team news');
    await userEvent.click(suspend);
    await waitFor(() => expect(calls.calls('opsSportsMarket')).toHaveLength(1));
    expect(calls.calls('opsSportsMarket')[0]!.body).toEqual({
      marketId: '61',
      status: 'suspended',
      reason: 'team news',
    });
  });

  it('a brand-bound admin does not see the desk (the book is every brand’s)', async () => {
    api('demo');
    renderWithProviders(<OperatorConsole siteBrand="demo" />, statusFixture(), '/ops/books');
    // The page is not in the menu, and its address falls back to the first page.
    expect(await screen.findByRole('link', { name: 'Payments' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sports & lottery' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Sportsbook' })).toBeNull();
  });
});
