import { expect, test } from '@playwright/test';
import { en, password, registerByUsername, uniqueUsername, withoutAnnouncementPopups } from '../support';
import {
  MAIN,
  creditByOperator,
  memberToken,
  rollDice,
  setPaymentPassword,
  walletBalance,
  walletOf,
} from '../support/wallet';

/*
 * Points mall (docs/rewards.md): a new member's dice roll of 500.00 earns 500 points (the demo's
 * one point per dollar on slots); the mall shows them, redeems the $5 cash reward behind the
 * payment password into the wallet, and lists the redemption and the points movements.
 */
test.describe('points mall', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('a member earns points by playing and redeems them for cash', async ({ page }) => {
    test.slow();
    const username = uniqueUsername('pm');
    const loginPassword = password('pm');
    const paymentPassword = password('pay');
    await registerByUsername(page, username, loginPassword);
    const token = await memberToken(page);
    await creditByOperator(page.request, username, 600, 'points test stake money');
    await setPaymentPassword(page, loginPassword, paymentPassword);

    await rollDice(page, token, 8, 1); // one roll of 500.00

    await page.goto('/pointMall');
    await expect(page.getByTestId('point-balance')).toHaveText('500');
    const before = walletOf(await walletBalance(page.request, token), MAIN);
    const catalogue = page.getByRole('list', { name: en('rewards', 'catalogue') });
    const cash = catalogue.getByRole('listitem').filter({ hasText: '$5 cash' });
    await cash.getByRole('button', { name: en('rewards', 'redeem') }).click();
    const dialog = page.getByRole('dialog', { name: en('rewards', 'redeem_title', { name: '$5 cash' }) });
    await dialog.getByLabel(en('rewards', 'payment_password')).fill(paymentPassword);
    await dialog.getByRole('button', { name: en('rewards', 'redeem_confirm') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('point-balance')).toHaveText('0');
    const after = walletOf(await walletBalance(page.request, token), MAIN);
    expect(Math.round((after - before) * 100)).toBe(500);

    await page.getByRole('button', { name: en('lobby', 'point_redeem_history'), exact: true }).click();
    await expect(page.getByTestId('point-history')).toContainText(en('rewards', 'status.approved'));
    await page.getByRole('button', { name: en('lobby', 'point_details'), exact: true }).click();
    await expect(page.getByTestId('point-details').getByRole('row')).toHaveCount(3);
    await page.getByRole('button', { name: en('lobby', 'point_rules'), exact: true }).click();
    await expect(page.getByRole('table', { name: en('rewards', 'points_table') })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('the catalogue fits a 390-px screen', async ({ page }) => {
      await page.goto('/pointMall');
      await expect(page.getByRole('list', { name: en('rewards', 'catalogue') })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
