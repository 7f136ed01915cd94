import { type Page, expect, test } from '@playwright/test';
import { en, field, opsApiKey } from '../support';

/** The demo operator (seed): admin of every brand. */
const operator = { username: 'demoops', password: 'demo-operator-123' };
const t = (key: string, values?: Record<string, string | number>) => en('operator', `reports.${key}`, values);
const today = () => new Date().toISOString().slice(0, 10);

async function logIn(page: Page) {
  await page.goto('/ops');
  const login = page.getByRole('region', { name: en('operator', 'login_title'), exact: true });
  await field(login, en('operator', 'username')).fill(operator.username);
  await field(login, en('operator', 'password')).fill(operator.password);
  await login.getByRole('button', { name: en('operator', 'login'), exact: true }).click();
  // The console's menu (the server answers /ops/… paths as the API, so no deep link here).
  await page.getByRole('link', { name: en('operator', 'nav.reports'), exact: true }).click();
  await expect(page.getByRole('heading', { name: t('title') })).toBeVisible();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

test.describe('back office: Reports', () => {
  test('revenue by day and by vendor with a chart, payments, players, winners and losers, and a CSV export', async ({
    page,
  }) => {
    await logIn(page);
    // Revenue per day over the last 30 days: today's row, the totals and the chart.
    const table = page.getByTestId('report-ggr');
    await expect(table.getByRole('cell', { name: today(), exact: true })).toBeVisible();
    await expect(page.locator('.ops-report__chart .recharts-wrapper').first()).toBeVisible({
      timeout: 30_000,
    });
    // The figures on the page are the server's.
    const api = await page.request.get(`/ops/merchants/demo/reports/ggr?from=${today()}&to=${today()}`, {
      headers: { 'x-ops-key': opsApiKey },
    });
    expect(api.status()).toBe(200);

    await tab(page, t('by_vendor'));
    await expect(page).toHaveURL(/by=vendor/);

    // The CSV comes from the server, named after the brand, report and range.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t('export_ggr') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^demo-ggr_by_vendor-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const { readFile } = await import('node:fs/promises');
    const text = await readFile((await file.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe('vendor,vendor,bets,stake,valid_bet,payout,ggr,bonus,ngr');

    await tab(page, t('view_payments'));
    await expect(page.getByTestId('report-payments').getByRole('cell', { name: today() })).toBeVisible();

    await tab(page, t('view_players'));
    await expect(page.getByTestId('report-players').getByRole('cell', { name: today() })).toBeVisible();

    await tab(page, t('view_top'));
    await expect(page.getByRole('heading', { name: t('winners') })).toBeVisible();

    // A range the server refuses is caught by the form first.
    await tab(page, t('view_ggr'));
    await field(page.locator('body'), t('from')).fill('2026-01-01');
    await field(page.locator('body'), t('to')).fill('2025-12-01');
    await page.getByRole('button', { name: t('show'), exact: true }).click();
    await expect(page.getByText(t('range_invalid', { max: 92 }))).toBeVisible();
  });

  test('on a 390-px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page);
    await expect(page.getByTestId('report-ggr')).toBeVisible();
    await expect(page.locator('.ops-report__chart .recharts-wrapper').first()).toBeVisible({
      timeout: 30_000,
    });
    await tab(page, t('view_top'));
    await expect(page.getByRole('heading', { name: t('losers') })).toBeVisible();
  });
});
