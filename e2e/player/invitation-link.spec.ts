import { expect, test } from '@playwright/test';
import {
  withoutAnnouncementPopups,
  chooseTab,
  demo,
  en,
  expectLoggedIn,
  field,
  fillPasswordsAndTerms,
  password,
  pathOf,
  registerDialog,
  registerSubmit,
  uniqueUsername,
} from '../support';

test.describe('invitation link', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('/register?code= opens registration with the invitation code filled in', async ({ page }) => {
    const username = uniqueUsername('pi');
    const secret = password('i');

    await page.goto(`/register?code=${demo.invitationCode}`);
    const dialog = registerDialog(page);
    await expect(dialog).toBeVisible();
    await chooseTab(dialog, en('auth', 'register_by_username'));
    const invitation = field(dialog, en('auth', 'reg_field.affiliateCode'));
    await expect(invitation).toHaveValue(demo.invitationCode);

    await field(dialog, en('auth', 'username')).fill(username);
    await fillPasswordsAndTerms(dialog, secret);
    // Leaving the field checks the code with the server: a known code shows no error.
    const checked = page.waitForResponse((res) => new URL(res.url()).pathname === '/wps/agent/affiliate');
    await invitation.focus();
    await invitation.blur();
    expect(((await (await checked).json()) as { success: boolean }).success).toBe(true);
    await expect(dialog.getByText(en('errors', 'invitation_code_error'))).toHaveCount(0);

    await registerSubmit(dialog).click();
    await expect(dialog).toBeHidden();
    await expectLoggedIn(page, username);
    await expect.poll(() => pathOf(page)).toBe('/');

    // No API tells a member's upline (member info has no parent or agent), so that the member
    // landed below the demo agent cannot be checked from outside; the prefilled code is the check.
    test.info().annotations.push({
      type: 'not verified',
      description: 'no API exposes the upline of a member; only the prefilled invitation code is asserted',
    });
  });
});
