import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { type StubRequest, fail, ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { DepositPage } from './deposit';

const settings = {
  allowDeposit: 'Y',
  totalDepositSuccessCount: 0,
  channels: [
    { code: 'BANK', kind: 'BANK_TRANSFER', name: 'Bank transfer', min: 50, max: 100_000 },
    { code: 'DEMOPAY', kind: 'DEMO_GATEWAY', name: 'Demo gateway', min: 10, max: 50_000 },
  ],
};

const balance = (main: number) => ({
  sumBalance: main,
  balance: [{ accountTypeId: 2, wallet: 'MAIN', availBalance: main }],
  currency: 'USD',
  currencySymbol: '$',
  currencyScale: 2,
});

const emptyPage = { list: [], pageNo: 1, totalPages: 0, totalCount: 0 };

function deposit(status: string, overrides: Record<string, unknown> = {}) {
  return {
    depositId: '42',
    channel: 'DEMOPAY',
    channelKind: 'DEMO_GATEWAY',
    amount: 50,
    status,
    payerNote: null,
    gatewayRef: status === 'paid' ? 'DG1' : null,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const bodyOf = (r: StubRequest | undefined) => r!.body as Record<string, unknown>;

beforeEach(() => {
  useSessionStore.getState().setToken('tok-1');
});

describe('DepositPage', () => {
  it('sends a gateway deposit as a decimal string with a request id and opens the redirect URL', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', {
      href: 'http://localhost:3000/member?page=depositv2',
      origin: 'http://localhost:3000',
      assign,
    });
    const api = stubApi({
      depositSettings: () => ok(settings),
      depositList: () => ok(emptyPage),
      walletBalance: () => ok(balance(1000)),
      depositCreate: () =>
        ok({
          depositId: '42',
          status: 'pending',
          amount: 50.5,
          redirectUrl: '/pay/demo/42?sig=abc123',
          bank: null,
          replayed: false,
        }),
    });
    renderWithProviders(<DepositPage depositId={null} onCloseStatus={vi.fn()} />, statusFixture());

    const picker = await screen.findByRole('group', { name: 'Payment channel' });
    expect(within(picker).getByText('Limits: $50.00 – $100,000.00')).toBeInTheDocument();
    await userEvent.click(within(picker).getByRole('radio', { name: /Demo gateway/ }));
    await userEvent.type(screen.getByLabelText(/^Amount/), '50.50');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    // The demo gateway's page is ours and speaks the interface language.
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/pay/demo/42?sig=abc123&lang=EN');
    const [sent] = api.calls('depositCreate');
    expect(bodyOf(sent)).toEqual({
      channel: 'DEMOPAY',
      amount: '50.50',
      requestId: expect.stringMatching(UUID),
    });
    expect(await screen.findByText('Opening the payment page…')).toBeInTheDocument();
  });

  it('refuses an amount outside the chosen channel’s limits before sending anything', async () => {
    const api = stubApi({
      depositSettings: () => ok(settings),
      depositList: () => ok(emptyPage),
      walletBalance: () => ok(balance(1000)),
    });
    renderWithProviders(<DepositPage depositId={null} onCloseStatus={vi.fn()} />, statusFixture());

    // Bank transfer (the first channel) starts at 50.
    const amount = await screen.findByLabelText(/^Amount/);
    await userEvent.type(amount, '49.99');
    await userEvent.click(screen.getByRole('button', { name: 'Submit deposit request' }));
    expect(await screen.findByText('Enter an amount from $50.00 to $100,000.00.')).toBeInTheDocument();

    // The gateway allows up to 50,000.
    await userEvent.click(screen.getByRole('radio', { name: /Demo gateway/ }));
    await userEvent.clear(amount);
    await userEvent.type(amount, '50000.01');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Enter an amount from $10.00 to $50,000.00.')).toBeInTheDocument();

    await userEvent.clear(amount);
    await userEvent.type(amount, '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Enter a number with at most 2 decimal places.')).toBeInTheDocument();
    expect(api.calls('depositCreate')).toHaveLength(0);
  });

  it('shows where to pay a bank transfer, with the reference', async () => {
    stubApi({
      depositSettings: () => ok(settings),
      depositList: () => ok(emptyPage),
      walletBalance: () => ok(balance(1000)),
      depositCreate: () =>
        ok({
          depositId: '43',
          status: 'pending',
          amount: 200,
          redirectUrl: null,
          bank: {
            bankName: 'Arcadia Demo Bank',
            accountName: 'Arcadia Demo Ltd',
            accountNumber: '6222 0000 1234 5678',
            reference: 'D43',
          },
          replayed: false,
        }),
    });
    renderWithProviders(<DepositPage depositId={null} onCloseStatus={vi.fn()} />, statusFixture());

    await userEvent.type(await screen.findByLabelText(/^Amount/), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Submit deposit request' }));
    const card = await screen.findByRole('region', { name: 'Transfer to this account' });
    expect(card).toHaveTextContent('Your deposit request D43 is pending. Transfer exactly $200.00');
    expect(within(card).getByText('6222 0000 1234 5678')).toBeInTheDocument();
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy Reference' })).toBeInTheDocument();
  });

  it('translates a server-side limit refusal into the amount field', async () => {
    stubApi({
      depositSettings: () => ok(settings),
      depositList: () => ok(emptyPage),
      walletBalance: () => ok(balance(1000)),
      depositCreate: () => fail(400, 'deposit.limit', 'x', { min: 100, max: 5000 }),
    });
    renderWithProviders(<DepositPage depositId={null} onCloseStatus={vi.fn()} />, statusFixture());
    await userEvent.type(await screen.findByLabelText(/^Amount/), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Submit deposit request' }));
    expect(await screen.findByText('Enter an amount from $100.00 to $5,000.00.')).toBeInTheDocument();
  });

  it('polls the deposit named in the URL until it is paid, then refreshes the balance', async () => {
    let polls = 0;
    const api = stubApi({
      depositSettings: () => ok(settings),
      depositList: () => ok(emptyPage),
      walletBalance: () => ok(balance(polls > 1 ? 1050 : 1000)),
      depositDetail: (req) => {
        expect(req.path).toBe('/wps/transaction/deposits/42');
        polls += 1;
        return ok(deposit(polls > 1 ? 'paid' : 'pending'));
      },
    });
    renderWithProviders(<DepositPage depositId="42" onCloseStatus={vi.fn()} />, statusFixture());

    const card = await screen.findByRole('region', { name: 'Deposit D42' });
    expect(await within(card).findByText('Waiting for the payment to be confirmed…')).toBeInTheDocument();
    expect(
      await within(card).findByText('Payment received: $50.00 has been credited to your main wallet.'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Successful')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('walletBalance').length).toBeGreaterThanOrEqual(2));

    // Paid is final: no more polling.
    const after = api.calls('depositDetail').length;
    await new Promise((r) => setTimeout(r, 1700));
    expect(api.calls('depositDetail')).toHaveLength(after);
  });

  it('stops polling after a minute and offers to check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi({
      depositSettings: () => ok(settings),
      depositList: () => ok(emptyPage),
      walletBalance: () => ok(balance(1000)),
      depositDetail: () => ok(deposit('pending')),
    });
    renderWithProviders(<DepositPage depositId="42" onCloseStatus={vi.fn()} />, statusFixture());
    const card = await screen.findByRole('region', { name: 'Deposit D42' });
    await within(card).findByText('Waiting for the payment to be confirmed…');

    await vi.advanceTimersByTimeAsync(61_000);
    expect(await within(card).findByText(/has not been confirmed yet/)).toBeInTheDocument();
    const polled = api.calls('depositDetail').length;
    expect(polled).toBeGreaterThan(30);
    expect(polled).toBeLessThanOrEqual(42);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.calls('depositDetail')).toHaveLength(polled);

    vi.useRealTimers();
    await userEvent.click(within(card).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(api.calls('depositDetail').length).toBeGreaterThan(polled));
  });
});
