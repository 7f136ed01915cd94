import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { OPS_TOKEN_KEY, useOpsSession } from '../api/ops-client';
import { OperatorConsole } from './operator-console';

const brand = { code: 'demo', name: 'Arcadia Demo', currency: 'USD', currencySymbol: '$', currencyScale: 2 };
const identity = (role: 'admin' | 'finance' | 'support' = 'finance') => ({
  id: '7',
  username: 'alice',
  role,
  merchantCode: null,
  brands: [brand],
});

const at = '2026-11-22T10:15:00.000Z';

function deposit(id: string, overrides: Record<string, unknown> = {}) {
  return {
    depositId: id,
    channel: 'BANK',
    channelKind: 'BANK_TRANSFER',
    amount: 1234.5,
    status: 'pending',
    payerNote: 'paid from HSBC',
    gatewayRef: null,
    createdAt: at,
    updatedAt: at,
    memberId: '21',
    account: 'demoplayer',
    decisionNote: null,
    ledgerTransactionId: null,
    ...overrides,
  };
}

function withdrawal(id: string) {
  return {
    withdrawId: id,
    amount: 250,
    status: 'pending',
    confirmStatus: 'none',
    remainingAmount: null,
    bankName: 'Demo Bank',
    accountNumber: '1234 5678',
    accountName: 'Pat Payee',
    payeeName: 'Pat Payee',
    createdAt: at,
    decidedAt: null,
    paidAt: null,
    confirmDeadline: null,
    confirmedAt: null,
    memberId: '22',
    account: 'otherplayer',
    decisionNote: null,
    proofMime: null,
    holdTransactionId: '90',
    settleTransactionId: null,
  };
}

const page = <T,>(list: T[], totalCount = list.length) => ({
  list,
  pageNo: 1,
  totalPages: 1,
  totalCount,
});

const audit = page([
  {
    id: '3',
    actor: 'operator:alice',
    action: 'adjustment',
    target: 'member:21',
    payload: { account: 'demoplayer', amount: '-2050', reason: 'fee correction' },
    createdAt: at,
  },
]);

/** The queue server: pending lists that shrink as decisions are made. */
function queueApi(role: 'admin' | 'finance' | 'support' = 'finance') {
  const deposits = [deposit('41'), deposit('42', { amount: 80, payerNote: null, account: 'secondplayer' })];
  const withdrawals = [withdrawal('9')];
  return stubApi({
    opsSessionMe: () => ok(identity(role)),
    opsDepositList: () => ok(page(deposits)),
    opsWithdrawList: () => ok(page(withdrawals)),
    opsAuditList: () => ok(audit),
    opsDepositApprove: (req) => {
      const id = req.path.split('/')[5]!;
      const i = deposits.findIndex((d) => d.depositId === id);
      const [done] = deposits.splice(i, 1);
      return ok({ deposit: { ...done!, status: 'paid' }, replayed: false });
    },
    opsWithdrawReject: (req) => {
      withdrawals.splice(0, 1);
      const w = withdrawal(req.path.split('/')[5]!);
      return ok({ withdrawal: { ...w, status: 'rejected', decisionNote: 'x' }, replayed: false });
    },
    opsAdjustment: (req) => {
      const body = req.body as { account: string; amount: string };
      return ok({
        transactionId: '77',
        account: body.account,
        amount: Number(body.amount),
        balance: 1010,
        replayed: false,
      });
    },
  });
}

function renderConsole(path = '/ops') {
  return renderWithProviders(<OperatorConsole siteBrand="demo" />, statusFixture(), path);
}

const rowOf = (text: string) => screen.getByText(text, { selector: 'td' }).closest('tr')!;

beforeEach(() => {
  useOpsSession.getState().clear();
});

describe('operator payment queue', () => {
  it('logs in with its own token, kept apart from the player’s', async () => {
    sessionStorage.setItem('token', 'player-token-1');
    const login = stubApi({
      opsSessionLogin: () => ok({ token: 'ops-token-123', operator: identity('finance') }),
      opsDepositList: () => ok(page([deposit('41')])),
      opsWithdrawList: () => ok(page([])),
    });
    renderConsole();

    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getAllByText('Required.')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText(/^Username/), 'alice');
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: /Pending deposits/ })).toBeInTheDocument();
    expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBe('ops-token-123');
    expect(sessionStorage.getItem('token')).toBe('player-token-1');
    const [sent] = login.calls('opsSessionLogin');
    expect(sent!.body).toEqual({ username: 'alice', password: 'correct horse battery' });
    expect(sent!.headers.Authorization).toBeUndefined();
    await waitFor(() => expect(login.calls('opsDepositList')).toHaveLength(1));
    const [list] = login.calls('opsDepositList');
    // Only the operator's credential: no player token, no player headers.
    expect(list!.headers).toEqual({ Authorization: 'Ops ops-token-123' });
    expect(list!.query.get('status')).toBe('pending');
  });

  it('shows pending deposits and withdrawals with member, formatted amount, channel and time', async () => {
    useOpsSession.getState().setToken('ops-token-123');
    queueApi('finance');
    renderConsole();

    const deposits = await screen.findByRole('region', { name: /Pending deposits/ });
    await within(deposits).findByText('#41');
    const first = rowOf('#41');
    expect(within(first).getByText('demoplayer')).toBeInTheDocument();
    expect(within(first).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(first).getByText('BANK')).toBeInTheDocument();
    expect(within(first).getByText('D41')).toBeInTheDocument();
    expect(within(first).getByText(/paid from HSBC/)).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(
      within(first).getByText((_, el) => el?.tagName === 'TIME' && el.getAttribute('dateTime') === at),
    ).toBeInTheDocument();
    expect(within(deposits).getByText('2')).toHaveClass('ops-count');

    const withdrawals = screen.getByRole('region', { name: /Pending withdrawals/ });
    const row = within(withdrawals).getByText('#9').closest('tr')!;
    expect(within(row).getByText('otherplayer')).toBeInTheDocument();
    expect(within(row).getByText('$250.00')).toBeInTheDocument();
    expect(within(row).getByText('Pat Payee')).toBeInTheDocument();
    expect(within(row).getByText('Demo Bank · 1234 5678')).toBeInTheDocument();

    // Finance adjusts but does not read the audit log (admin only).
    expect(screen.getByRole('region', { name: 'Manual adjustment' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent operator actions' })).not.toBeInTheDocument();
  });

  it('approves after a confirmation, then the queue refreshes', async () => {
    useOpsSession.getState().setToken('ops-token-123');
    const api = queueApi('finance');
    renderConsole();

    await screen.findByText('#41');
    await userEvent.click(within(rowOf('#41')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve deposit #41' });
    expect(within(dialog).getByText('$1,234.50')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'seen on statement');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(screen.queryByText('#41')).not.toBeInTheDocument());
    const [sent] = api.calls('opsDepositApprove');
    expect(sent!.path).toBe('/ops/merchants/demo/deposits/41/approve');
    expect(sent!.body).toEqual({ note: 'seen on statement' });
    expect(screen.getByText('#42')).toBeInTheDocument();
    expect(api.calls('opsDepositList').length).toBeGreaterThanOrEqual(2);
  });

  it('asks for a reason before rejecting', async () => {
    useOpsSession.getState().setToken('ops-token-123');
    const api = queueApi('finance');
    renderConsole();

    await screen.findByText('#9');
    await userEvent.click(within(rowOf('#9')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal #9' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Between 3 and 500 characters.');
    expect(api.calls('opsWithdrawReject')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'account name does not match');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByText('#9')).not.toBeInTheDocument());
    expect(api.calls('opsWithdrawReject')[0]!.body).toEqual({ reason: 'account name does not match' });
  });

  it('adjusts with a signed amount and a mandatory reason, confirmed first', async () => {
    useOpsSession.getState().setToken('ops-token-123');
    const api = queueApi('finance');
    renderConsole();

    const form = await screen.findByRole('region', { name: 'Manual adjustment' });
    await userEvent.type(within(form).getByLabelText(/^Member account/), 'demoplayer');
    await userEvent.type(within(form).getByLabelText(/^Amount/), '-20.505');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust' }));
    expect(within(form).getByText('A non-zero amount with at most 2 decimals.')).toBeInTheDocument();
    expect(within(form).getAllByText('Required.')).toHaveLength(1);

    await userEvent.clear(within(form).getByLabelText(/^Amount/));
    await userEvent.type(within(form).getByLabelText(/^Amount/), '-20.50');
    await userEvent.type(within(form).getByLabelText(/^Reason/), 'fee correction');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm adjustment' });
    expect(confirm).toHaveTextContent('Adjust demoplayer by -$20.50? Reason: fee correction');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Adjust' }));

    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Adjusted demoplayer by -$20.50. New main wallet balance: $1,010.00.',
    );
    const body = api.calls('opsAdjustment')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ account: 'demoplayer', amount: '-20.50', reason: 'fee correction' });
    expect(body.requestId).toEqual(expect.any(String));
  });

  it('pages a long queue, newest first', async () => {
    useOpsSession.getState().setToken('ops-token-123');
    const api = stubApi({
      opsSessionMe: () => ok(identity('finance')),
      opsDepositList: (req) => {
        const pageNo = Number(req.query.get('pageNo'));
        return ok({ list: [deposit(String(200 - pageNo))], pageNo, totalPages: 3, totalCount: 120 });
      },
      opsWithdrawList: () => ok(page([])),
    });
    renderConsole();
    await screen.findByText('#199');
    expect(screen.getByText('Page 1 of 3, newest first')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('#198')).toBeInTheDocument();
    expect(api.calls('opsDepositList').map((r) => r.query.get('pageNo'))).toEqual(['1', '2']);
    expect(api.calls('opsDepositList')[0]!.query.get('pageSize')).toBe('50');
  });

  it('support reads the queue only; an admin also sees the audit log', async () => {
    useOpsSession.getState().setToken('ops-token-123');
    queueApi('support');
    const view = renderConsole();
    await screen.findByText('#41');
    expect(within(rowOf('#41')).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(rowOf('#41')).getByText('Read only')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Manual adjustment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
    view.unmount();

    useOpsSession.getState().setToken('ops-token-456');
    queueApi('admin');
    renderConsole('/ops/audit-log');
    const log = await screen.findByRole('region', { name: 'Recent operator actions' });
    const entry = (await within(log).findByText('Adjustment')).closest('tr')!;
    expect(within(entry).getByText('alice')).toBeInTheDocument();
    expect(within(entry).getByText('demoplayer · -$20.50 · “fee correction”')).toBeInTheDocument();
  });

  it('returns to the login form when the operator session has ended', async () => {
    useOpsSession.getState().setToken('ops-token-old');
    stubApi({
      opsSessionMe: () => fail(401, 'ops.key.invalid', 'Operator credentials are missing or wrong.'),
    });
    renderConsole();
    expect(await screen.findByText('Your operator session ended. Please log in again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
  });
});
