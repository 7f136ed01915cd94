import { expect, test } from '@playwright/test';
import {
  chooseTab,
  en,
  expectLoggedIn,
  field,
  fillPasswordsAndTerms,
  password,
  registerByUsername,
  registerDialog,
  registerSubmit,
  uniqueUsername,
  withoutAnnouncementPopups,
} from '../support';
import { openMemberPage } from '../support/wallet';

/*
 * Invite friends (docs/rewards.md): a member opens its referral page (link, code, QR code, the
 * demo brand's terms); a friend in another browser opens the link, registers, and appears on the
 * referrer's page as a friend in progress. Then the app download page, reached from the side
 * menu's link (which carries the session token: the page removes it from the address bar).
 */
test.describe('referral', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('a friend registers through a member’s link and shows on its referral page', async ({
    page,
    browser,
  }) => {
    test.slow();
    await registerByUsername(page, uniqueUsername('rf'), password('rf'));
    const panel = await openMemberPage(page, 'referral');
    const link = (await panel.getByTestId('referral-link').textContent())!;
    const code = (await panel.getByTestId('referral-code').textContent())!;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(new URL(link).pathname).toBe('/register');
    expect(new URL(link).searchParams.get('referralCode')).toBe(code);
    await expect(panel.getByRole('img', { name: en('rewards', 'referral_qr_label') })).toBeVisible();
    await expect(panel.getByTestId('referral-invited')).toHaveText('0');
    await expect(panel.getByText(en('rewards', 'referees_none'))).toBeVisible();

    // The friend, in a browser of its own.
    const friendContext = await browser.newContext();
    await withoutAnnouncementPopups(friendContext);
    const friend = await friendContext.newPage();
    const friendName = uniqueUsername('fr');
    await friend.goto(`${new URL(link).pathname}${new URL(link).search}`);
    const dialog = registerDialog(friend);
    await expect(dialog).toBeVisible();
    await chooseTab(dialog, en('auth', 'register_by_username'));
    await field(dialog, en('auth', 'username')).fill(friendName);
    await fillPasswordsAndTerms(dialog, password('fr'));
    await registerSubmit(dialog).click();
    await expect(dialog).toBeHidden();
    await expectLoggedIn(friend, friendName);
    await friendContext.close();

    await page.reload();
    await expect(panel.getByTestId('referral-invited')).toHaveText('1');
    const rows = panel.getByTestId('referees').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(en('rewards', 'referral_status.pending'));
    await expect(rows.nth(1)).not.toContainText(friendName);
  });

  test('the referral page and the app download page on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await registerByUsername(page, uniqueUsername('rp'), password('rp'));
    await openMemberPage(page, 'referral');
    await expect(page.getByRole('img', { name: en('rewards', 'referral_qr_label') })).toBeVisible();
    // Nothing wider than the phone (the long link is cut with an ellipsis).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The side menu's app download link: site address, language and token; the page drops the token.
    await page.goto('/');
    await page.getByRole('button', { name: en('common', 'open_menu') }).click();
    await page.getByRole('button', { name: en('common', 'app_download'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: /on your phone/ })).toBeVisible();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/download');
    await expect.poll(() => new URL(page.url()).searchParams.get('lang')).toBe('en');
    await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
    await expect(page.getByRole('img', { name: en('rewards', 'app_qr_label') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: en('rewards', 'app_ios') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
