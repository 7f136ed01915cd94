import { type BrowserContext, type Locator, type Page, expect } from '@playwright/test';
import { clickSendCode, demo, smsDestination, thailand } from './accounts';
import { en, enPattern } from './locale';

/** The current path of the page, without query or hash. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An input by its visible label. Required fields show "Label *" (the star is aria-hidden, but
 * label matching reads the label's text), so the star is allowed after the exact label text.
 */
export const field = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`));

export const header = (page: Page) => page.getByRole('banner');
export const accountMenuButton = (page: Page) =>
  header(page).getByRole('button', { name: en('common', 'account_menu'), exact: true });
const headerLogin = (page: Page) =>
  header(page).getByRole('button', { name: en('common', 'login'), exact: true });
const headerRegister = (page: Page) =>
  header(page).getByRole('button', { name: en('common', 'register'), exact: true });

export const loginDialog = (page: Page) =>
  page.getByRole('dialog', { name: en('auth', 'login_title'), exact: true });
export const registerDialog = (page: Page) =>
  page.getByRole('dialog', { name: en('auth', 'register_title'), exact: true });

/** The header of a member: the avatar menu, and neither Log in nor Register. */
export async function expectLoggedIn(page: Page, accountName?: string): Promise<void> {
  await expect(accountMenuButton(page)).toBeVisible();
  if (accountName) await expect(accountMenuButton(page)).toContainText(accountName);
  await expect(headerLogin(page)).toHaveCount(0);
  await expect(headerRegister(page)).toHaveCount(0);
}

/** The header of a visitor: Log in and Register, no avatar menu. */
export async function expectLoggedOut(page: Page): Promise<void> {
  await expect(headerLogin(page)).toBeVisible();
  await expect(headerRegister(page)).toBeVisible();
  await expect(accountMenuButton(page)).toHaveCount(0);
}

/** Opens the avatar menu and returns it. */
export async function openAccountMenu(page: Page): Promise<Locator> {
  await accountMenuButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** The logout confirmation, opened from the avatar menu ("Sign out"). */
export async function openLogoutConfirmation(page: Page): Promise<Locator> {
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: en('common', 'logout'), exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: en('common', 'in_popup_prompt'), exact: true });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(en('common', 'in_sure_logout'), { exact: true })).toBeVisible();
  return confirm;
}

/** Sign out → confirm → back home as a visitor. */
export async function logOut(page: Page): Promise<void> {
  const confirm = await openLogoutConfirmation(page);
  await confirm.getByRole('button', { name: en('common', 'in_increase_submit'), exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(() => pathOf(page)).toBe('/');
  await expectLoggedOut(page);
}

/** The header's Log in button: the login dialog. */
export async function openLogin(page: Page): Promise<Locator> {
  await headerLogin(page).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills the login dialog's password form and submits it (the outcome is the caller's to check). */
export async function submitLogin(dialog: Locator, username: string, secret: string): Promise<void> {
  await field(dialog, en('auth', 'username')).fill(username);
  await field(dialog, en('auth', 'password')).fill(secret);
  await dialog.getByRole('button', { name: en('auth', 'login_submit'), exact: true }).click();
}

/** Log in through the header's login dialog and wait for the member header. */
export async function logIn(page: Page, username: string, secret: string): Promise<void> {
  const dialog = await openLogin(page);
  await submitLogin(dialog, username, secret);
  await expect(dialog).toBeHidden();
  await expectLoggedIn(page, username);
}

/** The header's Register button: the registration dialog. */
export async function openRegister(page: Page): Promise<Locator> {
  await headerRegister(page).click();
  const dialog = registerDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Switches the registration (or reset) dialog to a mode tab and checks it is selected. */
export async function chooseTab(dialog: Locator, name: string): Promise<void> {
  const tab = dialog.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Password, confirmation and the terms checkbox of the registration form. */
export async function fillPasswordsAndTerms(dialog: Locator, secret: string): Promise<void> {
  await field(dialog, en('auth', 'password')).fill(secret);
  await field(dialog, en('auth', 'confirm_password')).fill(secret);
  await dialog.getByRole('checkbox', { name: en('auth', 'terms_agree', { age: 18 }), exact: true }).check();
}

/** Username-mode registration in an open registration dialog, up to (not including) submit. */
export async function fillUsernameRegistration(
  dialog: Locator,
  username: string,
  secret: string,
): Promise<void> {
  await chooseTab(dialog, en('auth', 'register_by_username'));
  await field(dialog, en('auth', 'username')).fill(username);
  await fillPasswordsAndTerms(dialog, secret);
}

export const registerSubmit = (dialog: Locator) =>
  dialog.getByRole('button', { name: en('auth', 'register_submit'), exact: true });

/** The send-code button of an SMS code field, before and after (countdown) a send. */
export const sendCodeButton = (scope: Locator) =>
  scope.getByRole('button', { name: en('auth', 'sms_send'), exact: true });
export const resendCountdown = (scope: Locator) =>
  scope.getByRole('button', { name: enPattern('auth', 'sms_resend_in') });

/** Picks Thailand in a dialing-code select and types the national number. */
export async function fillThaiMobile(scope: Locator, national: string): Promise<void> {
  await field(scope, en('auth', 'country_code')).selectOption({ label: thailand.option });
  await field(scope, en('auth', 'mobile_number')).fill(national);
}

/**
 * Mobile-mode registration: Thailand, the number, Send code, the code from the outbox, passwords
 * and terms. Leaves the form ready to submit; returns the code that was entered.
 */
export async function fillMobileRegistration(page: Page, dialog: Locator, national: string, secret: string) {
  await chooseTab(dialog, en('auth', 'register_by_mobile'));
  await fillThaiMobile(dialog, national);
  const code = await clickSendCode(
    page,
    sendCodeButton(dialog),
    smsDestination(thailand.dialingCode, national),
  );
  await field(dialog, en('auth', 'sms_code')).fill(code);
  await fillPasswordsAndTerms(dialog, secret);
  return code;
}

/** Registers a member by mobile number through the UI and leaves it logged in at `/`. */
export async function registerByMobile(page: Page, national: string, secret: string): Promise<void> {
  await page.goto('/');
  const dialog = await openRegister(page);
  await fillMobileRegistration(page, dialog, national, secret);
  await registerSubmit(dialog).click();
  await expect(dialog).toBeHidden();
  await expectLoggedIn(page, national);
}

/** Registers a member by username through the UI and leaves it logged in at `/`. */
export async function registerByUsername(page: Page, username: string, secret: string): Promise<void> {
  await page.goto('/');
  const dialog = await openRegister(page);
  await fillUsernameRegistration(dialog, username, secret);
  await registerSubmit(dialog).click();
  await expect(dialog).toBeHidden();
  await expectLoggedIn(page, username);
}

/**
 * For tests that are not about the brand's announcement popups: the session starts with them
 * already closed (the flags the lobby sets when a visitor or member closes them), so a modal
 * greeting does not cover the page under test. The lobby specs test the popups themselves.
 */
export async function withoutAnnouncementPopups(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    sessionStorage.setItem('popupClosedAnon', 'closed');
    sessionStorage.setItem('popupClosedUser', 'closed');
  });
}

/**
 * Logs the demo player in from the home page with the greeting popups marked closed (they would
 * open above the header at their own pace).
 */
export async function logInDemoPlayerQuietly(page: Page): Promise<void> {
  await page.addInitScript(() => {
    sessionStorage.setItem('popupClosedAnon', 'closed');
    sessionStorage.setItem('popupClosedUser', 'closed');
  });
  await page.goto('/');
  await submitLogin(await openLogin(page), demo.player.username, demo.player.password);
  await expectLoggedIn(page);
}

/** Logs the demo operator in on the operator site (/ops) in this page. */
export async function logInOperator(page: Page): Promise<void> {
  await page.goto('/ops');
  const login = page.getByRole('region', { name: en('operator', 'login_title'), exact: true });
  await field(login, en('operator', 'username')).fill(demo.operator.username);
  await field(login, en('operator', 'password')).fill(demo.operator.password);
  await login.getByRole('button', { name: en('operator', 'login'), exact: true }).click();
}

/** Logs an agent in on the agent login page (/agent); the demo agent unless told otherwise. */
export async function agentLogin(
  page: Page,
  username: string = demo.agent.username,
  secret: string = demo.agent.password,
): Promise<void> {
  await page.goto('/agent');
  const card = page.getByRole('region', { name: en('auth', 'login_title'), exact: true });
  await field(card, en('auth', 'agent_account')).fill(username);
  await field(card, en('auth', 'password')).fill(secret);
  await card.getByRole('button', { name: en('auth', 'login_submit'), exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/agentHome');
}
