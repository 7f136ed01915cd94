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
import { creditByOperator, depositChannels, memberToken, openMemberPage, rollDice } from '../support/wallet';

/*
 * The rewards journey (docs/rewards.md): a friend registers through a member's referral link,
 * deposits 50.00 through the demo gateway, takes the welcome bonus (10× turnover), sees the
 * withdrawal held with the turnover left, plays it through with a 500.00 dice roll, sees the
 * withdrawal open, then claims the rebate and a mission reward in the reward centre; the referrer
 * sees the friend's deposit on its referral page. (Points, red envelopes and VIP have specs of
 * their own.)
 */
test.describe('rewards journey', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('referral, welcome bonus, turnover, withdrawal, rebate and mission', async ({ page, browser }) => {
    test.slow();
    // The referrer and its link.
    await registerByUsername(page, uniqueUsername('jr'), password('jr'));
    const referral = await openMemberPage(page, 'referral');
    const link = new URL((await referral.getByTestId('referral-link').textContent())!);

    // The friend, in a browser of its own, registers through the link.
    const context = await browser.newContext();
    await withoutAnnouncementPopups(context);
    const friend = await context.newPage();
    const name = uniqueUsername('jf');
    await friend.goto(`${link.pathname}${link.search}`);
    const dialog = registerDialog(friend);
    await chooseTab(dialog, en('auth', 'register_by_username'));
    await field(dialog, en('auth', 'username')).fill(name);
    await fillPasswordsAndTerms(dialog, password('jf'));
    await registerSubmit(dialog).click();
    await expectLoggedIn(friend, name);
    const token = await memberToken(friend);

    // A 50.00 deposit through the demo gateway, then the welcome bonus.
    const channel = (await depositChannels(friend.request, token)).find((c) => c.kind === 'DEMO_GATEWAY')!;
    const deposit = await openMemberPage(friend, 'depositv2');
    const form = deposit.getByRole('form', { name: en('payments', 'deposit_title'), exact: true });
    await form.getByRole('radio', { name: channel.name }).check();
    await form.getByLabel(en('payments', 'amount')).fill('50');
    await form.getByRole('button', { name: en('payments', 'deposit_submit_gateway'), exact: true }).click();
    await friend.waitForURL(/\/pay\/demo\/\d+\?/);
    await friend.getByRole('button', { name: 'Pay', exact: true }).click();
    await friend.waitForURL((url) => url.searchParams.has('deposit'));
    await friend.goto('/promotions');
    const welcome = friend.getByRole('listitem').filter({ hasText: 'Welcome bonus' });
    await welcome.getByRole('button', { name: en('rewards', 'promo_claim', { amount: '$50.00' }) }).click();
    await expect(welcome.getByRole('button', { name: en('rewards', 'promo_status.claimed') })).toBeDisabled();

    // The withdrawal waits for 500.00 of turnover.
    const withdraw = await openMemberPage(friend, 'withdraw');
    await expect(withdraw.getByTestId('withdraw-turnover')).toContainText('$500.00');
    await expect(withdraw.getByRole('button', { name: en('payments', 'withdraw_next') })).toBeDisabled();

    // 500.00 of slot turnover through the real wallet callbacks meets it.
    await creditByOperator(friend.request, name, 500, 'journey stake money');
    await rollDice(friend, token, 8, 1);
    const open = await openMemberPage(friend, 'withdraw');
    // The panel is there (it asks for a payment password, which this member has not set) without the hold.
    await expect(open.getByText(en('payments', 'no_payment_password'))).toBeVisible();
    await expect(open.getByTestId('withdraw-turnover')).toHaveCount(0);

    // The roll's valid bet counts once its round has closed on the platform (its settlement may
    // land a moment after the game's answer on a loaded machine): wait for the rebate to accrue.
    await expect
      .poll(async () => {
        const res = await friend.request.get('/wps/rebate', { headers: { authorization: token } });
        return ((await res.json()) as { value?: { accrued?: number } }).value?.accrued ?? 0;
      })
      .toBeGreaterThan(0);

    // The reward centre: the rebate of that roll and the mission "Bet $100 on any game".
    const centre = await openMemberPage(friend, 'rewardCenter');
    const rebate = centre.getByRole('listitem').filter({ hasText: en('common', 'manual_rebate') });
    const mission = centre.getByRole('listitem').filter({ hasText: 'Bet $100 on any game' });
    await expect(rebate).toBeVisible();
    await expect(mission).toBeVisible();
    await rebate.getByRole('button').click();
    await expect(rebate).toHaveCount(0);
    await mission.getByRole('button').click();
    await expect(mission).toHaveCount(0);
    await context.close();

    // The referrer sees its friend's progress.
    await page.reload();
    const row = referral.getByTestId('referees').getByRole('row').nth(1);
    await expect(row).toContainText('$50.00 / $100.00');
    await expect(row).toContainText(en('rewards', 'referral_status.pending'));
  });
});
