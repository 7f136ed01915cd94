import { expect, test } from '@playwright/test';
import {
  withoutAnnouncementPopups,
  normalAvailability,
  resetAvailability,
  setAvailability,
  systemStatus,
} from '../support';

test.describe('maintenance', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test.afterEach(async ({ request }) => {
    await resetAvailability(request);
  });

  test('the operator switch replaces the whole app with the maintenance screen', async ({
    page,
    request,
  }) => {
    const message = 'Upgrading the wallet service — back in 30 minutes (e2e).';
    await setAvailability(request, {
      ...normalAvailability,
      maintenance: { enabled: true, message, endTime: null },
    });
    expect((await systemStatus(request)).systemStatus).toBe(1);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'System maintenance' })).toBeVisible();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact customer service' })).toBeVisible();
    // Nothing of the normal app: no header, no Log in button, no footer.
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    // Switching it off brings the app back on the next load.
    await resetAvailability(request);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'System maintenance' })).toHaveCount(0);
  });
});
