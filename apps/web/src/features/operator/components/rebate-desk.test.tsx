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
const settings = { enabled: true, rates: { RNG: 0.008, LIVE: 0.005 }, minPayout: 0.1 };

beforeEach(() => {
  useOpsSession.getState().setToken('ops-tok');
});

function console(role: 'admin' | 'finance' | 'support', run?: Parameters<typeof stubApi>[0]['opsRebateRun']) {
  let days: { day: string; payments: number; amount: number; settledAt: string }[] = [];
  const api = stubApi({
    opsSessionMe: () => ok({ id: '1', username: 'fin', role, merchantCode: 'demo', brands: [brand] }),
    opsDepositList: () => ok(page),
    opsWithdrawList: () => ok(page),
    opsAuditList: () => ok(page),
    opsInboxList: () => ok(page),
    opsSupportList: () => ok({ list: [], pageNo: 1, totalPages: 0, totalCount: 0 }),
    opsRebateSummary: () => ok({ settings, days, outstanding: 12.34, manualToday: 1.5 }),
    opsRebateRun:
      run ??
      ((req) => {
        const day = (req.body as { day: string }).day;
        days = [{ day, payments: 3, amount: 4.56, settledAt: '2026-11-26T00:10:00.000Z' }];
        return ok({ day, payments: 3, amount: 4.56, ms: 12 });
      }),
  });
  renderWithProviders(<OperatorConsole />, statusFixture(), '/ops/rewards');
  return api;
}

describe('rebate desk', () => {
  it('shows the liability and runs a closed day with a reason (finance)', async () => {
    const api = console('finance');
    const desk = await screen.findByRole('region', { name: 'Rebates' });
    expect(await within(desk).findByTestId('rebate-outstanding')).toHaveTextContent('12.34 USD');
    expect(within(desk).getByText('RNG 0.80 % · LIVE 0.50 %')).toBeInTheDocument();
    const form = within(desk).getByRole('form', { name: 'Run the daily rebate for a day' });
    await userEvent.click(within(form).getByRole('button', { name: 'Run daily rebate' }));
    // The contract's schema refuses a missing reason before anything is sent.
    expect(await within(form).findByText('Between 3 and 500 characters.')).toBeInTheDocument();
    expect(api.calls('opsRebateRun')).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText(/Reason/), 'month-end check');
    await userEvent.click(within(form).getByRole('button', { name: 'Run daily rebate' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(/3 payments, 4\.56 USD/);
    expect(api.calls('opsRebateRun')[0]!.body).toMatchObject({ reason: 'month-end check' });
    await waitFor(() => expect(within(desk).getByTestId('rebate-days')).toHaveTextContent('4.56 USD'));
  });

  it('shows a refusal in words, and support reads without the run form', async () => {
    console('finance', () => fail(409, 'rebate.day_open', 'open'));
    const desk = await screen.findByRole('region', { name: 'Rebates' });
    const form = within(desk).getByRole('form', { name: 'Run the daily rebate for a day' });
    await userEvent.type(within(form).getByLabelText(/Reason/), 'try today');
    await userEvent.click(within(form).getByRole('button', { name: 'Run daily rebate' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That day has not ended yet');
  });

  it('gives support the figures only', async () => {
    console('support');
    const desk = await screen.findByRole('region', { name: 'Rebates' });
    expect(await within(desk).findByTestId('rebate-outstanding')).toBeInTheDocument();
    expect(within(desk).queryByRole('form')).not.toBeInTheDocument();
  });
});
