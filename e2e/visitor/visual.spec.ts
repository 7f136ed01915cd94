import { type Page, expect, test } from '@playwright/test';
import { en, openLogin, openRegister, withoutAnnouncementPopups } from '../support';

/*
 * Visual regression: a few stable screens compared with their committed baselines
 * (visual.spec.ts-snapshots/). A change in layout, colour or text shows as a diff; regenerate the
 * baselines on purpose with `npx playwright test visitor/visual.spec.ts --update-snapshots`.
 * What changes by itself (pictures, carousels, times) is masked; animations are off.
 */
const compare = { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.01, timeout: 30_000 } as const;

/** Fonts loaded and the page quiet, so the picture is the final one. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Pictures, carousels and clocks: whatever may differ between two loads of the same page. */
const dynamic = (page: Page) => [
  page.locator('img, video, canvas, svg image'),
  page.locator('time, [data-testid*="clock"], [data-testid*="countdown"], [aria-live]'),
];

test.describe('visual: visitor screens', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('help centre', async ({ page }) => {
    await page.goto('/help');
    await expect(
      page.getByRole('article').getByRole('heading', { level: 2, name: 'About us' }),
    ).toBeVisible();
    await settled(page);
    await expect(page).toHaveScreenshot('help.png', { ...compare, mask: dynamic(page) });
  });

  test('login dialog', async ({ page }) => {
    await page.goto('/help');
    const dialog = await openLogin(page);
    await settled(page);
    await expect(dialog).toHaveScreenshot('login-dialog.png', { ...compare, mask: dynamic(page) });
  });

  test('register dialog', async ({ page }) => {
    await page.goto('/help');
    const dialog = await openRegister(page);
    await settled(page);
    await expect(dialog).toHaveScreenshot('register-dialog.png', {
      ...compare,
      // The captcha picture is new on every open.
      mask: [...dynamic(page), dialog.locator('[data-testid*="captcha"], img')],
    });
  });

  test('operator login', async ({ page }) => {
    await page.goto('/ops');
    await expect(page.getByRole('region', { name: en('operator', 'login_title'), exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await settled(page);
    await expect(page).toHaveScreenshot('ops-login.png', { ...compare, mask: dynamic(page) });
  });
});
