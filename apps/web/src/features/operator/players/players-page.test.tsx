import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { useOpsSession } from '../api/ops-client';
import { OperatorConsole } from '../components/operator-console';

const brand = { code: 'demo', name: 'Arcadia Demo', currency: 'USD', currencySymbol: '$', currencyScale: 2 };
const empty = { list: [], pageNo: 1, totalPages: 0, totalCount: 0 };
const row = {
  memberId: '100001',
  account: 'alice01',
  nickname: 'Alice',
  status: 'active' as const,
  agent: false,
  mobile: '+66 812345678',
  email: 'alice@example.org',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastLoginAt: '2026-11-27T09:00:00.000Z',
  lastLoginIp: '203.0.113.7',
};

beforeEach(() => {
  useOpsSession.getState().setToken('ops-tok');
});

function renderPage(role: 'admin' | 'finance') {
  let status: 'active' | 'frozen' = 'active';
  const detail = () =>
    ok({
      profile: {
        ...row,
        status,
        type: 0,
        parent: null,
        vipLevel: 2,
        registerMethod: 'WEB',
        registerUrl: null,
        domain: null,
        createdIp: '203.0.113.7',
        registerDevice: null,
        language: 'EN',
        mustChangePassword: false,
        passwordChangedAt: '2026-11-20T10:00:00.000Z',
      },
      balances: [{ kind: 'main', code: 'MAIN', currency: 'USD', balance: '12345' }],
      sessions: [],
      knownIps: [],
    });
  const api = stubApi({
    opsSessionMe: () => ok({ id: '1', username: 'op', role, merchantCode: 'demo', brands: [brand] }),
    opsDepositList: () => ok(empty),
    opsWithdrawList: () => ok(empty),
    opsAuditList: () => ok(empty),
    opsPlayerSearch: () => ok({ list: [row], pageNo: 1, totalPages: 1, totalCount: 1 }),
    opsPlayerDetail: detail,
    opsPlayerStatus: () => {
      status = 'frozen';
      return ok({ status: 'frozen', sessionsEnded: 2 });
    },
  });
  renderWithProviders(<OperatorConsole />, statusFixture(), '/ops/players');
  return api;
}

describe('players page', () => {
  it('finds a member, opens it, and freezes it only with a reason', async () => {
    const api = renderPage('admin');
    const results = await screen.findByTestId('ops-players-results', {}, { timeout: 15_000 });
    await userEvent.click(within(results).getByRole('button', { name: 'alice01' }));
    expect(await screen.findByText('$123.45')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Freeze' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    // The contract's schema refuses a missing reason before anything is sent.
    expect(await within(dialog).findByText('Give a reason of 3 to 500 characters.')).toBeInTheDocument();
    expect(api.calls('opsPlayerStatus')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'chargeback under review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('opsPlayerStatus')[0]!.body).toEqual({
      action: 'freeze',
      reason: 'chargeback under review',
    });
    expect(await screen.findByRole('button', { name: 'Unfreeze' })).toBeInTheDocument();
  }, 30_000);

  it('finance reads the member without any action', async () => {
    renderPage('finance');
    const results = await screen.findByTestId('ops-players-results', {}, { timeout: 15_000 });
    await userEvent.click(within(results).getByRole('button', { name: 'alice01' }));
    expect(await screen.findByText('$123.45')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freeze' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset password' })).not.toBeInTheDocument();
  }, 30_000);
});
