import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { memberInfo, ok, stubApi } from '../test/api-stub';
import { renderApp } from '../test/render';
import { statusFixture } from '../test/status-fixture';

function logIn(type = 0) {
  sessionStorage.setItem('merchantCode', 'demo');
  useSessionStore.getState().setToken('tok-1');
  useSessionStore.getState().setMemberType(type);
}

const balance = {
  sumBalance: 1000,
  balance: [
    { accountTypeId: 2, wallet: 'MAIN', availBalance: 1000 },
    { accountTypeId: 3, wallet: 'PT', availBalance: 0 },
  ],
  currency: 'USD',
  currencySymbol: '$',
  currencyScale: 2,
};

describe('member centre wallet pages', () => {
  it('shows My Wallet, and the header shows the real balance', async () => {
    logIn();
    stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(balance),
      merchantWallet: () => ok({ isSingle: 0 }),
    });
    renderApp('/member?page=transferFund', statusFixture());
    const panel = await screen.findByRole('region', { name: 'My Wallet' });
    expect(await within(panel).findByRole('list', { name: 'Wallets' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('$1,000.00')).toBeInTheDocument();
    expect(sessionStorage.getItem('merchantWallet')).toBe('0');
  });

  it('hides My Wallet for a single-wallet brand', async () => {
    logIn();
    stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(balance),
      merchantWallet: () => ok({ isSingle: 1 }),
    });
    renderApp('/member?page=transferFund', statusFixture());
    expect(await screen.findByRole('region', { name: 'My Account' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Member Center' });
    expect(within(nav).queryByRole('button', { name: 'My Wallet' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Account Record' })).toBeInTheDocument();
  });

  it('keeps trial accounts out of the wallet pages', async () => {
    logIn(4);
    const api = stubApi({
      memberInfo: () => ok(memberInfo({ type: 4 })),
      walletBalance: () => ok(balance),
      merchantWallet: () => ok({ isSingle: 0 }),
    });
    const { router } = renderApp('/member?page=transactionHistory', statusFixture());
    expect(await screen.findByRole('alertdialog', { name: 'Confirmation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls('memberTransactions')).toHaveLength(0);
    expect(api.calls('merchantWallet')).toHaveLength(0);
  });

  it('opens the deposit page back from the gateway with the deposit’s status, and dismisses it', async () => {
    logIn();
    stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(balance),
      merchantWallet: () => ok({ isSingle: 0 }),
      depositSettings: () => ok({ allowDeposit: 'Y', channels: [], totalDepositSuccessCount: 1 }),
      depositList: () => ok({ list: [], pageNo: 1, totalPages: 0, totalCount: 0 }),
      depositDetail: () =>
        ok({
          depositId: '42',
          channel: 'DEMOPAY',
          channelKind: 'DEMO_GATEWAY',
          amount: 50,
          status: 'cancelled',
          payerNote: null,
          gatewayRef: null,
          createdAt: '2026-11-22T10:00:00.000Z',
          updatedAt: '2026-11-22T10:00:00.000Z',
        }),
    });
    const { router } = renderApp('/member?page=depositv2&deposit=42', statusFixture());
    const panel = await screen.findByRole('region', { name: 'Deposit' });
    const card = await within(panel).findByRole('region', { name: 'Deposit D42' });
    expect(
      await within(card).findByText('The payment was cancelled. Nothing was credited.'),
    ).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(router.state.location.search).toBe('?page=depositv2');
    expect(within(panel).queryByRole('region', { name: 'Deposit D42' })).not.toBeInTheDocument();
  });
});
