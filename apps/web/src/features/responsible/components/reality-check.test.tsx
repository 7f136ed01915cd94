import type { RgStatus } from '@arcadia/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { RealityCheck, nextReminderAt } from './reality-check';

const status = (startedAt: string, minutes: number | null, net: string): RgStatus => ({
  depositLimits: [],
  playLimits: [],
  exclusion: null,
  realityCheckMinutes: minutes,
  sessionLimit: { minutes: null, pending: null, endsAt: null },
  session: { startedAt, net },
});

beforeEach(() => {
  useSessionStore.getState().setToken('tok-123');
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());

describe('reality check', () => {
  it('at each interval of the session, shows the time played and the net result read at that moment', async () => {
    const started = new Date(Date.now() - 14 * 60_000 - 30_000).toISOString();
    let net = '0';
    stubApi({ rgStatus: () => ok(status(started, 15, net)) });
    renderWithProviders(<RealityCheck />, statusFixture());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    net = '-1250';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Reality check' });
    expect(dialog).toHaveTextContent('You have been playing for 15 minutes this session.');
    expect(dialog).toHaveTextContent('Your net result this session: down $12.50.');
  });

  it('shows nothing when the member has not turned it on', async () => {
    const started = new Date(Date.now() - 60 * 60_000).toISOString();
    stubApi({ rgStatus: () => ok(status(started, null, '500')) });
    renderWithProviders(<RealityCheck />, statusFixture());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * 60 * 60_000);
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('reality check timing', () => {
  const start = Date.parse('2026-11-27T10:00:00Z');
  const every = 30 * 60_000;
  it('is due at each whole interval since the session began', () => {
    expect(nextReminderAt(start, every, start)).toBe(start + every);
    expect(nextReminderAt(start, every, start + every - 1)).toBe(start + every);
    // At the moment one is due, the next is the one after.
    expect(nextReminderAt(start, every, start + every)).toBe(start + 2 * every);
    expect(nextReminderAt(start, every, start + 95 * 60_000)).toBe(start + 4 * every);
  });
  it('a clock behind the session start waits for the first interval', () => {
    expect(nextReminderAt(start, every, start - 5_000)).toBe(start + every);
  });
});
