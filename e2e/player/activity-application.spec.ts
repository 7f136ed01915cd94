import { expect, test } from '@playwright/test';
import {
  en,
  logInOperator,
  password,
  registerByUsername,
  uniqueUsername,
  withoutAnnouncementPopups,
} from '../support';
import { openMemberPage } from '../support/wallet';

/** A 1×1 PNG, and a text file dressed up as one (refused by its bytes). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/*
 * Activity applications (docs/rewards.md): a member applies to the demo's "share your big win"
 * promotion with a comment and a screenshot; an operator, in another browser, looks at the image
 * and approves it; the member claims the bonus in the reward centre.
 */
test.describe('activity application', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('a member applies with an image, an operator approves, the member claims', async ({
    page,
    browser,
  }) => {
    test.slow();
    const username = uniqueUsername('aa');
    await registerByUsername(page, username, password('aa'));
    await page.goto('/promotions');
    const list = page.getByRole('list', { name: en('rewards', 'promo_list') });
    const card = list.getByRole('listitem').filter({ hasText: 'Share your big win' });
    await card.getByRole('button', { name: en('rewards', 'apply_open'), exact: true }).click();
    const form = page.getByRole('form', { name: /^Apply: Share your big win/ });
    await form.getByLabel(en('rewards', 'apply_comment')).fill('x62 on Aurora Dice, screenshot attached');
    await expect(form.getByText('39 / 140')).toBeVisible();
    // A file that is not PNG or JPEG is refused before sending.
    const picker = form.getByLabel(en('rewards', 'apply_images', { max: 3 }));
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(form.getByText(en('rewards', 'apply_bad_type'))).toBeVisible();
    await picker.setInputFiles({ name: 'win.png', mimeType: 'image/png', buffer: png });
    await expect(form.getByText(en('rewards', 'apply_bad_type'))).toHaveCount(0);
    await form.getByRole('button', { name: en('rewards', 'apply_submit'), exact: true }).click();
    await expect(form).toBeHidden();
    await expect(card.getByRole('button', { name: en('rewards', 'promo_status.applying') })).toBeDisabled();

    // The operator, in its own browser.
    const opsContext = await browser.newContext();
    const ops = await opsContext.newPage();
    await logInOperator(ops);
    await ops.getByRole('link', { name: en('operator', 'nav.rewards'), exact: true }).click();
    const desk = ops.getByRole('region', { name: en('operator', 'review_title') });
    const item = desk.locator('li').filter({ hasText: username });
    await expect(item).toContainText('x62 on Aurora Dice');
    await item.getByRole('button', { name: /^Image 1 · 1×1/ }).click();
    await expect(ops.getByRole('dialog').getByRole('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await ops
      .getByRole('dialog')
      .getByRole('button', { name: en('common', 'close') })
      .click();
    await item.getByLabel(en('operator', 'review_reason')).fill('verified screenshot');
    await item.getByRole('button', { name: en('operator', 'review_approve'), exact: true }).click();
    await expect(item).toHaveCount(0);
    // The rewards settings card below it: each feature's JSON (admins edit it).
    const settings = ops.getByRole('region', { name: en('operator', 'settings_title') });
    await settings.getByRole('tab', { name: en('operator', 'settings_feature.missions') }).click();
    await expect(settings.getByLabel(/Missions \(JSON\)/)).toHaveValue(/daily-login/);
    await settings.scrollIntoViewIfNeeded();
    await opsContext.close();

    // The bonus waits in the reward centre.
    const centre = await openMemberPage(page, 'rewardCenter');
    const reward = centre.getByRole('listitem').filter({ hasText: 'Share your big win' });
    await reward.getByRole('button', { name: en('rewards', 'promo_claim', { amount: '$10.00' }) }).click();
    await expect(reward).toHaveCount(0);
    await page.goto('/promotions');
    await expect(card.getByRole('button', { name: en('rewards', 'promo_status.claimed') })).toBeDisabled();
  });
});
