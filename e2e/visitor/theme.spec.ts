import { expect, test } from '@playwright/test';
import { withoutAnnouncementPopups } from '../support';

test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

test('theme toggles dark → light, survives a reload, and toggles back', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  const header = page.getByRole('banner');

  // Dark is the default for a first visit.
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const toLight = header.getByRole('button', { name: 'Switch to light theme' });
  await expect(toLight).toBeVisible();

  await toLight.click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(header.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  // The page really repaints: the body background follows the theme.
  const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(header.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();

  await header.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(header.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .not.toBe(lightBg);
});
