import { expect, test } from '@playwright/test';
import { en, password, registerByUsername, uniqueUsername, withoutAnnouncementPopups } from '../support';
import { creditByOperator, depositChannels, memberToken, openMemberPage, rollDice } from '../support/wallet';

/*
 * Promotions (docs/rewards.md): a new member deposits 50.00 through the demo gateway, claims the
 * welcome bonus (100 %, 10× turnover) on /promotions, sees the turnover a withdrawal waits for in
 * bonus details, plays it through with a 500.00 dice roll, and the bonus reads "turnover met".
 */
test.describe('promotions', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('a new member claims the welcome bonus and plays through its turnover', async ({ page }) => {
    test.slow();
    await page.goto('/promotions');
    const list = page.getByRole('list', { name: en('rewards', 'promo_list') });
    await expect(list.getByRole('button', { name: en('rewards', 'promo_join') }).first()).toBeVisible();

    const username = uniqueUsername('pr');
    await registerByUsername(page, username, password('pr'));
    const token = await memberToken(page);
    const channel = (await depositChannels(page.request, token)).find((c) => c.kind === 'DEMO_GATEWAY')!;
    const depositPanel = await openMemberPage(page, 'depositv2');
    const form = depositPanel.getByRole('form', { name: en('payments', 'deposit_title'), exact: true });
    await form.getByRole('radio', { name: channel.name }).check();
    await form.getByLabel(en('payments', 'amount')).fill('50');
    await form.getByRole('button', { name: en('payments', 'deposit_submit_gateway'), exact: true }).click();
    await page.waitForURL(/\/pay\/demo\/\d+\?/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.has('deposit'));
    await expect(
      depositPanel.getByText(en('payments', 'deposit_status.paid'), { exact: true }).first(),
    ).toBeVisible();

    await page.goto('/promotions');
    const welcome = list.getByRole('listitem').filter({ hasText: 'Welcome bonus' });
    await welcome.getByRole('button', { name: en('rewards', 'promo_details') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'How it works' })).toBeVisible();
    await dialog.getByRole('button', { name: en('common', 'close') }).click();
    await welcome.getByRole('button', { name: en('rewards', 'promo_claim', { amount: '$50.00' }) }).click();
    await expect(welcome.getByRole('button', { name: en('rewards', 'promo_status.claimed') })).toBeDisabled();

    const details = await openMemberPage(page, 'bonusDetails');
    await expect(
      details.getByText(en('rewards', 'bonus_turnover_left', { amount: '$500.00' })),
    ).toBeVisible();

    // 500.00 of slot turnover (counted in full) meets the 10× requirement.
    await creditByOperator(page.request, username, 500, 'promotions test stake money');
    await rollDice(page, token, 8, 1);
    const after = await openMemberPage(page, 'bonusDetails');
    await expect(after.getByTestId('bonus-grants')).toContainText(en('rewards', 'bonus_status.met'));
    await expect(after.getByText(/of turnover left/)).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('the promotions fit a 390-px screen', async ({ page }) => {
      await page.goto('/promotions');
      await expect(page.getByRole('list', { name: en('rewards', 'promo_list') })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
