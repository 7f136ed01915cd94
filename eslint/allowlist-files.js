// The allowlists of the house rules (eslint/allowlists/*.txt): files that broke a rule when it
// arrived. The lint skips the rule on a listed file; a listed file that now obeys the rule (or is gone)
// fails apps/server/src/architecture.test.ts, so a list only shrinks. Regenerate them with
//   node eslint/allowlists.mjs --write
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIR = path.join(ROOT, 'eslint', 'allowlists');

/**
 * Each list: the rules it switches off on its files, the files they are checked on (globs), and what it is.
 * `typed` lists need type information (slow: the TypeScript program of the server).
 */
export const LISTS = {
  'server-layers': {
    rules: ['arcadia/server-layers'],
    scope: ['apps/server/src/{lib,plugins,db}/**/*.ts'],
    about: 'lib/, plugins/ and db/ files of the server that import modules/',
  },
  'module-face': {
    rules: ['arcadia/module-face'],
    scope: ['apps/server/src/modules/**/*.ts'],
    about: "module files that import another module's file other than its index.ts or a *.service.ts",
  },
  'foreign-test-support': {
    rules: ['arcadia/no-foreign-test-support'],
    scope: ['apps/server/src/**/*.ts'],
    about: "files that import another module's *.test-support.ts or test-helpers.ts",
  },
  sql: {
    rules: ['arcadia/sql-in-repositories'],
    scope: ['apps/server/src/**/*.ts'],
    about: 'server files outside repositories that build Kysely queries or use the sql tag',
  },
  'web-boundaries': {
    rules: ['import-x/no-restricted-paths'],
    scope: ['apps/web/src/**/*.{ts,tsx}'],
    about: 'web files that import across features, or from features/ or app/ into shared code',
  },
  cycles: {
    rules: ['import-x/no-cycle'],
    scope: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    about: 'files on an import cycle',
  },
  promises: {
    rules: ['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-misused-promises'],
    scope: ['apps/server/src/modules/**/*.ts'],
    about: 'module files with a floating promise or a promise where a void callback is expected',
    typed: true,
  },
};

const fileOf = (name) => path.join(DIR, `${name}.txt`);

/** The files (repository-relative paths) a list holds today. */
export function readAllowlist(name) {
  let text;
  try {
    text = readFileSync(fileOf(name), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}

export function writeAllowlist(name, files) {
  const { rules, about } = LISTS[name];
  const header = [
    `# Allowlist of ${rules.join(', ')}: ${about}.`,
    '# The rule is off on these files. The list only shrinks: a file that now obeys the rule must leave it',
    '# (apps/server/src/architecture.test.ts fails otherwise). Regenerate every list from the tree with',
    '#   node eslint/allowlists.mjs --write',
    '',
  ];
  writeFileSync(fileOf(name), [...header, ...[...files].sort()].join('\n') + '\n');
}
