import { type LanguageCode, defaultLanguage, languageCatalogue } from '@arcadia/contract/client';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from './api-client';
import { local } from './storage';
import { en } from '../locales/en';

export const namespaces = [
  'common',
  'errors',
  'auth',
  'lobby',
  'member',
  'agent',
  'help',
  'wallet',
  'payments',
  'operator',
] as const;
export type Namespace = (typeof namespaces)[number];

/** Languages with a full dictionary in this build; other brand languages fall back to English. */
export const shippedLanguages: LanguageCode[] = ['EN', 'ZH'];

const toI18n = (code: string) => code.toLowerCase();

// English ships in the main bundle (it is also the fallback); every other language loads on demand.
const lazyLocales = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/*',
]);

/** The language to start with: the visitor's last choice, else the brand default. */
export function initialLanguage(): LanguageCode {
  const stored = (local.get('hisLang') ?? local.get('lang'))?.toUpperCase();
  return stored && stored in languageCatalogue ? (stored as LanguageCode) : defaultLanguage;
}

function applyDocumentLanguage(code: LanguageCode) {
  const { locale, dir } = languageCatalogue[code];
  document.documentElement.lang = locale;
  document.documentElement.dir = dir;
  setApiLanguage(code);
}

export async function setupI18n(code: LanguageCode = initialLanguage()) {
  applyDocumentLanguage(code);
  await i18n
    .use(initReactI18next)
    .use(
      resourcesToBackend((lng: string, ns: string) => {
        const load = lazyLocales[`../locales/${lng}/${ns}.json`];
        return load ? load().then((m) => m.default) : Promise.resolve({});
      }),
    )
    .init({
      lng: toI18n(code),
      fallbackLng: 'en',
      ns: [...namespaces],
      defaultNS: 'common',
      resources: { en },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  return i18n;
}

/** Spec §4 "Language change": update the locale, remember the choice (`lang`, `hisLang`), re-render. */
export async function changeLanguage(code: LanguageCode) {
  local.set('lang', code);
  local.set('hisLang', code);
  applyDocumentLanguage(code);
  await i18n.changeLanguage(toI18n(code));
}

export function currentLanguage(): LanguageCode {
  const code = (i18n.resolvedLanguage ?? i18n.language ?? 'en').toUpperCase();
  return code in languageCatalogue ? (code as LanguageCode) : defaultLanguage;
}

export { i18n };
