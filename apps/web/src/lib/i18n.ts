import { type LanguageCode, defaultLanguage, languageCatalogue } from '@arcadia/contract/client';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from './api-client';
import { local } from './storage';
import common from '../locales/en/common.json';

export const namespaces = [
  'common',
  'errors',
  'gameErrors',
  'auth',
  'lobby',
  'member',
  'agent',
  'help',
  'wallet',
  'payments',
  'operator',
  'games',
  'records',
  'contracts',
  'support',
  'inbox',
  'lottery',
  'sports',
  'live',
  'chat',
  'pvp',
  'rewards',
  'responsible',
] as const;
export type Namespace = (typeof namespaces)[number];

/** Languages with a full dictionary in this build; other brand languages fall back to English. */
export const shippedLanguages: LanguageCode[] = ['EN', 'ZH'];

const toI18n = (code: string) => code.toLowerCase();

/**
 * What the first paint (the shell) needs ships in the main bundle in English (`common`; the
 * error texts follow right after, and `useApiErrorText` never waits for them), the
 * fallback language; every other namespace, and every other language, loads on demand. The rest
 * is fetched right after start-up, and a component reaching for a namespace still on its way
 * suspends until it arrives.
 */
const bundledNamespaces = ['common'] as const satisfies readonly Namespace[];
const bundledEnglish = { common };

const lazyLocales = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/common.json',
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
      ns: [...bundledNamespaces],
      defaultNS: 'common',
      resources: { en: bundledEnglish },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  const rest = i18n.loadNamespaces(namespaces.filter((ns) => !bundledNamespaces.includes(ns as never)));
  // Tests render synchronously after set-up, so there every namespace is in place first.
  if (import.meta.env.MODE === 'test') await rest;
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
