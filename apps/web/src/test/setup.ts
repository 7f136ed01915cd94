import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { setupI18n } from '../lib/i18n';
import { useUiStore } from '../lib/ui-store';

// Route modules load lazily; the first load of one includes its transform.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  window.scrollTo = () => undefined;
  await setupI18n('EN');
});

afterEach(() => {
  cleanup();
  useUiStore.setState({ modal: null });
  sessionStorage.clear();
  localStorage.clear();
});
