import { expect, test } from '@playwright/test';
import { withoutAnnouncementPopups } from '../support';

const path = (page: { url(): string }) => new URL(page.url()).pathname;

test.describe('protected routes without a session', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('/lottery lands on /login with the login dialog; Escape returns to /', async ({ page }) => {
    await page.goto('/lottery');
    await expect.poll(() => path(page)).toBe('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Log in' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => path(page)).toBe('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  });

  test('/member lands on /login with the login dialog', async ({ page }) => {
    await page.goto('/member');
    await expect.poll(() => path(page)).toBe('/login');
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  });

  test('/agentHome lands on the agent login page /agent', async ({ page }) => {
    await page.goto('/agentHome');
    await expect.poll(() => path(page)).toBe('/agent');
    await expect(page.getByRole('heading', { level: 1, name: 'Agent back office' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Log in' })).toBeVisible();
  });
});
