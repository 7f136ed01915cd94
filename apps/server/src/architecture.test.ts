// The house rules' own checks (docs/ARCHITECTURE.md): every module and feature folder is described in
// the annotated tree, and the lint allowlists (eslint/allowlists/*.txt) only shrink.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface AllowlistTools {
  LISTS: Record<string, { rules: string[]; typed?: boolean }>;
  readAllowlist(name: string): string[];
  computeViolators(options: { only: string[]; files: string[] }): Promise<Record<string, Set<string>>>;
}
const tools = (): Promise<AllowlistTools> =>
  import(pathToFileURL(path.join(root, 'eslint/allowlists.mjs')).href) as Promise<AllowlistTools>;

const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The folder names (`name/`) listed under one heading of the tree, up to the next heading. */
function describedIn(heading: string): Set<string> {
  const lines = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith(`  ${heading}`));
  expect(start, `docs/ARCHITECTURE.md has no "${heading}" line`).toBeGreaterThanOrEqual(0);
  const names = new Set<string>();
  for (const line of lines.slice(start + 1)) {
    if (/^ {0,2}\S/.test(line)) break;
    const name = /^ {4}([\w-]+)\//.exec(line)?.[1];
    if (name) names.add(name);
  }
  return names;
}

describe('docs/ARCHITECTURE.md describes every folder', () => {
  it('every server module under modules/<domain>/', () => {
    const described = describedIn('modules/<domain>/');
    expect(folders('apps/server/src/modules').filter((name) => !described.has(name))).toEqual([]);
  });

  it('every web feature under features/<name>/', () => {
    const described = describedIn('features/<name>/');
    expect(folders('apps/web/src/features').filter((name) => !described.has(name))).toEqual([]);
  });
});

describe('the lint allowlists only shrink', () => {
  it('list each file once, in order, and only files that exist', async () => {
    const { LISTS, readAllowlist } = await tools();
    for (const name of Object.keys(LISTS)) {
      const files = readAllowlist(name);
      expect(files, name).toEqual([...new Set(files)].sort());
      expect(
        files.filter((file) => !existsSync(path.join(root, file))),
        `${name}: gone files to remove`,
      ).toEqual([]);
    }
  });

  // A listed file that now obeys the rule must leave the list (node eslint/allowlists.mjs --write).
  const stillBreaking = (typed: boolean) => async () => {
    const { LISTS, readAllowlist, computeViolators } = await tools();
    const names = Object.keys(LISTS).filter((name) => Boolean(LISTS[name]!.typed) === typed);
    const listed = Object.fromEntries(names.map((name) => [name, readAllowlist(name)]));
    const files = [...new Set(Object.values(listed).flat())].filter((file) =>
      existsSync(path.join(root, file)),
    );
    if (files.length === 0) return;
    const found = await computeViolators({ only: names, files });
    for (const name of names) {
      expect(
        listed[name]!.filter((file) => !found[name]!.has(file)),
        `${name}: files that obey the rule now`,
      ).toEqual([]);
    }
  };
  it('every listed file still breaks its rule', stillBreaking(false), 600_000);
  it('every listed file still breaks its type-aware rule', stillBreaking(true), 600_000);
});
