import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { useUiStore } from '../lib/ui-store';
import { fail, memberInfo, ok, stubApi } from '../test/api-stub';
import { renderApp } from '../test/render';
import { statusFixture } from '../test/status-fixture';

function logIn(token: string, type = 0) {
  sessionStorage.setItem('merchantCode', 'demo');
  sessionStorage.setItem('account', 'demoplayer');
  useSessionStore.getState().setToken(token);
  useSessionStore.getState().setMemberType(type);
}

describe('logout', () => {
  it('asks for confirmation, shows the loader while the server ends the session, clears it and goes home', async () => {
    logIn('tok-1');
    let finish: () => void = () => undefined;
    const api = stubApi({
      memberInfo: () => ok(memberInfo()),
      sessionLogout: () =>
        new Promise((resolve) => {
          finish = () => resolve(ok({ loggedOut: true }));
        }),
    });
    const { router } = renderApp('/promotions', statusFixture());
    const menu = await screen.findByRole('complementary', { name: 'Menu' });

    await userEvent.click(within(menu).getByRole('button', { name: 'Sign out' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Confirmation' });
    expect(dialog).toHaveTextContent('Are you sure you want to logout?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('sessionLogout')).toHaveLength(0);
    expect(useSessionStore.getState().token).toBe('tok-1');

    await userEvent.click(within(menu).getByRole('button', { name: 'Sign out' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Confirmation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.calls('sessionLogout')).toHaveLength(1));
    expect(document.querySelector('.page-loader--overlay')).toBeInTheDocument();
    expect(api.calls('sessionLogout')[0]!.headers.Authorization).toBe('tok-1');
    finish();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(document.querySelector('.page-loader--overlay')).not.toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({ token: null, isLogin: false, isAgent: false });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('account')).toBeNull();
    // Spec §4: logout keeps the merchant code.
    expect(sessionStorage.getItem('merchantCode')).toBe('demo');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('ignores a 401 from the server: the session is gone either way', async () => {
    logIn('tok-2');
    stubApi({
      memberInfo: () => ok(memberInfo()),
      sessionLogout: () => fail(401, 'login.not.session', 'You are not logged in, please log in.'),
    });
    const { router } = renderApp('/promotions', statusFixture());
    const menu = await screen.findByRole('complementary', { name: 'Menu' });
    await userEvent.click(within(menu).getByRole('button', { name: 'Sign out' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSessionStore.getState().token).toBeNull();
  });
});

describe('session on boot', () => {
  it('loads member info for a stored token and shows the account in the header', async () => {
    logIn('tok-3');
    stubApi({ memberInfo: () => ok(memberInfo({ id: '7788', nickname: 'Lucky' })) });
    renderApp('/', statusFixture());
    expect(await screen.findByText('ID: 7788')).toBeInTheDocument();
    expect(screen.getByText('VIP1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('Lucky');
    expect(screen.getByRole('status', { name: 'Balance is loading' })).toHaveTextContent('—');
    await userEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByRole('button', { name: 'Hide balance' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status', { name: 'Balance hidden' })).toHaveTextContent('****');
    expect(localStorage.getItem('hideBalance')).toBe('1');
  });

  it('clears the session when member info answers 401', async () => {
    logIn('stale');
    stubApi({ memberInfo: () => fail(401, 'login.not.session', 'You are not logged in, please log in.') });
    renderApp('/', statusFixture());
    await waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('trial accounts', () => {
  it('may not open the member centre: they are sent home and offered registration', async () => {
    logIn('tok-trial', 4);
    const api = stubApi({
      memberInfo: () => ok(memberInfo({ type: 4, account: 'trial01', nickname: null })),
      sessionLogout: () => ok({ loggedOut: true }),
    });
    const { router } = renderApp('/member?page=withdraw', statusFixture());
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmation' });
    expect(dialog).toHaveTextContent('Please register an account first');
    expect(router.state.location.pathname).toBe('/');

    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('dialog', { name: 'Create an account' })).toBeInTheDocument();
    expect(api.calls('sessionLogout')).toHaveLength(1);
    expect(useSessionStore.getState().token).toBeNull();
  });
});

describe('forced password change', () => {
  it('cannot be dismissed and does not ask for the old password after a temporary-password login', async () => {
    logIn('tok-temp');
    useSessionStore.getState().setPasswordChange('temporary');
    stubApi({ memberInfo: () => ok(memberInfo()) });
    renderApp('/', statusFixture());
    await screen.findByRole('button', { name: 'Account menu' });
    act(() => useUiStore.getState().openModal('changePassword'));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeInTheDocument();
  });
});
