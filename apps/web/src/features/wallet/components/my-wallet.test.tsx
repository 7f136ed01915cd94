import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import { type StubRequest, fail, ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { MyWallet } from './my-wallet';

function balance(main: number, pt: number) {
  return {
    sumBalance: main + pt,
    balance: [
      { accountTypeId: 2, wallet: 'MAIN', availBalance: main },
      { accountTypeId: 3, wallet: 'PT', availBalance: pt },
    ],
    currency: 'USD',
    currencySymbol: '$',
    currencyScale: 2,
  };
}

function transferReply(amount: number, main: number, pt: number) {
  return { transactionId: '42', amount, replayed: false, balance: balance(main, pt) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const bodyOf = (r: StubRequest | undefined) =>
  r!.body as { fromWallet: string; toWallet: string; amount: string; requestId: string };

function renderWallet() {
  renderWithProviders(
    <>
      <MyWallet />
      <Toaster />
    </>,
    statusFixture(),
  );
}

beforeEach(() => {
  useSessionStore.getState().setToken('tok-1');
  useToastStore.setState({ toasts: [] });
});

describe('MyWallet', () => {
  it('shows a card per wallet and transfers the typed amount as a decimal string with a request id', async () => {
    let main = 1000;
    const api = stubApi({
      walletBalance: () => ok(balance(main, 1000 - main)),
      walletTransfer: () => {
        main = 899.5;
        return ok(transferReply(100.5, 899.5, 100.5));
      },
    });
    renderWallet();

    const cards = await screen.findByRole('list', { name: 'Wallets' });
    expect(within(cards).getByText('Main wallet').parentElement).toHaveTextContent('$1,000.00');
    expect(within(cards).getByText('PT').parentElement).toHaveTextContent('$0.00');
    expect(screen.getByText('Available in Main wallet: $1,000.00')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Amount/), '100.50');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));

    expect(await screen.findByText('Transferred $100.50 from Main wallet to PT.')).toBeInTheDocument();
    const [sent] = api.calls('walletTransfer');
    expect(bodyOf(sent)).toEqual({
      fromWallet: 'MAIN',
      toWallet: 'PT',
      amount: '100.50',
      requestId: expect.stringMatching(UUID),
    });
    // The reply's balance shows at once, and the balance is fetched again after the mutation.
    await waitFor(() => expect(within(cards).getByText('$899.50')).toBeInTheDocument());
    await waitFor(() => expect(api.calls('walletBalance').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByLabelText(/^Amount/)).toHaveValue('');
  });

  it('reuses the request id when the same transfer is retried after a network error, and not afterwards', async () => {
    let attempt = 0;
    const api = stubApi({
      walletBalance: () => ok(balance(1000, 0)),
      walletTransfer: () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return ok(transferReply(100, 900, 100));
      },
    });
    renderWallet();

    await userEvent.type(await screen.findByLabelText(/^Amount/), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Network link abnormal, please try again.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Transferred $100.00 from Main wallet to PT.')).toBeInTheDocument();

    // The stub records a request before its handler runs, so the failed attempt is listed too.
    const [first, retry] = api.calls('walletTransfer');
    expect(bodyOf(first).requestId).toMatch(UUID);
    expect(bodyOf(retry).requestId).toBe(bodyOf(first).requestId);

    // A new action after the success is a new transfer with a new key, even for the same amount.
    await userEvent.type(screen.getByLabelText(/^Amount/), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(api.calls('walletTransfer')).toHaveLength(3));
    expect(bodyOf(api.calls('walletTransfer')[2]).requestId).not.toBe(bodyOf(first).requestId);
  });

  it('shows wallet.insufficient in the user’s language, not the server’s text', async () => {
    stubApi({
      walletBalance: () => ok(balance(50, 0)),
      walletTransfer: () => fail(400, 'wallet.insufficient', 'server says no'),
    });
    renderWallet();

    await userEvent.type(await screen.findByLabelText(/^Amount/), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance.');
    expect(screen.queryByText('server says no')).not.toBeInTheDocument();
  });

  it('checks the amount before sending anything', async () => {
    const api = stubApi({ walletBalance: () => ok(balance(1000, 0)) });
    renderWallet();

    const amount = await screen.findByLabelText(/^Amount/);
    await userEvent.type(amount, '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Enter a number with at most 2 decimal places.')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '0.00');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('The amount must be greater than 0.')).toBeInTheDocument();
    expect(api.calls('walletTransfer')).toHaveLength(0);
  });

  it('all-in sends the whole main balance as shown; all-out sends ALL', async () => {
    // A small server: balances move with each transfer.
    const state = { main: 1000, pt: 250.25 };
    const api = stubApi({
      walletBalance: () => ok(balance(state.main, state.pt)),
      walletTransfer: (req) => {
        const { fromWallet, amount } = req.body as { fromWallet: string; amount: string };
        const moved = amount === 'ALL' ? (fromWallet === 'MAIN' ? state.main : state.pt) : Number(amount);
        if (fromWallet === 'MAIN') Object.assign(state, { main: state.main - moved, pt: state.pt + moved });
        else Object.assign(state, { main: state.main + moved, pt: state.pt - moved });
        return ok(transferReply(moved, state.main, state.pt));
      },
    });
    renderWallet();

    // The form's "All" follows the direction: main → PT fills in the main balance …
    await userEvent.click(await screen.findByRole('button', { name: 'All' }));
    expect(screen.getByLabelText(/^Amount/)).toHaveValue('1000.00');
    // … PT → main shows PT's balance and sends ALL.
    await userEvent.click(screen.getByRole('button', { name: 'Swap direction' }));
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByLabelText(/^Amount/)).toHaveValue('250.25');
    expect(screen.getByText('The whole balance of PT will be transferred.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(api.calls('walletTransfer')).toHaveLength(1));
    expect(bodyOf(api.calls('walletTransfer')[0])).toMatchObject({
      fromWallet: 'PT',
      toWallet: 'MAIN',
      amount: 'ALL',
    });

    // The card buttons do the same in one click.
    await userEvent.click(await screen.findByRole('button', { name: 'Move the whole main wallet into PT' }));
    await waitFor(() => expect(api.calls('walletTransfer')).toHaveLength(2));
    expect(bodyOf(api.calls('walletTransfer')[1])).toMatchObject({
      fromWallet: 'MAIN',
      toWallet: 'PT',
      amount: '1250.25',
    });
  });
});
