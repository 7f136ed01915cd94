import { expect, test } from '@playwright/test';
import {
  withoutAnnouncementPopups,
  chooseTab,
  clickSendCode,
  en,
  expectLoggedIn,
  field,
  fillThaiMobile,
  logOut,
  loginDialog,
  openLogin,
  password,
  registerByMobile,
  sendCodeButton,
  smsDestination,
  submitLogin,
  thailand,
  uniqueThaiMobile,
} from '../support';

test.describe('forgot password by phone', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('a mobile-registered member resets the password with an SMS code and logs in with it', async ({
    page,
  }) => {
    const mobile = uniqueThaiMobile();
    const oldPassword = password('o');
    const newPassword = password('n');

    // Setup through the UI: a member registered by mobile number, then logged out.
    await registerByMobile(page, mobile, oldPassword);
    await logOut(page);

    // Log in → Forgot password → By mobile.
    const login = await openLogin(page);
    await login.getByRole('button', { name: en('auth', 'forgot_password'), exact: true }).click();
    const forgot = page.getByRole('dialog', { name: en('auth', 'forgot_title'), exact: true });
    await expect(forgot).toBeVisible();
    await chooseTab(forgot, en('auth', 'reset_by_mobile'));
    await fillThaiMobile(forgot, mobile);
    const code = await clickSendCode(
      page,
      sendCodeButton(forgot),
      smsDestination(thailand.dialingCode, mobile),
    );
    await field(forgot, en('auth', 'sms_code')).fill(code);
    await field(forgot, en('auth', 'new_password')).fill(newPassword);
    await field(forgot, en('auth', 'confirm_password')).fill(newPassword);
    await forgot.getByRole('button', { name: en('auth', 'submit'), exact: true }).click();

    // Back at the login dialog with the success notice.
    await expect(forgot).toBeHidden();
    const relogin = loginDialog(page);
    await expect(relogin).toBeVisible();
    await expect(relogin.getByRole('status')).toHaveText(en('auth', 'password_reset_done'));

    // The account name of a mobile-registered member is its national number.
    await submitLogin(relogin, mobile, newPassword);
    await expect(relogin).toBeHidden();
    await expectLoggedIn(page, mobile);
  });
});
