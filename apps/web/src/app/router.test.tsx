import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { renderApp } from '../test/render';
import { statusFixture } from '../test/status-fixture';

describe('route guard', () => {
  it('sends a visitor from a protected route to /login with the login modal open', async () => {
    useSessionStore.setState({ token: null });
    const { router } = renderApp('/lottery?gameCode=VN1', statusFixture());
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets a visitor with a token through', async () => {
    useSessionStore.setState({ token: 'abc' });
    const { router } = renderApp('/recent', statusFixture());
    expect(await screen.findByRole('heading', { name: 'Recently played' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/recent');
  });

  it('sends a non-agent from /agentHome to the agent login page', async () => {
    useSessionStore.setState({ token: 'abc', isAgent: false });
    const { router } = renderApp('/agentHome', statusFixture());
    expect(await screen.findByRole('heading', { name: 'Agent back office' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/agent');
  });

  it('closing the /register modal returns to /', async () => {
    useSessionStore.setState({ token: null });
    const { router } = renderApp('/register', statusFixture());
    await screen.findByRole('dialog', { name: 'Create an account' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('layouts', () => {
  it('hides the side menu on game pages and shows it elsewhere', async () => {
    useSessionStore.setState({ token: 'abc' });
    const { router } = renderApp('/', statusFixture());
    expect(await screen.findByRole('complementary', { name: 'Menu' })).toBeInTheDocument();
    await router.navigate('/seamless');
    await screen.findByText(/No game is open/);
    expect(screen.queryByRole('complementary', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('renders the agent pages without the player header', async () => {
    useSessionStore.setState({ token: null });
    renderApp('/agent', statusFixture());
    await screen.findByRole('heading', { name: 'Agent back office' });
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });
});

describe('system status', () => {
  it('shows the maintenance screen instead of the app', async () => {
    renderApp(
      '/',
      statusFixture({
        systemStatus: 1,
        maintenance: true,
        maintenanceInfo: { message: 'Upgrading wallets', endTime: null },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'System maintenance' })).toBeInTheDocument();
    expect(screen.getByText('Upgrading wallets')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('shows the region block screen with the visitor IP', async () => {
    renderApp('/', statusFixture({ systemStatus: 2, regionRestriction: true }));
    expect(await screen.findByRole('heading', { name: 'Access restricted' })).toBeInTheDocument();
    expect(screen.getByTestId('visitor-ip')).toHaveTextContent('203.0.113.9');
  });
});
