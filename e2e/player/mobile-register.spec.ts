import { expect, test } from '@playwright/test';
import {
  withoutAnnouncementPopups,
  chooseTab,
  clickSendCode,
  en,
  expectLoggedIn,
  field,
  fillPasswordsAndTerms,
  fillThaiMobile,
  openRegister,
  password,
  pathOf,
  registerSubmit,
  resendCountdown,
  sendCodeButton,
  smsDestination,
  thailand,
  uniqueThaiMobile,
} from '../support';

test.describe('registration by mobile number', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('sends an SMS code, counts down, and registers with the code from the outbox', async ({ page }) => {
    const mobile = uniqueThaiMobile();
    const secret = password('m');

    await page.goto('/');
    const dialog = await openRegister(page);
    // Mobile is the default mode of the demo brand.
    const mobileTab = dialog.getByRole('tab', { name: en('auth', 'register_by_mobile'), exact: true });
    await expect(mobileTab).toHaveAttribute('aria-selected', 'true');
    await chooseTab(dialog, en('auth', 'register_by_mobile'));
    await expect(field(dialog, en('auth', 'username'))).toHaveCount(0);

    await fillThaiMobile(dialog, mobile);
    await expect(field(dialog, en('auth', 'country_code'))).toHaveValue(thailand.dialingCode);
    const code = await clickSendCode(
      page,
      sendCodeButton(dialog),
      smsDestination(thailand.dialingCode, mobile),
    );

    // After a send the button counts down and cannot be pressed again.
    const countdown = resendCountdown(dialog);
    await expect(countdown).toBeVisible();
    await expect(countdown).toBeDisabled();
    await expect(sendCodeButton(dialog)).toHaveCount(0);
    const seconds = () => countdown.innerText().then((text) => Number(/\d+/.exec(text)?.[0]));
    const first = await seconds();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(300);
    await expect.poll(seconds).toBeLessThan(first);
    await countdown.scrollIntoViewIfNeeded();

    await field(dialog, en('auth', 'sms_code')).fill(code);
    await fillPasswordsAndTerms(dialog, secret);

    await registerSubmit(dialog).click();
    await expect(dialog).toBeHidden();
    // A member registered by mobile is named by the national number.
    await expectLoggedIn(page, mobile);
    expect(pathOf(page)).toBe('/');
  });
});
