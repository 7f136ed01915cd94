import { type Page, expect, test } from '@playwright/test';
import {
  demo,
  en,
  field,
  logInOperator,
  password,
  registerByUsername,
  uniqueUsername,
  withoutAnnouncementPopups,
} from '../support';

const t = (key: string, values?: Record<string, string | number>) => en('operator', `players.${key}`, values);

async function openPlayers(page: Page) {
  await logInOperator(page);
  await page.getByRole('link', { name: en('operator', 'nav.players'), exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(t('title')) })).toBeVisible();
}

async function findPlayer(page: Page, account: string) {
  await field(page.locator('form[role="search"]'), t('search_label')).fill(account);
  await page.getByRole('combobox', { name: t('search_by') }).selectOption('account');
  await page.getByRole('button', { name: t('search'), exact: true }).click();
  const results = page.getByTestId('ops-players-results');
  await expect(results.getByRole('button', { name: account, exact: true })).toBeVisible();
  return results;
}

const tab = (page: Page, name: string) =>
  page.getByRole('tab', { name: t(`tab_${name}`), exact: true }).click();

test.describe('back office: Players', () => {
  test('finds a player, reads the 360° view, adds a note; a freeze logs the open site out at once', async ({
    page,
    browser,
  }) => {
    // Many pages and screenshots in both themes: more than the default minute on a 2-core machine.
    test.setTimeout(180_000);
    // A player of its own (the demo player is shared by other specs), with the site open in
    // another browser.
    const account = uniqueUsername('frz');
    const playerContext = await browser.newContext();
    await withoutAnnouncementPopups(playerContext);
    const player = await playerContext.newPage();
    await registerByUsername(player, account, password('frz'));

    await openPlayers(page);
    const results = await findPlayer(page, account);
    await results.getByRole('button', { name: account, exact: true }).click();
    await expect(page.getByRole('heading', { name: new RegExp(account) })).toBeVisible();
    // A new member has not moved money yet: no wallet account.
    await expect(page.getByText(t('no_wallet'))).toBeVisible();

    await tab(page, 'sessions');
    await expect(page.getByTestId('ops-player-sessions')).toBeVisible();
    await tab(page, 'activity');
    await expect(page.getByRole('heading', { name: t('activity_ledger') })).toBeVisible();
    await tab(page, 'responsible');
    await expect(page.getByRole('heading', { name: t('rg_limits') })).toBeVisible();
    await tab(page, 'linked');
    await expect(page.getByText(t('no_linked')).or(page.getByTestId('ops-player-linked'))).toBeVisible();

    await tab(page, 'notes');
    await field(page.locator('body'), t('note_new')).fill('Asked about the weekly bonus by phone');
    await page.getByRole('button', { name: t('note_add') }).click();
    await expect(page.getByTestId('ops-player-notes')).toContainText('Asked about the weekly bonus by phone');

    // Freeze: a reason is required; the player's open site logs out without a reload.
    await tab(page, 'overview');
    await page.getByRole('button', { name: t('action_freeze'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: t('action_freeze'), exact: true }).click();
    await expect(dialog.getByText(en('operator', 'reason_required', { min: 3, max: 500 }))).toBeVisible();
    await field(dialog, en('operator', 'reason')).fill('chargeback under review');
    await dialog.getByRole('button', { name: t('action_freeze'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: t('action_unfreeze'), exact: true })).toBeVisible();
    await expect(player.getByText(en('common', 'session_ended_frozen'))).toBeVisible();

    // Unfreeze again.
    await page.getByRole('button', { name: t('action_unfreeze'), exact: true }).click();
    await field(page.getByRole('alertdialog'), en('operator', 'reason')).fill('review cleared');
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('action_unfreeze'), exact: true })
      .click();
    await expect(page.getByRole('button', { name: t('action_freeze'), exact: true })).toBeVisible();

    // The password reset asks for its reason first (not sent here).
    await page.getByRole('button', { name: t('reset_password'), exact: true }).click();
    await expect(page.getByRole('alertdialog')).toContainText(t('explain_reset'));
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: en('operator', 'cancel') })
      .click();
    await playerContext.close();
  });

  test('on a 390-px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPlayers(page);
    const results = await findPlayer(page, demo.player.username);
    await results.getByRole('button', { name: demo.player.username, exact: true }).click();
    await expect(page.getByText(t('wallet_main'))).toBeVisible();
    await tab(page, 'sessions');
  });
});
