import { expect, test } from '@playwright/test';
import { withoutAnnouncementPopups } from '../support';

test.describe('help centre deep links', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('/help shows the help centre with the first topic, "About us"', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help center' })).toBeVisible();
    const topics = page.getByRole('navigation', { name: 'Topics' });
    await expect(topics.getByRole('button', { name: 'About us' })).toHaveAttribute('aria-current', 'page');
    await expect(
      page.getByRole('article').getByRole('heading', { level: 2, name: 'About us' }),
    ).toBeVisible();
  });

  test('/help#withdrawal opens the "Withdrawals" topic', async ({ page }) => {
    await page.goto('/help#withdrawal');
    await expect(page.getByRole('heading', { level: 1, name: 'Help center' })).toBeVisible();
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 2, name: 'Withdrawals' })).toBeVisible();
    await expect(article.getByRole('heading', { name: 'How to withdraw' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Topics' }).getByRole('button', { name: 'Withdrawals' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(article.getByRole('heading', { level: 2, name: 'About us' })).toHaveCount(0);
  });
});
