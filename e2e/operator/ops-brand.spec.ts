import { type Page, expect, test } from '@playwright/test';
import { en, field, logInDemoPlayerQuietly } from '../support';

/** The demo operator (seed): admin of every brand. */
const operator = { username: 'demoops', password: 'demo-operator-123' };
const t = (key: string, values?: Record<string, string | number>) =>
  en('operator', `brandPage.${key}`, values);

async function logIn(page: Page) {
  await page.goto('/ops');
  const login = page.getByRole('region', { name: en('operator', 'login_title'), exact: true });
  await field(login, en('operator', 'username')).fill(operator.username);
  await field(login, en('operator', 'password')).fill(operator.password);
  await login.getByRole('button', { name: en('operator', 'login'), exact: true }).click();
  await page.getByRole('link', { name: en('operator', 'nav.brand'), exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(t('title')) })).toBeVisible();
}

const withdrawFlag = async (page: Page) => {
  const res = await page.request.get('/wps/system/whitelabel');
  const find = (n: { modId: string; enabled: string; childrenNodes: unknown[] }): string | undefined =>
    n.modId === 'WITHDRAW' ? n.enabled : (n.childrenNodes as (typeof n)[]).map(find).find(Boolean);
  return find((await res.json()).value);
};

const tab = (page: Page, name: string) => page.getByTestId(`brand-tab-${name}`).click();

test.describe('back office: Brand', () => {
  test('edits the brand, switches a module off and an open player site loses its page at once, creates a brand', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // A player has the member centre open in another browser.
    const playerContext = await browser.newContext();
    const player = await playerContext.newPage();
    await logInDemoPlayerQuietly(player);
    await player.goto('/member');
    const memberMenu = player.getByRole('navigation', { name: en('member', 'member_center') });
    const withdrawEntry = memberMenu.getByRole('button', { name: en('member', 'withdraw'), exact: true });
    await expect(withdrawEntry).toBeVisible();

    await logIn(page);
    await expect(page.getByTestId('theme-preview')).toBeVisible();

    // The look: colours with their preview.
    await tab(page, 'look');
    await page.locator('input.brand-colours__hex').first().fill('#e0457b');
    await expect(page.getByTestId('theme-preview')).toHaveCSS('border-top-color', 'rgb(224, 69, 123)');

    // The whitelabel switches: Withdrawal off, seen by the player site's call, then back on.
    await tab(page, 'modules');
    expect(await withdrawFlag(page)).toBe('1');
    await page.getByTestId('module-WITHDRAW').click();
    await field(page.locator('body'), t('reason')).fill('bank outage drill');
    await page.getByRole('button', { name: t('save_modules') }).click();
    await expect(page.getByTestId('module-changes')).toHaveText(t('changes_other', { count: 0 }));
    await expect.poll(() => withdrawFlag(page)).toBe('0');
    // The open member centre drops its Withdrawal page without a reload or a restart.
    await expect(withdrawEntry).toBeHidden();
    await page.getByTestId('module-WITHDRAW').click();
    await field(page.locator('body'), t('reason')).fill('drill over');
    await page.getByRole('button', { name: t('save_modules') }).click();
    await expect.poll(() => withdrawFlag(page)).toBe('1');
    await expect(withdrawEntry).toBeVisible();
    await playerContext.close();

    await tab(page, 'rules');
    await expect(page.getByTestId('register-rules')).toBeVisible();

    await tab(page, 'availability');
    await expect(page.getByTestId('maintenance-on')).not.toBeChecked();

    // A new brand (all-brand admins).
    await tab(page, 'create');
    const code = `e2e${Date.now() % 1e7}`;
    await field(page.locator('body'), t('code')).fill(code);
    await field(page.locator('body'), t('name')).fill('E2E Brand');
    await field(page.locator('body'), t('currency')).fill('EUR');
    await field(page.locator('body'), t('currency_symbol')).fill('€');
    await field(page.locator('body'), t('reason')).fill('new market');
    await page.getByRole('button', { name: t('create') }).click();
    await expect(page.getByText(t('created', { code }))).toBeVisible();

    // Its own colours, saved with a reason, paint its player site.
    await page.reload();
    await page.getByRole('combobox', { name: en('operator', 'brand'), exact: true }).selectOption(code);
    await expect(page.getByRole('heading', { name: new RegExp(t('title')) })).toContainText('E2E Brand');
    await tab(page, 'look');
    await page.locator('input.brand-colours__hex').first().fill('#e0457b');
    await field(page.locator('form.brand-form'), t('reason')).fill('launch colours');
    await page.getByRole('button', { name: t('save_look') }).click();
    await expect(page.getByText(t('saved')).first()).toBeVisible();
    const visitor = await browser.newContext();
    const site = await visitor.newPage();
    await site.addInitScript((c) => localStorage.setItem('merchantCode', c), code);
    await site.goto('/');
    const accent = () =>
      site.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
      );
    await expect.poll(accent).toBe('#e0457b');
    await visitor.close();
  });

  test('on a 390-px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page);
    await expect(page.getByTestId('theme-preview')).toBeVisible();
    await tab(page, 'modules');
    await expect(page.getByTestId('module-DEPOSIT')).toBeVisible();
    await tab(page, 'availability');
  });
});
