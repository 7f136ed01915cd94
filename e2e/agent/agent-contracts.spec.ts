import { type Locator, type Page, expect, test } from '@playwright/test';
import {
  demo,
  en,
  field,
  memberToken,
  merchantCode,
  opsApiKey,
  password,
  pathOf,
  snap,
  uniqueUsername,
} from '../support';

/**
 * Agent contracts end to end (docs/contracts.md): the operator sets the demo agent's daily-wage
 * contract (a top agent: the platform pays it); the demo agent creates a downline agent and offers
 * it a daily-wage contract from the agent centre; the downline logs in, sees the offer dialog and
 * accepts; both see the contract in force. Settlement and payment are covered by the server's
 * property tests (a daily period must end before it is paid).
 */

/** The contracts dictionary (apps/web/src/locales/en/contracts.json). */
const c = (key: string, values: Record<string, string | number> = {}) =>
  en('contracts' as Parameters<typeof en>[0], key, values);

const nav = (page: Page) => page.getByRole('navigation', { name: en('agent', 'agent_center'), exact: true });

async function openAgentPage(page: Page, id: string): Promise<Locator> {
  await nav(page)
    .getByRole('button', { name: en('agent', id), exact: true })
    .click();
  const panel = page.getByRole('region', { name: en('agent', id), exact: true });
  await expect(panel.getByRole('heading', { level: 2, name: en('agent', id), exact: true })).toBeVisible();
  return panel;
}

async function agentLogin(page: Page, username: string, secret: string) {
  await page.goto('/agent');
  const card = page.getByRole('region', { name: en('auth', 'login_title'), exact: true });
  await field(card, en('auth', 'agent_account')).fill(username);
  await field(card, en('auth', 'password')).fill(secret);
  await card.getByRole('button', { name: en('auth', 'login_submit'), exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/agentHome');
}

async function snapThemes(page: Page, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await snap(page, `${name}-${theme}`);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
}

test.describe('agent contracts', () => {
  test('the demo agent offers a daily-wage contract; the downline sees the dialog and accepts', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const downline = uniqueUsername('ct');
    const downlinePassword = password('c');
    await agentLogin(page, demo.agent.username, demo.agent.password);

    // The operator sets the top agent's contract (in force at once).
    const token = await memberToken(page);
    const info = await page.request.get('/wps/member/info', { headers: { Authorization: token } });
    const agentId = ((await info.json()) as { value: { id: string } }).value.id;
    const set = await page.request.put(`/ops/merchants/${merchantCode}/contracts/daily/${agentId}`, {
      headers: { 'X-Ops-Key': opsApiKey },
      data: {
        details: [
          { minimumBet: 100, activeMember: 1, rateType: 'P', rate: 0.02 },
          { minimumBet: 1000, activeMember: 2, rateType: 'P', rate: 0.03 },
        ],
      },
    });
    expect(set.status(), await set.text()).toBe(200);

    // A downline agent, created in the register centre.
    const register = await openAgentPage(page, 'registerCenter');
    const create = register.getByRole('region', { name: en('agent', 'create_downline'), exact: true });
    await field(create, en('agent', 'col.account')).fill(downline);
    await field(create, en('agent', 'password')).fill(downlinePassword);
    await field(create, en('agent', 'confirm_password')).fill(downlinePassword);
    await create.getByRole('combobox').selectOption({ label: en('agent', 'member_type.2') });
    await create.getByRole('button', { name: en('agent', 'create_account'), exact: true }).click();
    await expect(
      page.getByText(
        en('agent', 'downline_created', { account: downline, type: en('agent', 'member_type.2') }),
        { exact: true },
      ),
    ).toBeVisible();

    // My contract: the operator's, paid by the platform.
    const wages = await openAgentPage(page, 'agentDailyWages2');
    await expect(wages.getByText(c('paid_by_platform'), { exact: false })).toBeVisible();
    await snapThemes(page, 'contracts-my-contract');

    // Offer the downline a contract within the agent's own (1.5 % and 2.5 %).
    await wages.getByRole('tab', { name: c('downline_contracts'), exact: true }).click();
    const row = wages.getByRole('row').filter({ hasText: downline });
    await row.getByRole('button', { name: c('offer'), exact: true }).click();
    const editor = page.getByRole('dialog', { name: c('offer_title', { account: downline }), exact: true });
    await expect(editor).toBeVisible();
    // Above the ceiling first: refused before anything is sent.
    await editor.getByRole('textbox', { name: `${c('tier')} 2 ${c('rate')} (%)`, exact: true }).fill('3.5');
    await editor.getByRole('button', { name: c('send_offer'), exact: true }).click();
    await expect(editor.getByRole('alert')).toHaveText(c('rate_above_ceiling'));
    await editor.getByRole('textbox', { name: `${c('tier')} 1 ${c('rate')} (%)`, exact: true }).fill('1.5');
    await editor.getByRole('textbox', { name: `${c('tier')} 2 ${c('rate')} (%)`, exact: true }).fill('2.5');
    await snapThemes(page, 'contracts-offer-editor');
    await editor.getByRole('button', { name: c('send_offer'), exact: true }).click();
    await expect(editor.getByText(c('offer_sent', { account: downline }), { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row.getByText(c('status.P'), { exact: true })).toBeVisible();
    await snapThemes(page, 'contracts-downline-contracts');

    // The downline logs in and the offer dialog is there.
    const other = await (await browser.newContext()).newPage();
    await agentLogin(other, downline, downlinePassword);
    const dialog = other.getByRole('dialog', { name: c('title.daily'), exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('cell', { name: '2.50%', exact: true })).toBeVisible();
    await snapThemes(other, 'contracts-offer-dialog');
    await dialog.getByRole('button', { name: c('accept'), exact: true }).click();
    await expect(dialog).toBeHidden();
    const mine = await openAgentPage(other, 'agentDailyWages2');
    await expect(mine.getByText(c('status.V'), { exact: true })).toBeVisible();
    await expect(
      mine.getByText(c('paid_by', { account: demo.agent.username }), { exact: false }),
    ).toBeVisible();
    await mine.getByRole('tab', { name: c('my_bills'), exact: true }).click();
    await snapThemes(other, 'contracts-bills');

    // The upline sees the contract in force.
    await page.reload();
    const again = await openAgentPage(page, 'agentDailyWages2');
    await again.getByRole('tab', { name: c('downline_contracts'), exact: true }).click();
    await expect(again.getByRole('row').filter({ hasText: downline }).getByText(c('status.V'))).toBeVisible();
  });
});
