import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../lib/toast-store';
import { openSupportWindow } from './customer-service-button';

afterEach(() => useToastStore.setState({ toasts: [] }));

describe('openSupportWindow', () => {
  it('opens the live chat as the spec’s 440 × 750 popup and cuts the link back', () => {
    const popup = { opener: window as unknown, focus: vi.fn() };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    openSupportWindow();
    expect(open).toHaveBeenCalledWith('/customer-service', 'customer-service', 'popup,width=440,height=750');
    expect(popup.opener).toBeNull();
    expect(popup.focus).toHaveBeenCalled();
  });

  it('says so when the popup was blocked', () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    openSupportWindow();
    expect(useToastStore.getState().toasts).toMatchObject([
      {
        kind: 'error',
        message: 'The customer-service window was blocked. Please allow pop-ups for this site.',
      },
    ]);
  });
});
