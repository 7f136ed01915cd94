import { screen, within } from '@testing-library/react';
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
});
