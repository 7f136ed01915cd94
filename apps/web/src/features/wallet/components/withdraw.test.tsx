import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { type Handler, type TestKey, createTestKey, fail, ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { WithdrawPage } from './withdraw';

const balance = {
  sumBalance: 1000,
  balance: [{ accountTypeId: 2, wallet: 'MAIN', availBalance: 1000 }],
  currency: 'USD',
  currencySymbol: '$',
  currencyScale: 2,
};

const settings = (overrides: Record<string, unknown> = {}) => ({
  minimumAmount: 10,
  maximumAmount: 50_000,
  dailyCount: 5,
  usedToday: 1,
  hasPaymentPassword: true,
  confirmMinutes: 60,
  ...overrides,
});

function withdrawal(overrides: Record<string, unknown> = {}) {
  return {
    withdrawId: '7',
    amount: 20,
    status: 'paid',
    confirmStatus: 'none',
    remainingAmount: null,
    bankName: 'Demo Bank',
    accountNumber: '1234 5678',
    accountName: 'Demo Player',
    payeeName: 'Demo Player',
    createdAt: '2026-11-22T10:00:00.000Z',
    decidedAt: '2026-11-22T10:05:00.000Z',
    paidAt: '2026-11-22T10:05:00.000Z',
    confirmDeadline: '2026-11-22T11:05:00.000Z',
    confirmedAt: null,
    ...overrides,
  };
}

const page = (list: unknown[]) => ({
  list,
  pageNo: 1,
  totalPages: list.length ? 1 : 0,
  totalCount: list.length,
});

let key: TestKey;
beforeAll(async () => {
  key = await createTestKey();
});
beforeEach(() => {
  useSessionStore.getState().setToken('tok-1');
});

function renderWithdraw(handlers: Parameters<typeof stubApi>[0], onSet = vi.fn()) {
  const api = stubApi(
    {
      walletBalance: () => ok(balance),
      withdrawSettings: () => ok(settings()),
      withdrawList: () => ok(page([])),
      paymentConfirmationList: () => ok({ confirmMinutes: 60, list: [] }),
      ...handlers,
    },
    key,
  );
  renderWithProviders(<WithdrawPage onSetPaymentPassword={onSet} />, statusFixture());
  return api;
}

describe('WithdrawPage: request', () => {
  it('shows the limits and today’s count, confirms, then sends an encrypted body with the payment password', async () => {
    const api = renderWithdraw({
      withdrawCreate: () => ok({ withdrawId: '8', status: 'pending', amount: 20, replayed: false }),
    });
    expect(await screen.findByText('$10.00 – $50,000.00')).toBeInTheDocument();
    expect(screen.getByText('1 of 5 withdrawals')).toBeInTheDocument();

    await userEvent.type(await screen.findByLabelText(/^Amount/), '20');
    await userEvent.type(screen.getByLabelText(/^Bank name/), 'Demo Bank');
    await userEvent.type(screen.getByLabelText(/^Account number/), '1234 5678');
    await userEvent.type(screen.getByLabelText(/^Account name/), 'Demo Player');
    await userEvent.type(screen.getByLabelText(/^Payment password/), 'pay-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm withdrawal' });
    expect(dialog).toHaveTextContent('$20.00');
    expect(dialog).toHaveTextContent('1234 5678');
    expect(api.calls('withdrawCreate')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));

    const done = await screen.findByRole('region', { name: 'Withdrawal request submitted' });
    expect(done).toHaveTextContent('Request #8 for $20.00 is waiting for review.');
    const [sent] = api.calls('withdrawCreate');
    expect(sent!.headers.Encryption).toBeTruthy();
    expect(sent!.body).toEqual({
      amount: '20',
      paymentPassword: 'pay-secret',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      bankName: 'Demo Bank',
      accountNumber: '1234 5678',
      accountName: 'Demo Player',
    });
    // The amount is held: balances and the history are fetched again.
    await waitFor(() => expect(api.calls('walletBalance').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(api.calls('withdrawList').length).toBeGreaterThanOrEqual(2));
  });

  it('checks limits and fields on the client, and shows a wrong payment password on its field', async () => {
    const api = renderWithdraw({
      withdrawCreate: () => fail(400, 'payment.password.invalid', 'x'),
    });
    const amount = await screen.findByLabelText(/^Amount/);
    await userEvent.type(amount, '9.99');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter an amount from $10.00 to $50,000.00.')).toBeInTheDocument();
    expect(screen.getAllByText('Input cannot be empty')).toHaveLength(3);
    expect(screen.getByText('Please enter your payment password.')).toBeInTheDocument();

    await userEvent.clear(amount);
    await userEvent.type(amount, '1000.01');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The amount is more than your available balance.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('withdrawCreate')).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, '15');
    await userEvent.type(screen.getByLabelText(/^Bank name/), 'B');
    await userEvent.type(screen.getByLabelText(/^Account number/), '12345');
    await userEvent.type(screen.getByLabelText(/^Account name/), 'N');
    await userEvent.type(screen.getByLabelText(/^Payment password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('The payment password is incorrect.')).toBeInTheDocument();
  });

  it('sends the member to set a payment password when there is none', async () => {
    const onSet = vi.fn();
    renderWithdraw({ withdrawSettings: () => ok(settings({ hasPaymentPassword: false })) }, onSet);
    expect(await screen.findByText(/Withdrawals need a payment password/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Set payment password' }));
    expect(onSet).toHaveBeenCalled();
  });

  it('says how much bonus turnover is left and holds the form until it is played', async () => {
    renderWithdraw({ withdrawSettings: () => ok(settings({ turnoverLeft: 412.5 })) });
    expect(await screen.findByTestId('withdraw-turnover')).toHaveTextContent(
      'Your bonus needs $412.50 more turnover before you can withdraw.',
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows the history with translated statuses and confirmation states', async () => {
    renderWithdraw({
      withdrawList: () =>
        ok(
          page([
            withdrawal({
              withdrawId: '9',
              status: 'pending',
              confirmStatus: 'none',
              paidAt: null,
              confirmDeadline: null,
            }),
            withdrawal({
              withdrawId: '8',
              confirmStatus: 'partial',
              remainingAmount: 5,
              confirmDeadline: null,
            }),
            withdrawal({ withdrawId: '7', confirmStatus: 'auto_received', confirmDeadline: null }),
          ]),
        ),
    });
    const table = await screen.findByRole('table', { name: 'Withdrawal history' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Under review');
    expect(within(rows[2]!).getByText('Partly received')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('$5.00 missing')).toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('Counted as received');
  });
});

describe('WithdrawPage: receipt confirmation', () => {
  const waiting: Partial<Record<string, Handler>> = {
    paymentConfirmationList: () => ok({ confirmMinutes: 60, list: [withdrawal()] }),
  };

  async function openDialog() {
    const section = await screen.findByRole('region', { name: 'Confirm receipt' });
    expect(section).toHaveTextContent(
      'A withdrawal not confirmed within 60 minutes of payment counts as received and can no longer be refunded.',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Confirm receipt' }));
    return screen.findByRole('dialog', { name: 'Confirm receipt' });
  }

  it('refuses “not received” without a proof image, and a file that is not PNG or JPG', async () => {
    const api = renderWithdraw({ ...waiting, withdrawConfirm: () => ok(withdrawal()) });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please choose one.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Not received' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please upload a proof image.')).toBeInTheDocument();

    const input = within(dialog).getByLabelText(/^Proof image/);
    fireEvent.change(input, { target: { files: [new File(['hello'], 'note.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByText('Only PNG or JPG images are accepted.')).toBeInTheDocument();

    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await within(dialog).findByText('The image must be at most 5 MB.')).toBeInTheDocument();

    // Named .png, but not a PNG inside.
    const fake = new File(['not an image'], 'fake.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [fake] } });
    expect(await within(dialog).findByText(/could not be read as a PNG or JPG image/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(api.calls('withdrawConfirm')).toHaveLength(0);
  });

  it('sends “not received” with the image as base64', async () => {
    const api = renderWithdraw({
      ...waiting,
      withdrawConfirm: () => ok(withdrawal({ confirmStatus: 'not_received', confirmDeadline: null })),
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Not received' }));
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await userEvent.upload(
      within(dialog).getByLabelText(/^Proof image/),
      new File([png], 'statement.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByRole('img', { name: 'Proof: statement.png' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Recorded. Withdrawal #7: Not received.')).toBeInTheDocument();
    const [sent] = api.calls('withdrawConfirm');
    expect(sent!.body).toEqual({
      withdrawId: '7',
      status: 'not_received',
      proof: `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
    });
  });

  it('sends “partly received” with the remaining amount, which must be above 0 and below the amount', async () => {
    let confirmed = false;
    const api = renderWithdraw({
      paymentConfirmationList: () => ok({ confirmMinutes: 60, list: confirmed ? [] : [withdrawal()] }),
      withdrawConfirm: () => {
        confirmed = true;
        return ok(withdrawal({ confirmStatus: 'partial', remainingAmount: 5.5, confirmDeadline: null }));
      },
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Partly received' }));
    const remaining = within(dialog).getByLabelText(/^Amount not received/);
    await userEvent.type(remaining, '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText('The missing amount must be less than $20.00.'),
    ).toBeInTheDocument();
    await userEvent.clear(remaining);
    await userEvent.type(remaining, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('The amount must be greater than 0.')).toBeInTheDocument();
    expect(api.calls('withdrawConfirm')).toHaveLength(0);

    await userEvent.clear(remaining);
    await userEvent.type(remaining, '5.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText('Recorded. Withdrawal #7: Partly received, $5.50 missing.'),
    ).toBeInTheDocument();
    expect(api.calls('withdrawConfirm')[0]!.body).toEqual({
      withdrawId: '7',
      status: 'partial',
      remainingAmount: '5.50',
    });

    // Final: the withdrawal leaves the list; the result stays on the page, with nothing to edit.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    const section = await screen.findByRole('region', { name: 'Confirm receipt' });
    await waitFor(() =>
      expect(within(section).queryByRole('button', { name: 'Confirm receipt' })).toBeNull(),
    );
    expect(section).toHaveTextContent(
      'Your confirmation was recorded: withdrawal #7, Partly received, $5.50 missing.',
    );
  });

  it('sends “received” as is', async () => {
    const api = renderWithdraw({
      ...waiting,
      withdrawConfirm: () => ok(withdrawal({ confirmStatus: 'received', confirmDeadline: null })),
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Received in full' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Recorded. Withdrawal #7: Received.')).toBeInTheDocument();
    expect(api.calls('withdrawConfirm')[0]!.body).toEqual({ withdrawId: '7', status: 'received' });
  });
});
