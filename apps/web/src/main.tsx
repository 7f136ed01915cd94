import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setupI18n } from './lib/i18n';
import { prewarmMoneyFormat } from './lib/money';
// Read before the first render replaces the server-drawn first screen.
import './lib/first-paint';
import './styles/tokens.css';
import './styles/global.css';

await setupI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// The document's language is the locale `setupI18n` chose.
prewarmMoneyFormat(document.documentElement.lang);
