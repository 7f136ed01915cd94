import path from 'node:path';
import type { Page } from '@playwright/test';
import { screenshotDir } from './env';

/** Saves a full-page PNG to e2e/screenshots/<name>.png, for a human to look at. */
export async function snap(page: Page, name: string): Promise<string> {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`snap(): use a file-name-safe name, got "${name}"`);
  const file = path.join(screenshotDir, `${name}.png`);
  // Let fonts settle so the picture shows the final text rather than a fallback face.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
