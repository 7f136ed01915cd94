import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './env';

export type Namespace =
  | 'common'
  | 'errors'
  | 'auth'
  | 'lobby'
  | 'member'
  | 'agent'
  | 'help'
  | 'wallet'
  | 'payments'
  | 'operator'
  | 'inbox'
  | 'support'
  | 'games'
  | 'rewards';

const cache = new Map<Namespace, Record<string, unknown>>();

/**
 * A string of the English dictionary the web app ships (apps/web/src/locales/en/<ns>.json), read
 * at test time so the suite asserts what a visitor reads without copying the text. A key is looked
 * up as it is first (`login.failed` is one key in errors.json), then as a dotted path
 * (`reg_field.email`); `{{name}}` placeholders are filled from `values`.
 */
export function en(namespace: Namespace, key: string, values: Record<string, string | number> = {}): string {
  let dictionary = cache.get(namespace);
  if (!dictionary) {
    const file = path.join(repoRoot, `apps/web/src/locales/en/${namespace}.json`);
    dictionary = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    cache.set(namespace, dictionary);
  }
  const text =
    key in dictionary
      ? dictionary[key]
      : key
          .split('.')
          .reduce<unknown>(
            (node, part) =>
              node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
            dictionary,
          );
  if (typeof text !== 'string') throw new Error(`en(): no string "${key}" in locales/en/${namespace}.json`);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** A template with `{{placeholders}}` as a RegExp that accepts any value in their place. */
export function enPattern(namespace: Namespace, key: string): RegExp {
  const parts = en(namespace, key).split(/\{\{\w+\}\}/);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${parts.map(escape).join('.+?')}$`);
}
