import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { resetSessionKeyForTests } from '../lib/api-client';
import { setupI18n } from '../lib/i18n';
import { useSessionStore } from '../lib/session-store';
import { useUiStore } from '../lib/ui-store';

// Route modules load lazily; the first load of one includes its transform.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  window.scrollTo = () => undefined;
  await setupI18n('EN');
});

afterEach(() => {
  cleanup();
  useUiStore.setState({ modal: null, notice: null, loading: false });
  useSessionStore.getState().clear();
  sessionStorage.clear();
  localStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean))
    document.cookie = `${cookie.split('=')[0]}=; max-age=0; path=/`;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetSessionKeyForTests();
});
