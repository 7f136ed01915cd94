/**
 * i18n dictionary check. English (src/locales/en) is the source of every key; each other
 * language folder must mirror it, because a gap silently falls back to English and a stray key
 * is dead text nobody reviews. For every language and English namespace this reports:
 *   - a missing namespace file (or one that is not valid JSON),
 *   - missing keys and extra keys (dotted paths for nested keys),
 *   - empty or non-string values,
 *   - {{placeholder}} sets that differ from English (the code passes exactly those values),
 *   - reg_pattern_* strings that lost a "(min) - (max)", "(min)" or "(max)" token
 *     (the register form substitutes those literally).
 * Exits 1 on any problem. Run: `npx tsx apps/web/scripts/i18n-check.ts` or `npm run i18n:check -w @arcadia/web`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Flat = Map<string, unknown>;

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');
const SOURCE = 'en';
const RANGE_TOKENS = ['(min) - (max)', '(min)', '(max)'];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Nested dictionary -> Map of dotted path -> leaf value. */
function flatten(obj: Record<string, unknown>, prefix = '', out: Flat = new Map()): Flat {
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

function load(file: string): Flat | string {
  try {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isObject(data) ? flatten(data) : 'top level is not an object';
  } catch (err) {
    return `invalid JSON: ${(err as Error).message}`;
  }
}

/** Placeholder names, ignoring formatting options: "{{ n, number }}" -> "n". */
function placeholders(value: string): Set<string> {
  return new Set(
    [...value.matchAll(/\{\{-?\s*([^}]+?)\s*\}\}/g)].map((m) => (m[1] ?? '').split(',')[0]!.trim()),
  );
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
const fmt = (s: Set<string>) => (s.size ? [...s].map((x) => `{{${x}}}`).join(' ') : 'none');

const jsonNames = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length));
const namespaces = jsonNames(join(localesDir, SOURCE)).sort();
const languages = readdirSync(localesDir, { withFileTypes: true })
  .flatMap((d) => (d.isDirectory() && d.name !== SOURCE ? [d.name] : []))
  .sort();

const source = new Map<string, Flat>();
let [problems, keyCount] = [0, 0];
for (const ns of namespaces) {
  const flat = load(join(localesDir, SOURCE, `${ns}.json`));
  if (typeof flat === 'string') {
    console.error(`${SOURCE}/${ns}.json: ${flat}`);
    process.exit(1);
  }
  source.set(ns, flat);
  keyCount += flat.size;
}

for (const lang of languages) {
  let printedHeader = false;
  const report = (ns: string, lines: string[]) => {
    if (!lines.length) return;
    if (!printedHeader) console.log(`\n[${lang}]`);
    printedHeader = true;
    problems += lines.length;
    console.log(`  ${ns}.json (${lines.length})`);
    for (const line of lines) console.log(`    - ${line}`);
  };

  for (const ns of namespaces) {
    const en = source.get(ns)!;
    const file = join(localesDir, lang, `${ns}.json`);
    if (!existsSync(file)) {
      report(ns, ['missing namespace file']);
      continue;
    }
    const tr = load(file);
    if (typeof tr === 'string') {
      report(ns, [tr]);
      continue;
    }
    const lines: string[] = [];
    for (const [key, enValue] of en) {
      if (!tr.has(key)) {
        lines.push(`missing: ${key}`);
        continue;
      }
      const value = tr.get(key);
      if (typeof value !== 'string') lines.push(`not a string: ${key}`);
      else if (value.trim() === '') lines.push(`empty: ${key}`);
      else if (typeof enValue === 'string') {
        const [want, got] = [placeholders(enValue), placeholders(value)];
        if (!sameSet(want, got)) lines.push(`placeholders: ${key} has ${fmt(got)}, English has ${fmt(want)}`);
        if (key.split('.').pop()!.startsWith('reg_pattern_')) {
          const lost = RANGE_TOKENS.filter((t) => enValue.includes(t) && !value.includes(t));
          if (lost.length) lines.push(`range tokens: ${key} lost ${lost.map((t) => `"${t}"`).join(', ')}`);
        }
      }
    }
    for (const key of tr.keys()) if (!en.has(key)) lines.push(`extra (not in English): ${key}`);
    report(ns, lines);
  }
  for (const ns of jsonNames(join(localesDir, lang)).filter((n) => !namespaces.includes(n)))
    report(ns, ['extra namespace file (no English source)']);
}

const summary = `i18n: ${languages.length + 1} languages, ${namespaces.length} namespaces, ${keyCount} keys each`;
if (problems) {
  console.log(`\n${summary} — ${problems} problem${problems === 1 ? '' : 's'}`);
  process.exit(1);
}
console.log(`${summary} — OK`);
