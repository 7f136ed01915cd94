import { type Page, expect, test } from '@playwright/test';
import { en, field } from '../support';

/** The demo operator (seed): admin of every brand. */
const operator = { username: 'demoops', password: 'demo-operator-123' };
const c = (key: string, values?: Record<string, string | number>) => en('operator', `content.${key}`, values);
const g = (key: string, values?: Record<string, string | number>) =>
  en('operator', `catalogue.${key}`, values);

/** A 1×1 PNG: a real image by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function logIn(page: Page, nav: 'content' | 'catalogue') {
  await page.goto('/ops');
  const login = page.getByRole('region', { name: en('operator', 'login_title'), exact: true });
  await field(login, en('operator', 'username')).fill(operator.username);
  await field(login, en('operator', 'password')).fill(operator.password);
  await login.getByRole('button', { name: en('operator', 'login'), exact: true }).click();
  await page.getByRole('link', { name: en('operator', `nav.${nav}`), exact: true }).click();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

const homeBanners = async (page: Page) => {
  const res = await page.request.get('/wps/relay/MCSFE_getListAnnouncements?types=B&groupName=w_home');
  return ((await res.json()).value.banners as { title: string; url: string }[]).map((b) => b.title);
};

test.describe('back office: Content and Games catalogue', () => {
  // Uploads, previews and several saves per test: more than the default minute on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('a banner with an uploaded image, previewed, published and seen by the player site; a notice previewed sanitised; help topics', async ({
    page,
  }) => {
    await logIn(page, 'content');
    await expect(page.getByRole('heading', { name: c('title_page') })).toBeVisible();
    await expect(page.getByTestId('content-list-B')).toBeVisible();

    await page.getByRole('button', { name: c('new_B') }).click();
    const form = page.getByRole('form', { name: c('new_title') });
    await field(form, c('title_en')).fill('Winter cup');
    await field(form, c('title_zh')).fill('冬季杯');
    await field(form, c('link')).fill('/sports');
    await page
      .getByTestId('content-upload')
      .setInputFiles({ name: 'winter.png', mimeType: 'image/png', buffer: PNG });
    await expect(field(form, c('image'))).toHaveValue(/^\/uploads\/content\/\d+\/banner-.+\.png$/);
    await field(form, c('reason')).fill('winter campaign');
    await page.getByRole('button', { name: c('preview'), exact: true }).click();
    await expect(page.getByTestId('content-preview')).toContainText('Winter cup');
    await page.getByRole('button', { name: c('publish') }).click();
    await expect(form).toBeHidden();
    await expect.poll(() => homeBanners(page)).toContain('Winter cup');

    // A notice whose HTML carries a script: the preview shows what players get, without it.
    await tab(page, c('tab_PL'));
    await page.getByRole('button', { name: c('new_PL') }).click();
    const notice = page.getByRole('form', { name: c('new_title') });
    await field(notice, c('title_en')).fill('Maintenance tonight');
    await notice
      .getByLabel(c('body_en'))
      .fill(
        '<p>The site pauses at <b>02:00 UTC</b>.<script>alert(1)</script><img src=x onerror=alert(1)></p>',
      );
    await page.getByRole('button', { name: c('preview'), exact: true }).click();
    const preview = page.getByTestId('content-preview');
    await expect(preview.locator('b')).toHaveText('02:00 UTC');
    expect(await preview.innerHTML()).not.toMatch(/script|onerror/);

    await tab(page, c('tab_PU'));
    await expect(page.getByTestId('content-list-PU')).toBeVisible();
    await tab(page, c('tab_help'));
    await expect(page.getByRole('form', { name: c('help_form') })).toBeVisible();
  });

  test('catalogue: a studio switched off and on, a game edited, credentials shown only as set or not', async ({
    page,
  }) => {
    await logIn(page, 'catalogue');
    const vendors = page.getByTestId('catalogue-vendors');
    await expect(vendors).toBeVisible();
    await expect(page.getByTestId('catalogue-games')).toBeVisible();

    await page
      .getByRole('button', { name: g('edit') })
      .first()
      .click();
    const gameForm = page.locator('form.catalogue-game-form');
    await field(gameForm, g('name_zh')).fill('测试名称');
    await field(gameForm, g('reason')).fill('translation');
    // Submitted from the keyboard: the console's sticky header may sit over the button.
    await field(gameForm, g('reason')).press('Enter');
    await expect(gameForm).toBeHidden();
    await expect(page.getByTestId('catalogue-games')).toContainText('测试名称');

    await vendors
      .getByRole('button', { name: g('set') })
      .first()
      .click();
    const credential = page.locator('form.catalogue-credential');
    await field(credential, g('credential')).fill('sk_test_abcdef123456');
    await field(credential, g('reason')).fill('studio onboarding');
    await field(credential, g('reason')).press('Enter');
    await expect(credential).toBeHidden();
    await expect(vendors.getByText(g('credential_set'), { exact: true }).first()).toBeVisible();
    await expect(page.locator('body')).not.toContainText('sk_test_abcdef123456');
  });

  test('on a 390-px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, 'content');
    await expect(page.getByTestId('content-list-B')).toBeVisible();
    await page.getByRole('button', { name: c('new_B') }).click();
    await page.getByRole('link', { name: en('operator', 'nav.catalogue'), exact: true }).click();
    await expect(page.getByTestId('catalogue-vendors')).toBeVisible();
  });
});
