import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setupI18n } from './lib/i18n';
import { prewarmMoneyFormat } from './lib/money';
import { useSessionStore } from './lib/session-store';
// Read before the first render replaces the server-drawn first screen.
import './lib/first-paint';
import './styles/tokens.css';
import './styles/global.css';

await setupI18n();
// The server drew the first screen into the page: it is painted before the app's first render
// replaces it (the script may otherwise run ahead of the browser's first frame, and the visitor
// sees nothing until React has rendered). A hidden tab draws no frames: there a timer goes on.
await new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 100);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// A member's header shows the balance at once: its formatter (the locale's number data, tens of
// milliseconds on a phone) is made in a task of its own first. A visitor's first screen shows no
// amount, and the formatter is made when one first is.
if (useSessionStore.getState().token) prewarmMoneyFormat(document.documentElement.lang);
