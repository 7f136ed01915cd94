import { type Page, expect, test } from '@playwright/test';
import {
  en,
  logInOperator,
  password,
  registerByUsername,
  uniqueUsername,
  withoutAnnouncementPopups,
} from '../support';
import { MAIN, creditByOperator, memberToken, rollDice, walletBalance, walletOf } from '../support/wallet';

/*
 * Rebates (docs/rewards.md): a new member's real dice rounds earn the brand's slot rate on their
 * valid bets; the manual-rebate page shows it and claims it into the wallet, bonus details lists
 * the payment, and the operator's desk shows the brand's rebate.
 */

const RNG_RATE = 0.008;

async function rngValidBet(page: Page, token: string): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const res = await page.request.get('/wps/member/bets', {
    headers: { Authorization: token },
    params: { from: today, to: today, gameType: 'RNG', pageNo: 1, pageSize: 1 },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { value: { totals: { validBet: number } } }).value.totals.validBet;
}

test.describe('rebates', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('a member’s dice rounds earn a rebate it claims into its wallet and finds in bonus details', async ({
    page,
    browser,
  }) => {
    test.slow();
    const username = uniqueUsername('rb');
    await registerByUsername(page, username, password('rb'));
    const token = await memberToken(page);
    await creditByOperator(page.request, username, 200, 'rebate test stake money');

    // Two dice rolls at a raised stake, through the real launch and wallet callbacks.
    await rollDice(page, token, 4, 2);
    const valid = await rngValidBet(page, token);
    expect(valid).toBeGreaterThan(0);
    const expected = Math.floor(Math.round(valid * 100) * RNG_RATE) / 100;
    expect(expected).toBeGreaterThanOrEqual(0.1);

    await page.goto('/member?page=manualRebate');
    const panel = page.getByRole('region', { name: en('member', 'manualRebate') });
    const claimable = panel.getByTestId('rebate-claimable');
    await expect(claimable).toContainText(expected.toFixed(2));
    await expect(panel.getByTestId('rebate-products')).toContainText('0.8%');

    const before = walletOf(await walletBalance(page.request, token), MAIN);
    await panel.getByRole('button', { name: en('rewards', 'claim') }).click();
    await expect(claimable).toContainText('0.00');
    await expect(panel.getByRole('button', { name: en('rewards', 'claim') })).toBeDisabled();
    const after = walletOf(await walletBalance(page.request, token), MAIN);
    expect(Math.round((after - before) * 100)).toBe(Math.round(expected * 100));

    await page.goto('/member?page=bonusDetails');
    const details = page.getByRole('region', { name: en('member', 'bonusDetails') });
    await expect(details.getByTestId('bonus-total')).toContainText(expected.toFixed(2));
    await expect(details.getByTestId('bonus-details').getByRole('row')).toHaveCount(2);
    await expect(details.getByTestId('bonus-details')).toContainText(en('rewards', 'kind.manual'));

    // The operator sees the brand's rebate.
    const opsContext = await browser.newContext();
    try {
      const desk = await opsContext.newPage();
      await logInOperator(desk);
      await desk.getByRole('link', { name: en('operator', 'nav.rewards'), exact: true }).click();
      const card = desk.getByRole('region', { name: en('operator', 'rebate_title'), exact: true });
      await expect(card.getByTestId('rebate-outstanding')).toBeVisible();
      await card.scrollIntoViewIfNeeded();
    } finally {
      await opsContext.close();
    }
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('the manual-rebate page fits a 390-px screen', async ({ page }) => {
      const username = uniqueUsername('rbp');
      await registerByUsername(page, username, password('rb'));
      await page.goto('/member?page=manualRebate');
      const panel = page.getByRole('region', { name: en('member', 'manualRebate') });
      await expect(panel.getByTestId('rebate-claimable')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
