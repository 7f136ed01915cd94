import { useSyncExternalStore } from 'react';
import { local } from './storage';

export type Theme = 'dark' | 'light';

const listeners = new Set<() => void>();

function read(): Theme {
  return document.documentElement.getAttribute('data-theme') === 'light' ? 'light' : 'dark';
}

/** Sets and remembers the theme; `public/theme-init.js` applies it again before the next first paint. */
export function setTheme(theme: Theme) {
  document.documentElement.setAttribute('data-theme', theme);
  local.set('theme', theme);
  // Also for the server: the home page's HTML paints its first screen in this theme.
  document.cookie = `theme=${theme}; path=/; max-age=31536000; SameSite=Lax`;
  listeners.forEach((l) => l());
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => 'dark' as Theme,
  );
  return [theme, setTheme];
}
