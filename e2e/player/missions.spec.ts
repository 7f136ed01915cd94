import { expect, test } from '@playwright/test';
import { en, password, registerByUsername, uniqueUsername, withoutAnnouncementPopups } from '../support';
import { creditByOperator, memberToken, openMemberPage, rollDice } from '../support/wallet';

/*
 * Missions (docs/rewards.md): a new member's "log in today" task is done by its registration's
 * login; it claims it from the mission page and joins the week's leaderboard. Dice rounds through
 * the real wallet callbacks move the "play 20 slot rounds" task as they are played.
 */
test.describe('missions', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('a member claims a done task, climbs the board, and its rounds move a task', async ({ page }) => {
    test.slow();
    const username = uniqueUsername('ms');
    await registerByUsername(page, username, password('ms'));
    const token = await memberToken(page);
    const panel = await openMemberPage(page, 'missionLeaderboard');
    const login = panel.getByTestId('mission-daily-login');
    await expect(login).toContainText('1 / 1');
    await login.getByRole('button', { name: en('rewards', 'mission_claim'), exact: true }).click();
    await expect(login).toContainText(en('rewards', 'mission_status.claimed'));
    await expect(panel.getByTestId('mission-week-points')).toHaveText('5');
    await expect(panel.getByTestId('board-me')).toContainText('with 5 points');

    // Three dice rounds (house RNG) through the wallet callbacks: the slot-rounds task moves.
    await creditByOperator(page.request, username, 10, 'missions test stake money');
    await rollDice(page, token, 0, 3);
    await openMemberPage(page, 'missionLeaderboard');
    await expect(panel.getByTestId('mission-daily-spins')).toContainText('3 / 20');
  });
});

test.describe('missions and the application form on a phone', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('fit a 390-px screen', async ({ page }) => {
    await registerByUsername(page, uniqueUsername('mp'), password('mp'));
    const panel = await openMemberPage(page, 'missionLeaderboard');
    await expect(panel.getByTestId('mission-daily-login')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto('/promotions');
    const card = page.getByRole('listitem').filter({ hasText: 'Share your big win' });
    await card.getByRole('button', { name: en('rewards', 'apply_open'), exact: true }).click();
    await expect(page.getByRole('form', { name: /^Apply: Share your big win/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
