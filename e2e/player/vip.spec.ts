import { expect, test } from '@playwright/test';
import {
  en,
  header,
  logInDemoPlayerQuietly,
  password,
  registerByUsername,
  uniqueUsername,
  withoutAnnouncementPopups,
} from '../support';
import {
  creditByOperator,
  depositChannels,
  memberToken,
  memberTransactions,
  openMemberPage,
  rollDice,
} from '../support/wallet';

/*
 * VIP (docs/rewards.md): a new member deposits through the demo gateway and plays dice at a
 * high stake through the real wallet callbacks; its progress page reviews it into VIP1 (the
 * demo's 1,000 total and 200 monthly turnover, 100 deposited), the upgrade bonus lands, and the
 * header's VIP label changes from VIP0 to VIP1 without a reload.
 */
test.describe('VIP', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));
  // The header shows the VIP label beside the balance on wide screens (1680 px and up).
  test.use({ viewport: { width: 1720, height: 960 } });

  test('a member reaches VIP1 by depositing and playing; the header label follows', async ({ page }) => {
    test.slow();
    const username = uniqueUsername('vip');
    await registerByUsername(page, username, password('vip'));
    const token = await memberToken(page);
    await expect(header(page).getByRole('button', { name: 'VIP0', exact: true })).toBeVisible();

    // A real deposit of 150.00 through the demo gateway.
    const channel = (await depositChannels(page.request, token)).find((c) => c.kind === 'DEMO_GATEWAY')!;
    const depositPanel = await openMemberPage(page, 'depositv2');
    const form = depositPanel.getByRole('form', { name: en('payments', 'deposit_title'), exact: true });
    await form.getByRole('radio', { name: channel.name }).check();
    await form.getByLabel(en('payments', 'amount')).fill('150');
    await form.getByRole('button', { name: en('payments', 'deposit_submit_gateway'), exact: true }).click();
    await page.waitForURL(/\/pay\/demo\/\d+\?/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('page') === 'depositv2' && url.searchParams.has('deposit'),
    );
    await expect(
      depositPanel.getByText(en('payments', 'deposit_status.paid'), { exact: true }).first(),
    ).toBeVisible();

    // Stake money from the operator (an adjustment is not a deposit), then one 1,000.00 dice roll.
    await creditByOperator(page.request, username, 1500, 'vip test stake money');
    await rollDice(page, token, 9, 1);

    // The progress page reviews the member: VIP1, its bonus paid, the header label updated.
    await page.goto('/');
    await expect(header(page).getByRole('button', { name: 'VIP0', exact: true })).toBeVisible();
    const vip = await openMemberPage(page, 'vip');
    await expect(vip.getByTestId('vip-rank')).toHaveText('VIP1');
    await expect(vip.getByText(en('rewards', 'vip_next', { name: 'VIP2' }))).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'VIP1', exact: true })).toBeVisible();
    const bonus = (await memberTransactions(page.request, token)).list.filter((r) => r.kind === 'VIP_BONUS');
    expect(bonus.map((r) => r.amount)).toEqual([5]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('the VIP, bonus-details and reward-centre pages fit a 390-px screen', async ({ page }) => {
      await logInDemoPlayerQuietly(page);
      for (const id of ['vip', 'bonusDetails', 'rewardCenter']) {
        await openMemberPage(page, id);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
    });
  });
});
