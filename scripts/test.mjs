#!/usr/bin/env node
// `npm test`: lint, typecheck, i18n check, unit and integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), build, the home route's JavaScript budget, then the end-to-end suite in headless Chromium. Stops at the
// first failing step and ends with one summary line of passed and failed tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const vitestReport = path.join(tmp, 'vitest.json');
const e2eReport = path.join(tmp, 'e2e.json');
for (const f of [vitestReport, e2eReport]) fs.rmSync(f, { force: true });

const skipE2e = process.argv.includes('--no-e2e');
const steps = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['i18n', ['run', 'i18n:check']],
  [
    'unit + integration',
    [
      'exec',
      '--',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
  ],
  ...(skipE2e
    ? []
    : [
        ['build', ['run', 'build']],
        ['home bundle budget', ['run', 'check:bundle']],
        ['end-to-end', ['exec', '-w', '@arcadia/e2e', '--', 'playwright', 'test', '--reporter=list,json']],
      ]),
];

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (fs.existsSync(vitestReport)) {
    const r = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  if (fs.existsSync(e2eReport)) {
    const s = JSON.parse(fs.readFileSync(e2eReport, 'utf8')).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
  }
  return { passed, failed, skipped };
}

let failedStep = null;
for (const [name, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync('npm', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  });
  console.log(`${result.status === 0 ? '✔' : '✖'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

const { passed, failed, skipped } = counts();
console.log(
  `\n${failedStep ? `Stopped at: ${failedStep}\n` : ''}tests: ${passed} passed, ${failed} failed, ${skipped} skipped`,
);
process.exit(failedStep ? 1 : 0);
