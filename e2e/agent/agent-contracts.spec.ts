import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import {
  agentLogin,
  demo,
  en,
  field,
  launchGameUrl,
  logIn,
  memberToken,
  memberTransactions,
  merchantCode,
  opsApiKey,
  password,
  uniqueUsername,
} from '../support';

/**
 * Agent contracts end to end (docs/contracts.md): the operator sets the demo agent's daily-wage
 * contract (a top agent: the platform pays it); the demo agent creates a downline agent and offers
 * it a daily-wage contract from the agent centre; the downline logs in, sees the offer dialog and
 * accepts; both see the contract in force. Then the payment, with a real-time salary contract (the
 * operator's to the demo agent, the demo agent's offer to the downline, accepted): a member under
 * the downline plays dice through the house vendor's wallet callbacks in the first 5-minute
 * window the contract is in force for; the schedules' test clock (TEST_CLOCK=1, `POST /dev/clock`)
 * moves past the window's end, the operator's settle call runs the job, and both agents see the
 * bill and the ledger movement.
 */

/** An operator adjustment (docs/ledger.md): money from the platform to an account. */
async function adjust(request: APIRequestContext, account: string, amount: string) {
  const res = await request.post(`/ops/merchants/${merchantCode}/adjustments`, {
    headers: { 'X-Ops-Key': opsApiKey },
    data: { account, amount, reason: 'e2e float', requestId: `e2e-${account}-${Date.now()}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

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

/** Creates an account under the signed-in agent in its register centre (type 0 member, 2 agent). */
async function createInRegisterCentre(page: Page, account: string, secret: string, type: 0 | 2) {
  const register = await openAgentPage(page, 'registerCenter');
  const create = register.getByRole('region', { name: en('agent', 'create_downline'), exact: true });
  await field(create, en('agent', 'col.account')).fill(account);
  await field(create, en('agent', 'password')).fill(secret);
  await field(create, en('agent', 'confirm_password')).fill(secret);
  const typeName = en('agent', `member_type.${type}`);
  await create.getByRole('combobox').selectOption({ label: typeName });
  await create.getByRole('button', { name: en('agent', 'create_account'), exact: true }).click();
  await expect(
    page.getByText(en('agent', 'downline_created', { account, type: typeName }), { exact: true }),
  ).toBeVisible();
}

test.describe('agent contracts', () => {
  test('the demo agent offers a daily-wage contract, the downline accepts; a real-time salary is paid and both see the bill', async ({
    page,
    browser,
  }) => {
    test.setTimeout(600_000);
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
    await createInRegisterCentre(page, downline, downlinePassword, 2);

    // My contract: the operator's, paid by the platform.
    const wages = await openAgentPage(page, 'agentDailyWages2');
    await expect(wages.getByText(c('paid_by_platform'), { exact: false })).toBeVisible();

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
    await editor.getByRole('button', { name: c('send_offer'), exact: true }).click();
    await expect(editor.getByText(c('offer_sent', { account: downline }), { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row.getByText(c('status.P'), { exact: true })).toBeVisible();

    // The downline logs in and the offer dialog is there.
    const other = await (await browser.newContext()).newPage();
    await agentLogin(other, downline, downlinePassword);
    const dialog = other.getByRole('dialog', { name: c('title.daily'), exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('cell', { name: '2.50%', exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: c('accept'), exact: true }).click();
    await expect(dialog).toBeHidden();
    const mine = await openAgentPage(other, 'agentDailyWages2');
    await expect(mine.getByText(c('status.V'), { exact: true })).toBeVisible();
    await expect(
      mine.getByText(c('paid_by', { account: demo.agent.username }), { exact: false }),
    ).toBeVisible();
    await mine.getByRole('tab', { name: c('my_bills'), exact: true }).click();

    // The upline sees the contract in force.
    await page.reload();
    const again = await openAgentPage(page, 'agentDailyWages2');
    await again.getByRole('tab', { name: c('downline_contracts'), exact: true }).click();
    await expect(again.getByRole('row').filter({ hasText: downline }).getByText(c('status.V'))).toBeVisible();

    // ── Payment, with a real-time salary (a contract accepted mid-period starts with the next
    // period, docs/contracts.md; a day would be too long to wait, a 5-minute window is not) ───
    const rt = (win: number, loss: number, bet: number) => ({
      rt_win_rate: win,
      rt_loss_rate: loss,
      rt_bet_amount: bet,
    });
    const topRt = await page.request.put(`/ops/merchants/${merchantCode}/contracts/realtime/${agentId}`, {
      headers: { 'X-Ops-Key': opsApiKey },
      data: { rates: rt(0, 0, 0.02) },
    });
    expect(topRt.status(), await topRt.text()).toBe(200);
    const downlineToken = await memberToken(other);
    const downlineInfo = await other.request.get('/wps/member/info', {
      headers: { Authorization: downlineToken },
    });
    const downlineId = ((await downlineInfo.json()) as { value: { id: string } }).value.id;
    const offerRt = await page.request.post('/wps/agent/contracts/realtime/offer', {
      headers: { Authorization: token },
      data: { memberId: downlineId, rates: rt(0, 0, 0.01) },
    });
    expect(offerRt.status(), await offerRt.text()).toBe(200);
    const pendingRt = await other.request.get('/wps/agent/contracts/realtime/mine', {
      headers: { Authorization: downlineToken },
    });
    const pendingId = ((await pendingRt.json()) as { value: { pending: { id: string } | null } }).value
      .pending?.id;
    expect(pendingId, await pendingRt.text()).toBeTruthy();
    const acceptRt = await other.request.post('/wps/relay/MCSFE_processRealTimeSalaryContract', {
      headers: { Authorization: downlineToken },
      data: { contractId: pendingId, status: 'A' },
    });
    expect(acceptRt.status(), await acceptRt.text()).toBe(200);
    const WINDOW = 5 * 60_000;
    const windowStart = Math.ceil(Date.now() / WINDOW) * WINDOW;

    // A member under the downline, logged in on the player site.
    const player = uniqueUsername('cp');
    const playerPassword = password('p');
    await createInRegisterCentre(other, player, playerPassword, 0);
    const playerContext = await browser.newContext();
    await playerContext.addInitScript(() => {
      sessionStorage.setItem('popupClosedAnon', 'closed');
      sessionStorage.setItem('popupClosedUser', 'closed');
    });
    const playerPage = await playerContext.newPage();
    await playerPage.goto('/');
    await logIn(playerPage, player, playerPassword);
    const playerToken = await memberToken(playerPage);
    await adjust(page.request, player, '500');
    const gameUrl = await launchGameUrl(playerPage.request, playerToken, 'AUR_AURORA_DICE', 1);
    const gameToken = new URL(gameUrl, 'http://x').searchParams.get('token')!;

    // The first window the contract is in force for: it plays three dice rolls of 100.00 there.
    await page.waitForTimeout(Math.max(0, windowStart + 1_500 - Date.now()));
    for (let i = 0; i < 3; i++) {
      const roll = await playerPage.request.post('/house/api/play', {
        headers: { 'X-Game-Token': gameToken },
        data: { action: 'play', stake: '10000', params: { target: 5000, direction: 'over' } },
      });
      expect(roll.status(), await roll.text()).toBe(200);
    }
    await playerContext.close();

    // The window ends (the test clock moves past its end and the 30-second grace); a job run pays
    // (this call, or the real-time job if it ran first: nothing is paid twice either way).
    const moved = await page.request.post('/dev/clock', {
      data: { advanceMs: Math.max(0, windowStart + WINDOW + 32_000 - Date.now()) },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    const settled = await page.request.post(`/ops/merchants/${merchantCode}/contracts/realtime/settle`, {
      headers: { 'X-Ops-Key': opsApiKey },
    });
    expect(settled.status(), await settled.text()).toBe(200);

    // The downline's bill: 1 % of the 300.00 its team staked = 3.00, issued, paid by the demo agent.
    await other.reload();
    const mineRt = await openAgentPage(other, 'agentRealtimeSalary');
    await mineRt.getByRole('tab', { name: c('my_bills'), exact: true }).click();
    const myBill = mineRt.getByRole('row').filter({ hasText: downline });
    await expect(myBill).toHaveCount(1);
    await expect(myBill.getByRole('cell', { name: '$300.00', exact: true })).toBeVisible();
    await expect(myBill.getByRole('cell', { name: '$3.00', exact: true })).toHaveCount(2); // amount, paid
    await expect(myBill.getByText(c('bill_status.issued'), { exact: true })).toBeVisible();
    await expect(myBill.getByRole('cell', { name: demo.agent.username, exact: true })).toBeVisible();

    // The upline sees the same bill among those it pays.
    await page.reload();
    const paying = await openAgentPage(page, 'agentRealtimeSalary');
    await paying.getByRole('tab', { name: c('downline_bills'), exact: true }).click();
    const theirBill = paying.getByRole('row').filter({ hasText: downline });
    await expect(theirBill).toHaveCount(1);
    await expect(theirBill.getByRole('cell', { name: '$3.00', exact: true })).toHaveCount(2);

    // And the ledger: the downline received 3.00 as a real-time salary, the demo agent paid it.
    const received = (await memberTransactions(other.request, downlineToken)).list.filter(
      (r) => r.kind === 'REALTIME_SALARY',
    );
    expect(received.map((r) => r.amount)).toEqual([3]);
    const paid = (await memberTransactions(page.request, token, 50)).list.filter(
      (r) => r.kind === 'REALTIME_SALARY' && r.amount === -3,
    );
    expect(paid).toHaveLength(1);
  });
});
