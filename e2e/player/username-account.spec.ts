import { expect, test } from '@playwright/test';
import {
  withoutAnnouncementPopups,
  en,
  expectLoggedIn,
  expectLoggedOut,
  field,
  fillUsernameRegistration,
  logIn,
  logOut,
  openAccountMenu,
  openLogin,
  openLogoutConfirmation,
  openRegister,
  password,
  pathOf,
  registerSubmit,
  submitLogin,
  uniqueUsername,
} from '../support';

test.describe('a member who registers by username', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('registers, logs out and in, changes the password and logs in with the new one', async ({ page }) => {
    // Four sign-ins and eight full-page screenshots: more than the default minute on a loaded machine.
    test.setTimeout(120_000);
    const username = uniqueUsername('pu');
    const firstPassword = password('a');
    const newPassword = password('b');

    // Register: mobile is the demo brand's default mode, so switch to the Username tab.
    await page.goto('/');
    await expectLoggedOut(page);
    const register = await openRegister(page);
    await expect(register.getByRole('tab', { name: en('auth', 'register_by_mobile') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await fillUsernameRegistration(register, username, firstPassword);
    await registerSubmit(register).click();
    await expect(register).toBeHidden();
    await expectLoggedIn(page, username);
    expect(pathOf(page)).toBe('/');

    // Log out: the avatar menu asks for confirmation first.
    const confirm = await openLogoutConfirmation(page);
    await confirm.getByRole('button', { name: en('common', 'in_more_cancel'), exact: true }).click();
    await expect(confirm).toBeHidden();
    await expectLoggedIn(page, username);
    await logOut(page);

    // Log in again with the same credentials.
    await logIn(page, username, firstPassword);

    // Change the password from the avatar menu.
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: en('common', 'change_password'), exact: true }).click();
    const change = page.getByRole('dialog', { name: en('auth', 'change_password'), exact: true });
    await expect(change).toBeVisible();
    await field(change, en('auth', 'old_password')).fill(firstPassword);
    await field(change, en('auth', 'new_password')).fill(newPassword);
    await field(change, en('auth', 'confirm_password')).fill(newPassword);
    await change.getByRole('button', { name: en('auth', 'submit'), exact: true }).click();
    await expect(change).toBeHidden();
    await expect.poll(() => pathOf(page)).toBe('/');
    // This very session survives the change (only the member's other sessions end).
    await expectLoggedIn(page, username);

    // Log out; the old password is now refused with the translated error…
    await logOut(page);
    const login = await openLogin(page);
    await submitLogin(login, username, firstPassword);
    await expect(login.getByRole('alert')).toHaveText(en('errors', 'login.failed'));
    await expect(login).toBeVisible();

    // …and the new one lets the member in.
    await field(login, en('auth', 'password')).fill(newPassword);
    await login.getByRole('button', { name: en('auth', 'login_submit'), exact: true }).click();
    await expect(login).toBeHidden();
    await expectLoggedIn(page, username);
  });
});
