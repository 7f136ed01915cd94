import { type LanguageCode, defaultLanguage, languageCatalogue } from '@arcadia/contract/client';
import type { FlatNamespace, TFunction } from 'i18next';
import { useEffect, useMemo, useReducer, useSyncExternalStore } from 'react';
import { setApiLanguage } from './api-client';
import { local } from './storage';
import { Translator } from './translator';
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

/**
 * What the first paint (the shell) needs ships in the main bundle in English (`common`; the
 * error texts follow right after, and `useApiErrorText` never waits for them), the
 * fallback language; every other namespace, and every other language, loads on demand. The rest
 * is fetched right after start-up, and a component reaching for a namespace still on its way
 * suspends until it arrives.
 */
const bundledNamespaces = ['common'] as const satisfies readonly Namespace[];
const bundledEnglish = { common };
/** Read by the shell and the lobby (the first page of most visits): loaded with the app. */
const firstNamespaces = ['errors', 'gameErrors', 'auth', 'lobby'] as const satisfies readonly Namespace[];

/** Runs `fn` when the main thread has a quiet moment. */
function whenIdle(fn: () => void): void {
  // (Safari has no requestIdleCallback: there a zero-delay timer, the object read as 0 ms.)
  (self.requestIdleCallback ?? setTimeout)(fn, { timeout: 3000 });
}

/**
 * Once the page has loaded, loads the namespaces one at a time, each in a quiet moment of its
 * own: started together, two dozen dictionaries arrive together and are parsed in one long task.
 */
function loadEachWhenIdle(list: readonly string[]): void {
  let next = 0;
  const step = () => {
    const ns = list[next++];
    if (ns !== undefined) void i18n.loadNamespaces(ns).finally(() => whenIdle(step));
  };
  if (document.readyState === 'complete') whenIdle(step);
  else window.addEventListener('load', () => whenIdle(step), { once: true });
}

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

const toI18n = (code: string) => code.toLowerCase();

/** The running translator (i18next's `i18n` object, for the parts the app uses). */
export const i18n = new Translator(
  'en',
  'common',
  (lng, ns) => lazyLocales[`../locales/${lng}/${ns}.json`]?.().then((m) => m.default),
  (lng) => lng === 'en' || `../locales/${lng}/common.json` in lazyLocales,
);
for (const [ns, data] of Object.entries(bundledEnglish)) i18n.addBundle('en', ns, data);

export async function setupI18n(code: LanguageCode = initialLanguage()) {
  applyDocumentLanguage(code);
  await i18n.loadNamespaces(bundledNamespaces, toI18n(code));
  await i18n.changeLanguage(toI18n(code));
  const rest = namespaces.filter((ns) => !bundledNamespaces.includes(ns as never));
  // Tests render synchronously after set-up, so there every namespace is in place first.
  if (import.meta.env.MODE === 'test') await i18n.loadNamespaces(rest);
  else {
    // What the first screens read comes at once; the rest once the page has loaded, one at a time
    // in idle moments, so that two dozen dictionaries do not compete with the first page's own
    // work (a page that needs one of them earlier loads it on demand, and suspends until it is
    // there).
    void i18n.loadNamespaces(firstNamespaces);
    loadEachWhenIdle(rest.filter((ns) => !firstNamespaces.includes(ns as never)));
  }
  return i18n;
}

type HookNamespace = FlatNamespace | readonly [FlatNamespace, ...FlatNamespace[]] | undefined;
type Fallback<N> = N extends undefined
  ? 'common'
  : N extends FlatNamespace | readonly FlatNamespace[]
    ? N
    : 'common';

/**
 * react-i18next's `useTranslation`: `t` for the namespace (or list; the first is the default),
 * typed by the English dictionaries, and the translator. Re-renders on a language change. Until
 * its namespaces have arrived the component suspends, or with `useSuspense: false` renders with
 * what is there (the key, or the default value) and again once they arrive.
 */
export function useTranslation<const N extends HookNamespace = undefined>(
  ns?: N,
  options?: { useSuspense?: boolean },
): { t: TFunction<Fallback<N>>; i18n: Translator; ready: boolean } {
  const language = useSyncExternalStore(i18n.subscribe, () => i18n.language);
  const list = useMemo<string[]>(
    () =>
      ns === undefined ? [i18n.defaultNS] : typeof ns === 'string' ? [ns] : [...(ns as readonly string[])],
    // The list is compared by content: callers pass a fresh array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [typeof ns === 'string' || ns === undefined ? ns : (ns as readonly string[]).join('|')],
  );
  const ready = i18n.hasLoadedNamespaces(list);
  const [, loadedNow] = useReducer((n: number) => n + 1, 0);
  const suspend = options?.useSuspense !== false;
  useEffect(() => {
    if (ready) return;
    let live = true;
    void i18n.loadNamespaces(list).then(() => live && loadedNow());
    return () => {
      live = false;
    };
  }, [ready, list]);
  // A new `t` on a language change, as react-i18next's: effects and memos that use it run again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => i18n.getFixedT(null, list), [list, language]);
  if (!ready && suspend) throw i18n.loadNamespaces(list);
  return { t: t as unknown as TFunction<Fallback<N>>, i18n, ready };
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
