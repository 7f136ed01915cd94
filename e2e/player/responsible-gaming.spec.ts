import { expect, test } from '@playwright/test';
import {
  depositChannels,
  memberToken,
  openMemberPage,
  password,
  registerByUsername,
  uniqueUsername,
  withoutAnnouncementPopups,
} from '../support';

/**
 * Responsible gaming (docs/responsible-gaming.md) as a player meets it: a daily deposit limit set
 * in the security centre refuses a deposit above it with a translated message and lets one within
 * it through; a 24-hour cool-off, confirmed, shows in force and the lobby will not open a game.
 */
test('a player sets a deposit limit, is refused above it, takes a cool-off and cannot play', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext();
  await withoutAnnouncementPopups(context);
  const page = await context.newPage();
  await registerByUsername(page, uniqueUsername('rg'), password('rg'));
  const token = await memberToken(page);

  // The limit: 50 a day, at once.
  let security = await openMemberPage(page, 'securityCenter');
  const card = security.getByRole('region', { name: 'Responsible gaming', exact: true });
  const form = card.getByRole('form', { name: 'Set a deposit limit' });
  await form.getByRole('combobox').selectOption('day');
  await form.getByRole('textbox').fill('50');
  await form.getByRole('button', { name: 'Set limit', exact: true }).click();
  await expect(page.getByText(/Daily limit \(Deposits\) set to/).first()).toBeVisible();

  // A deposit of 80 is refused with the translated reason; 30 goes through to the gateway.
  const channel = (await depositChannels(page.request, token)).find((c) => c.kind === 'DEMO_GATEWAY')!;
  const depositPanel = await openMemberPage(page, 'depositv2');
  const depositForm = depositPanel.getByRole('form', { name: 'New deposit', exact: true });
  await depositForm.getByRole('radio', { name: channel.name }).check();
  await depositForm.getByRole('textbox', { name: /Amount/ }).fill('80');
  await depositForm.getByRole('button', { name: 'Continue to payment', exact: true }).click();
  await expect(
    page.getByText('This deposit is above what your deposit limit leaves for now.').first(),
  ).toBeVisible();
  await depositForm.getByRole('textbox', { name: /Amount/ }).fill('30');
  await depositForm.getByRole('button', { name: 'Continue to payment', exact: true }).click();
  await page.waitForURL(/\/pay\/demo\/\d+\?/);

  // A 24-hour cool-off, confirmed: in force, and the lobby refuses to open a game.
  security = await openMemberPage(page, 'securityCenter');
  const rg = security.getByRole('region', { name: 'Responsible gaming', exact: true });
  await expect(rg.getByText('Used in the last 24 hours').first()).toBeVisible();
  await rg.getByRole('radio', { name: '24 hours' }).check();
  await rg.getByRole('button', { name: 'Start cool-off' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('This cannot be undone');
  await dialog.getByRole('button', { name: 'Yes, start my break' }).click();
  await expect(rg.getByTestId('rg-active-break')).toContainText('Cool-off until');

  await page.goto('/rng');
  const game = page.getByRole('article', { name: 'Fruit Fiesta', exact: true }).first();
  await game.hover();
  await game.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByText('Your account is on a break from play until it ends.').first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/seamless$/);
  await context.close();
});
