import { type Page, expect, test } from '@playwright/test';
import { password, registerByUsername, uniqueUsername, withoutAnnouncementPopups } from '../support';

/**
 * The live tables, the hosts' rooms and the card rooms on a 390-px touch phone: each page fits the
 * width (no sideways scrolling) and its main controls are on screen; screenshots in both themes.
 */

const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

test('live tables, chat rooms and card rooms fit a phone', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await withoutAnnouncementPopups(context);
  const page = await context.newPage();
  await registerByUsername(page, uniqueUsername('ph'), password('ph'));

  await page.goto('/live/LIVE_BACCARAT_1');
  await expect(page.locator('.live-status')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Big road/ })).toBeVisible();
  expect(await fits(page)).toBe(true);

  await page.goto('/live');
  const hosts = page.getByRole('region', { name: 'Live hosts' });
  await expect(hosts.getByText('Luna', { exact: true })).toBeVisible();
  expect(await fits(page)).toBe(true);
  await hosts.getByRole('button', { name: "Enter Luna's room" }).click();
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
  expect(await fits(page)).toBe(true);

  for (const code of ['PVP_HOLDEM_1', 'PVP_ZJH_1']) {
    await page.goto(`/pvp/${code}`);
    await expect(page.getByRole('form', { name: 'Take a seat' })).toBeVisible();
    expect(await fits(page)).toBe(true);
  }

  await page.goto('/pvp/PRACTICE_ZJH');
  await expect(
    page.getByRole('region', { name: 'Your turn' }).or(page.getByRole('region', { name: 'Your cards' })),
  ).toBeVisible({
    timeout: 30_000,
  });
  expect(await fits(page)).toBe(true);
  await context.close();
});
