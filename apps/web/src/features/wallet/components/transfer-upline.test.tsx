import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import { type TestKey, createTestKey, fail, ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { TransferUpline } from './transfer-upline';

const balance = {
  sumBalance: 500,
  balance: [{ accountTypeId: 2, wallet: 'MAIN', availBalance: 500 }],
  currency: 'USD',
  currencySymbol: '$',
  currencyScale: 2,
};

let key: TestKey;
beforeAll(async () => {
  key = await createTestKey();
});
beforeEach(() => {
  useSessionStore.getState().setToken('tok-1');
  useToastStore.setState({ toasts: [] });
});

async function fillAndConfirm(amount = '1234.5') {
  await userEvent.type(await screen.findByLabelText(/^Amount/), amount);
  await userEvent.type(screen.getByLabelText(/^Payment password/), 'pay-secret');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Confirm transfer' });
  return dialog;
}

describe('TransferUpline', () => {
  it('asks for confirmation with the amount, then sends an encrypted UPLINE transfer', async () => {
    const api = stubApi(
      {
        walletBalance: () => ok(balance),
        teamTransfer: () =>
          ok({ transactionId: '7', amount: 1234.5, target: 'agent01', replayed: false, balance }),
      },
      key,
    );
    renderWithProviders(
      <>
        <TransferUpline onSetPaymentPassword={vi.fn()} />
        <Toaster />
      </>,
      statusFixture(),
    );
    expect(await screen.findByText('Available in Main wallet: $500.00')).toBeInTheDocument();

    const dialog = await fillAndConfirm();
    expect(dialog).toHaveTextContent(
      'Transfer $1,234.50 from your main wallet to your upline? This cannot be undone.',
    );
    expect(api.calls('teamTransfer')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Transferred $1,234.50 to agent01.')).toBeInTheDocument();
    const [sent] = api.calls('teamTransfer');
    expect(sent!.headers.Encryption).toBeTruthy();
    expect(sent!.body).toEqual({
      direction: 'UPLINE',
      amount: '1234.5',
      paymentPassword: 'pay-secret',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('sends nobody anywhere when cancelled, and offers to set a missing payment password', async () => {
    const onSet = vi.fn();
    const api = stubApi(
      {
        walletBalance: () => ok(balance),
        teamTransfer: () => fail(400, 'payment.password.required', 'x'),
      },
      key,
    );
    renderWithProviders(<TransferUpline onSetPaymentPassword={onSet} />, statusFixture());

    let dialog = await fillAndConfirm('10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('teamTransfer')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please set a payment password first.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set payment password' }));
    expect(onSet).toHaveBeenCalled();
    await waitFor(() => expect(api.calls('teamTransfer')).toHaveLength(1));
  });
});
