import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { withoutAnnouncementPopups, repoRoot, systemStatus } from '../support';

const vendorLogos = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'];

/** A namespace of the Chinese dictionary, if this checkout has it; null otherwise. */
function zhDictionary(namespace: 'common' | 'lobby'): Record<string, unknown> | null {
  const file = path.join(repoRoot, `apps/web/src/locales/zh/${namespace}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : null;
}

const rebuildHint = '(run `npm run build` if the zh locale is newer than the bundle)';

test.describe('home page and language', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('renders in English with hero, auth buttons and vendor logos', async ({ page, request }) => {
    const { info } = await systemStatus(request);
    await page.goto('/');

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome to ${info.brand.name}` }),
    ).toBeVisible();
    await expect(page).toHaveTitle(info.brand.name);

    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
    await expect(header.getByLabel('Language')).toHaveValue('EN');

    const vendors = page.getByRole('contentinfo').getByRole('region', { name: 'Game providers' });
    await expect(vendors.getByRole('img')).toHaveCount(vendorLogos.length);
    for (const code of vendorLogos) {
      await expect(vendors.getByRole('img', { name: code, exact: true })).toBeVisible();
    }
  });

  test('switching to 简体中文 translates the page and survives a reload', async ({ page, request }) => {
    const { info } = await systemStatus(request);
    await page.goto('/');
    const html = page.locator('html');
    const header = page.getByRole('banner');
    const hero = page.getByRole('heading', { level: 1 });
    const login = header.getByRole('button', { name: 'Log in', exact: true });
    await expect(login).toBeVisible();
    const heroEnglish = await hero.innerText();

    // Mark the very button React renders, so it can be found again once its text is Chinese.
    await login.evaluate((el) => el.setAttribute('data-e2e', 'header-login'));
    const sameLoginButton = header.locator('[data-e2e="header-login"]');

    await header.getByLabel('Language').selectOption({ label: '简体中文' });

    await expect(html).toHaveAttribute('lang', 'zh-CN');
    await expect(sameLoginButton).toBeVisible();
    await expect(sameLoginButton).not.toHaveText('Log in');
    await expect(sameLoginButton).not.toHaveText('');
    await expect(hero).not.toHaveText(heroEnglish);
    await expect(header.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);
    await expect(header.getByRole('combobox')).toHaveValue('ZH');

    // Once the Chinese dictionary exists, the exact strings are known too.
    const zh = zhDictionary('common');
    const zhLobby = zhDictionary('lobby');
    if (typeof zh?.login === 'string') {
      await expect(sameLoginButton, `header login button shows zh common.login ${rebuildHint}`).toHaveText(
        zh.login,
      );
    }
    if (typeof zhLobby?.hero_title === 'string') {
      const heroZh = zhLobby.hero_title.replace('{{brand}}', info.brand.name);
      await expect(hero, `hero shows zh lobby.hero_title ${rebuildHint}`).toHaveText(heroZh);
    }
    expect(
      await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')]),
    ).toEqual(['ZH', 'ZH']);

    await page.reload();
    await expect(html).toHaveAttribute('lang', 'zh-CN');
    await expect(header.getByRole('combobox')).toHaveValue('ZH');
    await expect(hero).not.toHaveText(heroEnglish);
    await expect(header.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);
    if (typeof zh?.login === 'string') {
      await expect(header.getByRole('button', { name: zh.login, exact: true })).toBeVisible();
    }
    expect(await page.evaluate(() => localStorage.getItem('hisLang'))).toBe('ZH');
  });
});
