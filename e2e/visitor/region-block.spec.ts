import { expect, test } from '@playwright/test';
import {
  withoutAnnouncementPopups,
  loopbackRanges,
  normalAvailability,
  resetAvailability,
  setAvailability,
  systemStatus,
} from '../support';

test.describe('region block', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test.afterEach(async ({ request }) => {
    await resetAvailability(request);
  });

  test('a visitor from a blocked range sees "Access restricted" with their IP', async ({ page }) => {
    await setAvailability(page.request, {
      ...normalAvailability,
      regionBlock: { enabled: true, blockedRanges: loopbackRanges },
    });
    // The IP the server sees for this very browser context (same host, same loopback route).
    const status = await systemStatus(page.request);
    expect(status.systemStatus).toBe(2);
    expect(status.regionRestriction).toBe(true);
    const ip = status.location.ip;
    expect(ip).toMatch(/^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Access restricted' })).toBeVisible();
    await expect(page.getByTestId('visitor-ip')).toContainText(ip);
    await expect(page.getByRole('button', { name: 'Contact customer service' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);
  });
});
