import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useOpsSession } from '../../features/operator/api/ops-client';
import { useSessionStore } from '../../lib/session-store';
import { renderApp } from '../../test/render';
import { statusFixture } from '../../test/status-fixture';

afterEach(() => {
  window.history.replaceState({}, '', '/');
  useOpsSession.getState().clear();
});

describe('/ops', () => {
  it('is a bare page: the operator login, no player header or side menu, even with a player session', async () => {
    useSessionStore.setState({ token: 'player-token' });
    renderApp('/ops', statusFixture());
    expect(await screen.findByRole('heading', { name: 'Operator login' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Operator console · Arcadia Demo'));
  });

  it('stays open during maintenance, which closes the player site', async () => {
    window.history.replaceState({}, '', '/ops');
    const status = statusFixture({
      maintenance: true,
      systemStatus: 1,
      maintenanceInfo: { message: 'Upgrading', endTime: null },
    });
    renderApp('/ops', status);
    expect(await screen.findByRole('heading', { name: 'Operator login' })).toBeInTheDocument();
  });
});
