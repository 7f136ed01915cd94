/**
 * The app's translation engine: the part of i18next (with react-i18next) the app uses, in about a
 * tenth of its weight in the first download. Dictionaries are nested JSON per language and
 * namespace; keys are dotted paths (a flat key holding dots is found too), `ns:key` picks another
 * namespace, `count` picks the plural form (`key_one`, `key_other`, … by `Intl.PluralRules`, and
 * `key_zero` for 0), `{{name}}` (or `{{a.b}}`) is filled from the options, `defaultValue` stands in
 * for a missing key, and a key missing in the language is looked up in the fallback language.
 * Values are not escaped (React escapes what it renders).
 *
 * The behaviour follows i18next 26 with `keySeparator: '.'`, `nsSeparator: ':'`,
 * `returnNull: false`, `escapeValue: false` and react-i18next's default `nsMode` (a hook's `t`
 * looks in its first namespace; `ns` in the options or a `ns:` prefix reaches the others).
 */

export type Dictionary = Record<string, unknown>;
export type TranslateOptions = Record<string, unknown> & {
  ns?: string | readonly string[];
  count?: unknown;
  defaultValue?: unknown;
};

type Loader = (lng: string, ns: string) => Promise<Dictionary> | undefined;

const PLAIN = ['string', 'number', 'boolean'];

/** i18next's `deepFind`: a dotted path through nested objects, also across keys holding dots. */
function deepFind(obj: unknown, path: string): unknown {
  if (!obj || typeof obj !== 'object') return undefined;
  const record = obj as Dictionary;
  if (record[path]) return Object.prototype.hasOwnProperty.call(record, path) ? record[path] : undefined;
  const tokens = path.split('.');
  let current: unknown = record;
  for (let i = 0; i < tokens.length;) {
    if (!current || typeof current !== 'object') return undefined;
    let next: unknown;
    let nextPath = '';
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += '.';
      nextPath += tokens[j];
      next = (current as Dictionary)[nextPath];
      if (next !== undefined) {
        if (PLAIN.includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    if (next === undefined) return undefined;
    current = next;
  }
  return current;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralSuffix(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lng);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(lng, rules);
  }
  return `_${rules.select(count)}`;
}

const makeString = (value: unknown) => (value == null ? '' : String(value));

/** `{{name}}` and `{{- name}}` from the options; a name not passed at all stays as written. */
function interpolate(text: string, data: TranslateOptions): string {
  return text.replace(/\{\{(-?)(.+?)\}\}/g, (match, _dash: string, raw: string) => {
    const name = raw.trim();
    const value = deepFind(data, name);
    if (value === undefined) return Object.prototype.hasOwnProperty.call(data, name) ? '' : match;
    return makeString(value);
  });
}

export class Translator {
  /** The language in use, lower case (`en`, `zh`). */
  language = '';
  /** The first language of the hierarchy that has a dictionary (`en` for a language without one). */
  resolvedLanguage: string | undefined;
  private readonly store: Record<string, Record<string, Dictionary>> = {};
  private readonly loading = new Map<string, Promise<void>>();
  private readonly loaded = new Set<string>();
  /** Every namespace asked for so far: a language change loads them all before it switches. */
  private readonly wanted = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly fallbackLng: string,
    readonly defaultNS: string,
    private readonly loader: Loader,
    private readonly hasDictionary: (lng: string) => boolean,
  ) {}

  /** Bundled dictionaries, present from the start. */
  addBundle(lng: string, ns: string, data: Dictionary) {
    (this.store[lng] ??= {})[ns] = data;
    this.loaded.add(`${lng}|${ns}`);
  }

  /** The language and its fallback, in lookup order. */
  hierarchy(lng = this.language): string[] {
    return lng === this.fallbackLng ? [lng] : [lng, this.fallbackLng];
  }

  private loadOne(lng: string, ns: string): Promise<void> {
    const id = `${lng}|${ns}`;
    if (this.loaded.has(id)) return Promise.resolve();
    let pending = this.loading.get(id);
    if (!pending) {
      pending = (this.loader(lng, ns) ?? Promise.resolve({}))
        .catch(() => ({}))
        .then((data) => {
          (this.store[lng] ??= {})[ns] = { ...data, ...this.store[lng]?.[ns] };
          this.loaded.add(id);
          this.loading.delete(id);
        });
      this.loading.set(id, pending);
    }
    return pending;
  }

  /** Loads namespaces in the current language and its fallback. */
  loadNamespaces(ns: string | readonly string[], lng = this.language): Promise<void> {
    const list = typeof ns === 'string' ? [ns] : ns;
    for (const n of list) this.wanted.add(n);
    return Promise.all(this.hierarchy(lng).flatMap((l) => list.map((n) => this.loadOne(l, n)))).then(
      () => undefined,
    );
  }

  hasLoadedNamespaces(ns: readonly string[]): boolean {
    return this.hierarchy().every((l) => ns.every((n) => this.loaded.has(`${l}|${n}`)));
  }

  /** Loads every namespace asked for so far in the new language, then switches and tells the hooks. */
  async changeLanguage(lng: string): Promise<void> {
    await this.loadNamespaces([...this.wanted], lng);
    this.language = lng;
    this.resolvedLanguage = this.hierarchy(lng).find((l) => this.hasDictionary(l));
    for (const listener of [...this.listeners]) listener();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** `t` as i18next's `t`: the default namespace unless a `ns:` prefix or `ns` option says otherwise. */
  t = (key: string, options?: TranslateOptions): string => this.translate(key, options, this.defaultNS);

  /** A `t` bound to a namespace (or a list: the first is the default), in the current language. */
  getFixedT(_lng: null, ns: string | readonly string[]) {
    const first = typeof ns === 'string' ? ns : (ns[0] ?? this.defaultNS);
    return (key: string, options?: TranslateOptions) => this.translate(key, options, first);
  }

  private translate(rawKey: string, options: TranslateOptions = {}, defaultNs: string): string {
    let key = rawKey;
    let namespaces: readonly string[] = options.ns
      ? typeof options.ns === 'string'
        ? [options.ns]
        : options.ns
      : [defaultNs];
    const colon = key.indexOf(':');
    if (colon > 0) {
      namespaces = [key.slice(0, colon)];
      key = key.slice(colon + 1);
    }
    const count = options.count;
    const plural = count !== undefined && typeof count !== 'string';
    let found: unknown;
    search: for (const ns of namespaces) {
      for (const lng of this.hierarchy()) {
        const candidates = [key];
        if (plural) {
          candidates.push(key + pluralSuffix(lng, Number(count)));
          if (count === 0) candidates.push(`${key}_zero`);
        }
        for (let i = candidates.length - 1; i >= 0; i--) {
          found = deepFind(this.store[lng]?.[ns], candidates[i]!);
          if (found !== undefined && found !== null) break search;
        }
      }
    }
    if (found !== undefined && found !== null && typeof found === 'object')
      return `key '${key} (${this.language})' returned an object instead of string.`;
    let res: unknown = found;
    if (res === undefined || res === null) res = options.defaultValue;
    if (res === undefined || res === null) res = key;
    return typeof res === 'string' ? interpolate(res, options) : (res as string);
  }
}
