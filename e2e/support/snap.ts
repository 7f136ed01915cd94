import path from 'node:path';
import type { Page } from '@playwright/test';
import { screenshotDir } from './env';

/** Saves a full-page PNG (or what the viewport shows) to e2e/screenshots/<name>.png, for a human to look at. */
export async function snap(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`snap(): use a file-name-safe name, got "${name}"`);
  const file = path.join(screenshotDir, `${name}.png`);
  // Let fonts settle so the picture shows the final text rather than a fallback face.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const fullPage = options.fullPage ?? true;
  // A full-page capture does not scroll, so sections that skip their rendering until they come
  // near the viewport (`content-visibility: auto`) would be blank in the picture: draw them all
  // (through the elements' style, which the site's content security policy allows).
  const drawAll = () =>
    page.evaluate(() => {
      const skipped = [...document.querySelectorAll<HTMLElement>('body *')].filter(
        (el) => getComputedStyle(el).contentVisibility === 'auto',
      );
      for (const el of skipped) el.style.contentVisibility = 'visible';
      return skipped.length;
    });
  const drawn = fullPage ? await drawAll() : 0;
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  if (drawn > 0)
    await page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>('body *'))
        if (el.style.contentVisibility === 'visible') el.style.contentVisibility = '';
    });
  return file;
}

/** Screenshots in both themes (`<name>-dark`, `<name>-light`), back to dark after. */
export async function snapThemes(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await snap(page, `${name}-${theme}`, options);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
}
