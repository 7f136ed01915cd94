import { expect, test } from '@playwright/test';
import {
  withoutAnnouncementPopups,
  en,
  expectLoggedIn,
  expectLoggedOut,
  openAccountMenu,
  openLogin,
  pathOf,
  registerDialog,
} from '../support';

test.describe('free trial', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('a trial account is told to register when it opens the member centre', async ({ page }) => {
    const notice = page.getByRole('alertdialog', { name: en('common', 'in_popup_prompt'), exact: true });
    const noticeText = notice.getByText(en('common', 'in_need_true_account'), { exact: true });
    const memberCentre = page.getByRole('heading', { name: en('member', 'member_center'), exact: true });

    await page.goto('/');
    const login = await openLogin(page);
    await login.getByRole('button', { name: en('auth', 'free_trial'), exact: true }).click();
    await expect(login).toBeHidden();
    await expectLoggedIn(page);

    // The avatar menu: no password to change for a trial account; "My Account" is refused.
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole('menuitem', { name: en('common', 'change_password') })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: en('common', 'in_my_account'), exact: true }).click();
    await expect(noticeText).toBeVisible();
    await expect(memberCentre).toHaveCount(0);
    expect(pathOf(page)).toBe('/');
    await page.keyboard.press('Escape');
    await expect(notice).toBeHidden();
    await expectLoggedIn(page);

    // Typing the address is refused too: back home with the same notice.
    await page.goto('/member');
    await expect(noticeText).toBeVisible();
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect(memberCentre).toHaveCount(0);

    // OK ends the trial session and offers registration.
    await notice.getByRole('button', { name: en('common', 'in_increase_submit'), exact: true }).click();
    await expect(notice).toBeHidden();
    const register = registerDialog(page);
    await expect(register).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(register).toBeHidden();
    await expectLoggedOut(page);
  });
});
