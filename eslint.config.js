import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, flatConfigs as importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import arcadia from './eslint/arcadia-plugin.js';
import { LISTS, readAllowlist } from './eslint/allowlist-files.js';

const root = path.dirname(fileURLToPath(import.meta.url));
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const features = readdirSync(path.join(root, WEB, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The house rules (docs/ARCHITECTURE.md). `allowlists: false` lints without the allowlists of
 * eslint/allowlists/ (eslint/allowlists.mjs regenerates them); `typed: false` leaves out the rules
 * that need the TypeScript program.
 */
export function arcadiaConfig({ allowlists = true, typed = true } = {}) {
  return tseslint.config(
    {
      ignores: [
        '**/node_modules/**',
        '**/dist/**',
        'data/**',
        'e2e/test-results/**',
        'e2e/playwright-report/**',
        'bench/results/**',
        'apps/web/public/**',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: { globals: { ...globals.node } },
      rules: {
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
        'no-console': 'off',
      },
    },
    {
      files: [`${WEB}/**/*.{ts,tsx}`],
      languageOptions: { globals: { ...globals.browser } },
      plugins: { 'react-hooks': reactHooks },
      rules: {
        ...reactHooks.configs.recommended.rules,
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['**/server/**', '@arcadia/server'],
                message: 'The web app never imports the server.',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['packages/contract/src/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [{ regex: '^(?!zod$)[^.]', message: 'The contract depends on zod only.' }] },
        ],
      },
    },
    {
      files: ['**/*.mjs', '**/*.js'],
      languageOptions: { globals: { ...globals.node } },
    },

    // Import graph of the server and the web app: no cycles (type-only imports do not count).
    {
      files: [`${SERVER}/**/*.ts`, `${WEB}/**/*.{ts,tsx}`],
      plugins: importX.recommended.plugins,
      settings: {
        'import-x/extensions': importX.typescript.settings['import-x/extensions'],
        'import-x/parsers': importX.typescript.settings['import-x/parsers'],
        'import-x/resolver-next': [
          createNodeResolver({
            extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
            extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          }),
        ],
      },
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },

    // Web: features never import another feature or app/; shared code never imports features/ or app/.
    {
      files: [`${WEB}/**/*.{ts,tsx}`],
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            zones: [
              ...features.map((feature) => ({
                target: `./${WEB}/features/${feature}`,
                from: `./${WEB}/features`,
                except: [`./${feature}`],
                message:
                  'A feature never imports another feature: move what both need into components/ or lib/.',
              })),
              {
                target: `./${WEB}/features`,
                from: `./${WEB}/app`,
                message: 'Features never import app/ (app/ composes them).',
              },
              {
                target: [`./${WEB}/components`, `./${WEB}/lib`, `./${WEB}/config`],
                from: [`./${WEB}/features`, `./${WEB}/app`],
                message: 'components/, lib/ and config/ never import features/ or app/.',
              },
            ],
          },
        ],
      },
    },

    // Server: layers, module faces, test support, SQL only in repositories.
    {
      files: [`${SERVER}/**/*.ts`],
      plugins: { arcadia },
      rules: {
        'arcadia/server-layers': 'error',
        'arcadia/module-face': 'error',
        'arcadia/no-foreign-test-support': 'error',
      },
    },
    {
      files: [`${SERVER}/**/*.ts`],
      ignores: [
        '**/*repository.ts',
        `${SERVER}/db/**`,
        `${SERVER}/modules/ledger/**`,
        '**/*.test.ts',
        `${SERVER}/test/**`,
        '**/*.test-support.ts',
        '**/test-helpers.ts',
      ],
      rules: { 'arcadia/sql-in-repositories': 'error' },
    },

    // Server: a promise is awaited, returned or explicitly voided.
    ...(typed
      ? [
          {
            files: [`${SERVER}/**/*.ts`],
            languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
            rules: {
              '@typescript-eslint/no-floating-promises': 'error',
              '@typescript-eslint/no-misused-promises': 'error',
            },
          },
        ]
      : []),

    // Files that broke a rule when it arrived (eslint/allowlists/*.txt; they only shrink).
    ...(allowlists
      ? Object.entries(LISTS)
          .map(([name, list]) => ({ name, files: readAllowlist(name), rules: list.rules }))
          .filter(({ files }) => files.length > 0)
          .map(({ name, files, rules }) => ({
            name: `allowlist/${name}`,
            files,
            rules: Object.fromEntries(rules.map((rule) => [rule, 'off'])),
          }))
      : []),
  );
}

export default arcadiaConfig();
