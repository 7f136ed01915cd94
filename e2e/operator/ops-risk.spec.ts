import { type Page, expect, test } from '@playwright/test';
import { demo, en, field, logInOperator, opsApiKey } from '../support';

const r = (key: string, values?: Record<string, string | number>) => en('operator', `risk.${key}`, values);
const a = (key: string, values?: Record<string, string | number>) => en('operator', `agents.${key}`, values);
const c = (key: string, values?: Record<string, string | number>) =>
  en('operator', `agentContracts.${key}`, values);
const ops = { 'x-ops-key': opsApiKey };

/** Low thresholds, so the demo brand's own deposits, wins and shared loopback IP raise flags. */
async function lowThresholds(page: Page) {
  const res = await page.request.put('/ops/merchants/demo/risk/settings', {
    headers: ops,
    data: {
      largeWin: 1,
      largeDeposit: 1,
      largeWithdrawal: 1,
      sharedIpAccounts: 2,
      noPlayWindowHours: 24,
      reason: 'end-to-end check of the risk desk',
    },
  });
  expect(res.status()).toBe(200);
}

async function openPage(page: Page, label: 'risk' | 'agents', heading: string) {
  await logInOperator(page);
  await page.getByRole('link', { name: en('operator', `nav.${label}`), exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(heading) }).first()).toBeVisible();
}

test.describe('back office: Risk and Agents', () => {
  // The first read scans the demo brand's week of play; screenshots on a busy machine are slow.
  test.setTimeout(180_000);

  test('the flag queue: filters, clearing a flag with a required reason, the thresholds', async ({
    page,
  }) => {
    await lowThresholds(page);
    await openPage(page, 'risk', r('queue_title'));
    const table = page.getByTestId('ops-risk-flags');
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: r('settings_title') })).toBeVisible();

    // Clear the first open flag: the reason is required.
    const firstClear = table.getByRole('button', { name: r('clear'), exact: true }).first();
    await firstClear.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: r('clear'), exact: true }).click();
    await expect(dialog.getByText(en('operator', 'reason_required', { min: 3, max: 500 }))).toBeVisible();
    await field(dialog, en('operator', 'reason')).fill('seen the member’s history: fine');
    await dialog.getByRole('button', { name: r('clear'), exact: true }).click();
    await expect(dialog).toBeHidden();

    // The cleared flag is listed under "Cleared" with its reviewer and reason.
    await page.getByRole('combobox', { name: r('col_status') }).selectOption('cleared');
    await expect(table.getByText('seen the member’s history: fine')).toBeVisible();

    // The thresholds: an edit needs a reason too.
    await page.getByRole('button', { name: r('edit'), exact: true }).click();
    await page.getByRole('button', { name: r('save'), exact: true }).click();
    await expect(page.getByText(en('operator', 'reason_required', { min: 3, max: 500 }))).toBeVisible();
  });

  test('the agent tree: search, drill down, a move under the member’s own team refused', async ({ page }) => {
    await openPage(page, 'agents', a('tree_title'));
    const tree = page.getByTestId('ops-agent-tree');
    await expect(tree.getByTestId('ops-agent-node').first()).toBeVisible();

    const search = page.locator('form[role="search"]');
    await field(search, a('search_label')).fill(demo.agent.username);
    await search.getByRole('button', { name: a('search'), exact: true }).click();
    const results = page.getByTestId('ops-agent-search');
    await results.getByRole('button', { name: demo.agent.username, exact: true }).click();
    await expect(page).toHaveURL(/root=\d+/);
    const root = tree.getByTestId('ops-agent-node').first();
    await expect(root).toContainText(demo.agent.username);
    const expand = root.getByRole('button', { name: a('expand', { account: demo.agent.username }) });
    if (await expand.isVisible()) {
      await expand.click();
      await expect(tree.getByTestId('ops-agent-node').nth(1)).toBeVisible();
    }

    await root.getByRole('button', { name: a('move'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: a('move'), exact: true }).click();
    await expect(dialog.getByText(a('new_parent_required'))).toBeVisible();
    await field(dialog, a('new_parent')).fill(demo.agent.username);
    await field(dialog, en('operator', 'reason')).fill('checking the loop guard');
    await dialog.getByRole('button', { name: a('move'), exact: true }).click();
    await expect(dialog.getByText(en('errors', 'agent.move_cycle'))).toBeVisible();
  });

  test('a top agent’s contracts: a daily salary with one tier, in force at once', async ({ page }) => {
    await openPage(page, 'agents', a('tree_title'));
    const tree = page.getByTestId('ops-agent-tree');
    // The demo agent has no upline: a top agent, paid by the platform.
    const node = tree
      .getByTestId('ops-agent-node')
      .filter({ has: page.getByText(demo.agent.username, { exact: true }) })
      .first();
    await node.getByRole('button', { name: c('open_label', { account: demo.agent.username }) }).click();
    const panel = page.getByTestId('ops-agent-contracts');
    await expect(
      panel.getByRole('heading', { name: c('title', { account: demo.agent.username }) }),
    ).toBeVisible();
    await panel.getByRole('tab', { name: c('kind.daily'), exact: true }).click();
    await panel.getByRole('button', { name: c('set'), exact: true }).click();
    const form = panel.getByRole('form', { name: c('form_title', { kind: c('kind.daily') }) });
    // Start from one tier (a contract set before brings its own rows).
    const rows = form.getByTestId('ops-contract-tier');
    while ((await rows.count()) > 1)
      await form.getByRole('button', { name: c('remove_tier', { n: await rows.count() }) }).click();
    await field(form, c('bet.daily')).fill('');
    await form.getByRole('button', { name: c('save'), exact: true }).click();
    await expect(form.getByText(c('err_amount'))).toBeVisible();
    await field(form, c('bet.daily')).fill('500');
    await field(form, c('active_members')).fill('1');
    await field(form, c('rate_type')).selectOption('P');
    await field(form, c('rate_percent')).fill('1.5');
    await page.evaluate(() => window.scrollTo(0, 0));
    await form.getByRole('button', { name: c('save'), exact: true }).click();
    await expect(panel.getByRole('status')).toContainText(c('kind_in_text.daily'));
    const inForce = panel.getByRole('region', { name: c('in_force'), exact: true });
    await expect(inForce).toContainText(c('status.V'));
    const tiers = inForce.getByTestId('ops-contract-tiers');
    await expect(tiers.getByRole('row')).toHaveCount(2);
    await expect(tiers.getByRole('row').nth(1)).toContainText('1.5 %');
    await expect(panel.getByTestId('ops-contract-history')).toContainText(
      `operator:${demo.operator.username}`,
    );
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByRole('button', { name: c('set'), exact: true }).click();
    await expect(form).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    // Nothing is wider than the phone: wide tables scroll inside their card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('on a 390-px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await lowThresholds(page);
    await openPage(page, 'risk', r('queue_title'));
    await expect(page.getByTestId('ops-risk-flags')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: en('operator', 'nav.agents'), exact: true }).click();
    await expect(page.getByTestId('ops-agent-tree').getByTestId('ops-agent-node').first()).toBeVisible();
  });
});
