import { expect, test } from '@playwright/test';
import { logInDemoPlayerQuietly } from '../support';

/**
 * The lottery pages' draw hall (docs/lottery.md): the issue on sale with its commitment and
 * countdown, a draw arriving live on the page (the `lottery:<game>` topic, no reload), its seed
 * verified against the commitment, and the odds at the brand's prize group. Screenshots of the
 * three pages at desktop and phone sizes, dark and light.
 */

const hall = {
  results: 'Latest draws',
  issue: 'Issue on sale',
  odds: 'Odds',
  verify: 'Verify',
  verified: 'Verified: the seed matches its commitment and gives these numbers.',
};

test.describe('lottery draws', () => {
  test('a one-minute draw lands live on /lottery and verifies against its commitment', async ({ page }) => {
    test.setTimeout(150_000);
    await logInDemoPlayerQuietly(page);
    await page.goto('/lottery');
    await expect(page.getByRole('tab', { name: '1-Minute Lotto 5D', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const issue = page.getByRole('region', { name: hall.issue, exact: true });
    await expect(issue).toContainText(/\d{8}-\d{3}/);
    const numero = (await issue.locator('.lottery-issue__numero').textContent())!;
    const results = page.getByRole('region', { name: hall.results, exact: true });
    // The issue on sale is drawn within the minute and appears without a reload.
    const drawn = results.getByRole('listitem').filter({ hasText: numero });
    await expect(drawn).toBeVisible({ timeout: 90_000 });
    await expect(drawn.locator('.lottery-ball')).toHaveCount(5);
    await expect(issue.locator('.lottery-issue__numero')).not.toHaveText(numero);
    await drawn.getByRole('button', { name: hall.verify, exact: true }).click();
    await expect(drawn.getByRole('status')).toHaveText(hall.verified);
    await expect(
      page
        .getByRole('region', { name: hall.odds, exact: true })
        .getByRole('cell', { name: '×9.800' })
        .first(),
    ).toBeVisible();

    await page.goto('/vnLottery');
    await expect(page.getByRole('tab', { name: 'North Lottery', exact: true })).toBeVisible();
    await page.goto('/seaLottery');
    await expect(page.getByRole('tab', { name: '4D Lottery', exact: true })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('the three lottery pages fit a 390-px screen', async ({ page }) => {
      await logInDemoPlayerQuietly(page);
      for (const path of ['/lottery', '/vnLottery', '/seaLottery']) {
        await page.goto(path);
        await expect(page.getByRole('region', { name: hall.odds, exact: true })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
    });
  });
});
