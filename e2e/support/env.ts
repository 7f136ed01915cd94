import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shared settings of the end-to-end suite: read by playwright.config.ts and by the specs. */

const here = path.dirname(fileURLToPath(import.meta.url));

/** The e2e package folder and the repository root (the server's working directory). */
export const e2eRoot = path.resolve(here, '..');
export const repoRoot = path.resolve(e2eRoot, '..');

/** A fixed, uncommon port so a developer's own server on 8080 is never hit; `E2E_PORT` overrides. */
export const port = Number(process.env.E2E_PORT ?? 18080);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  throw new Error(`E2E_PORT must be a TCP port number, got "${process.env.E2E_PORT}"`);
}

export const baseURL = `http://127.0.0.1:${port}`;

/** The operator key the test server is started with (the server requires ≥ 16 characters). */
export const opsApiKey = 'e2e-operator-key-not-a-secret';

/**
 * The answer that passes every captcha (`CAPTCHA_TEST_CODE`; the server honours it only with
 * DEMO=1), so a test that trips a captcha can still get through.
 */
export const captchaTestCode = 'E2EPASS';

/** The brand DEMO=1 seeds; the SPA talks to it when no Merchant header is sent. */
export const merchantCode = 'demo';

/** Where snap() writes its full-page screenshots (git-ignored). */
export const screenshotDir = path.join(e2eRoot, 'screenshots');
