import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { baseURL, captchaTestCode, opsApiKey, port, repoRoot } from './support/env';

// The suite runs against the production build; refuse to start a server that is not there.
const required = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];
const missing = required.filter((file) => !existsSync(path.join(repoRoot, file)));
if (missing.length > 0) {
  throw new Error(
    `End-to-end tests need the production build, but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing.\n` +
      `Run \`npm run build\` at the repository root (${repoRoot}) first.`,
  );
}

// A fresh embedded database per run. The config is loaded again in every worker process; the
// folder is created once by the runner and handed down to the workers through the environment.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arcadia-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Tests switch brand-wide state (maintenance, region block): one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  outputDir: 'test-results',
  // The home page now carries the whole lobby; flows that log in through it need more than 30 s
  // on a 2-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'en-US',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO: '1',
      CAPTCHA_TEST_CODE: captchaTestCode,
      OPS_API_KEY: opsApiKey,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The contract test moves the schedules' clock a day ahead (docs/contracts.md).
      TEST_CLOCK: '1',
    },
  },
});
