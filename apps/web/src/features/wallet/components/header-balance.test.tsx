import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { HeaderBalance } from './header-balance';

const reply = (sum: number) => ({
  sumBalance: sum,
  balance: [{ accountTypeId: 2, wallet: 'MAIN', availBalance: sum }],
  currency: 'USD',
  currencySymbol: '$',
  currencyScale: 2,
});

beforeEach(() => {
  useSessionStore.getState().setToken('tok-1');
});

describe('HeaderBalance', () => {
  it('shows the total with the currency symbol, hides it behind asterisks and remembers the choice', async () => {
    stubApi({ walletBalance: () => ok(reply(1234.5)) });
    const view = renderWithProviders(<HeaderBalance />, statusFixture());

    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByText('****')).toBeInTheDocument();
    expect(screen.queryByText('$1,234.50')).not.toBeInTheDocument();
    expect(localStorage.getItem('hideBalance')).toBe('1');

    // A new page load starts hidden.
    view.unmount();
    renderWithProviders(<HeaderBalance />, statusFixture());
    expect(await screen.findByText('****')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide balance' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(localStorage.getItem('hideBalance')).toBe('0');
  });

  it('refreshes on demand and spins while fetching', async () => {
    let sum = 10;
    let release: () => void = () => undefined;
    const api = stubApi({
      walletBalance: async () => {
        if (sum > 10) await new Promise<void>((r) => (release = r));
        return ok(reply(sum));
      },
    });
    renderWithProviders(<HeaderBalance />, statusFixture());
    expect(await screen.findByText('$10.00')).toBeInTheDocument();

    sum = 2500;
    const refresh = screen.getByRole('button', { name: 'Refresh balance' });
    await userEvent.click(refresh);
    await waitFor(() => expect(refresh).toHaveClass('is-spinning'));
    release();
    expect(await screen.findByText('$2,500.00')).toBeInTheDocument();
    expect(refresh).not.toHaveClass('is-spinning');
    expect(api.calls('walletBalance')).toHaveLength(2);
  });

  it('shows the placeholder until the balance arrives, never a made-up figure', async () => {
    stubApi({ walletBalance: () => new Promise(() => undefined) });
    renderWithProviders(<HeaderBalance />, statusFixture());
    expect(await screen.findByText('—')).toBeInTheDocument();
  });
});
