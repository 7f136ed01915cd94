import { type Page, expect, test } from '@playwright/test';
import {
  demo,
  en,
  field,
  enPattern,
  header,
  merchantCode,
  openAccountMenu,
  opsApiKey,
  password,
  pathOf,
  registerByUsername,
  uniqueUsername,
  withoutAnnouncementPopups,
} from '../support';

const operator = demo.operator;

/** Resolves once the page's real-time socket has its Socket.IO connect acknowledgement. */
function socketConnected(page: Page) {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).pathname.startsWith('/ws/'))
      ws.on('framereceived', (f) => frames.push(String(f.payload)));
  });
  return () => expect.poll(() => frames.some((f) => f.startsWith('40')), { timeout: 15_000 }).toBe(true);
}

test.describe('in-site messages', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('an operator’s message raises the player’s badge without a reload and reads in messageV2', async ({
    page,
    browser,
  }) => {
    test.slow();
    const connected = socketConnected(page);
    const username = uniqueUsername('ib');
    await registerByUsername(page, username, password('i'));
    await connected();
    const badge = header(page).getByTestId('avatar-unread');
    await expect(badge).toHaveCount(0);
    // From here on the page must not reload: the badge comes from the socket.
    let loads = 0;
    page.on('load', () => (loads += 1));

    const title = `Welcome bonus ${Date.now() % 1e5}`;
    const opsContext = await browser.newContext();
    try {
      const ops = await opsContext.newPage();
      await ops.goto('/ops');
      const login = ops.getByRole('region', { name: en('operator', 'login_title'), exact: true });
      await field(login, en('operator', 'username')).fill(operator.username);
      await field(login, en('operator', 'password')).fill(operator.password);
      await login.getByRole('button', { name: en('operator', 'login'), exact: true }).click();
      await ops.getByRole('link', { name: en('operator', 'nav.messages'), exact: true }).click();

      const compose = ops.getByRole('region', { name: en('operator', 'inbox.compose'), exact: true });
      await expect(compose).toBeVisible();
      await compose
        .getByLabel(en('operator', 'inbox.target'))
        .selectOption({ label: en('operator', 'inbox.target_member') });
      await field(compose, en('operator', 'inbox.member_account')).fill(username);
      await field(compose, en('operator', 'inbox.title')).fill(title);
      await field(compose, en('operator', 'inbox.content')).fill(
        '<p>Your <b>bonus</b> is ready.</p><script>document.title="owned"</script>' +
          '<a href="javascript:alert(1)" onclick="alert(2)">claim</a>',
      );
      // The player's toast lasts a few seconds: watch for it from before the send.
      const toast = expect(
        page.getByText(en('inbox', 'new_message', { title }), { exact: true }),
      ).toBeVisible({
        timeout: 20_000,
      });
      await compose.getByRole('button', { name: en('operator', 'inbox.send'), exact: true }).click();
      await expect(compose.getByRole('status')).toHaveText(
        en('operator', 'inbox.sent_result_one', { count: 1 }),
      );

      // Meanwhile, in the player's browser: a toast and the badge, and no reload.
      await toast;
      await expect(badge).toHaveText('1');
      expect(loads).toBe(0);

      const list = ops.getByRole('region', { name: en('operator', 'inbox.sent_messages'), exact: true });
      await expect(list.getByRole('row').filter({ hasText: title })).toContainText(username);
      await ops.evaluate(() => window.scrollTo(0, 0));
    } finally {
      await opsContext.close();
    }

    // Avatar menu → Internal Message → the member centre's messageV2.
    const menu = await openAccountMenu(page);
    const entry = menu.getByRole('menuitem', { name: new RegExp(en('common', 'in_platform_information')) });
    await expect(entry).toContainText('1');
    await entry.click();
    await expect.poll(() => pathOf(page)).toBe('/member');
    const panel = page.getByRole('region', { name: en('member', 'messageV2'), exact: true });
    const messages = panel.getByRole('list', { name: en('inbox', 'messages'), exact: true });
    const row = messages.getByRole('button', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expect(
      panel.getByText(en('inbox', 'unread_count_one', { count: 1 }), { exact: true }),
    ).toBeVisible();
    await row.click();
    const body = messages.locator('.inbox-message__body');
    await expect(body).toContainText('Your bonus is ready.');
    await expect(body.locator('b')).toHaveText('bonus');
    expect(await body.innerHTML()).not.toMatch(/script|onclick|javascript:/i);
    expect(await page.title()).not.toBe('owned');
    // Opening it read it: the badges go.
    await expect(panel.getByText(en('inbox', 'all_read'), { exact: true })).toBeVisible();
    await expect(badge).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  test('the agent messages its own team from the platform messages panel', async ({ page }) => {
    test.slow();
    // Something in the agent's own inbox first: a message from the operator (break-glass key).
    const sent = await page.request.post(`/ops/merchants/${merchantCode}/inbox/messages`, {
      headers: { 'X-Ops-Key': opsApiKey },
      data: {
        target: 'member',
        account: demo.agent.username,
        title: 'New commission table',
        content:
          '<p>From next month the <b>commission table</b> changes. <a href="https://example.com/table">Details</a></p>',
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await page.goto('/agent');
    const card = page.getByRole('region', { name: en('auth', 'login_title'), exact: true });
    await field(card, en('auth', 'agent_account')).fill(demo.agent.username);
    await field(card, en('auth', 'password')).fill(demo.agent.password);
    await card.getByRole('button', { name: en('auth', 'login_submit'), exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/agentHome');

    const nav = page.getByRole('navigation', { name: en('agent', 'agent_center'), exact: true });
    // Its name carries the unread badge once the count has arrived ("Platform Messages (1 new)").
    await nav
      .getByRole('button', { name: new RegExp(`^${en('agent', 'platformMessages')}(\\s*\\(\\d+ new\\))?$`) })
      .click();
    const compose = page.getByRole('region', { name: en('inbox', 'send_to_team'), exact: true });
    await expect(compose).toBeVisible();
    await compose
      .getByLabel(en('inbox', 'recipients'))
      .selectOption({ label: en('inbox', 'agent_target.member') });
    await field(compose, en('inbox', 'member_account')).fill('nobody-in-this-team');
    await field(compose, en('inbox', 'title')).fill('Weekend tournament');
    await field(compose, en('inbox', 'content')).fill('Join us on Saturday.\nPrizes for the top three.');
    await compose.getByRole('button', { name: en('inbox', 'send'), exact: true }).click();
    // Outside the team: refused as if it did not exist.
    await expect(compose.getByRole('alert')).toBeVisible();

    await compose
      .getByLabel(en('inbox', 'recipients'))
      .selectOption({ label: en('inbox', 'agent_target.all') });
    await compose.getByRole('button', { name: en('inbox', 'send'), exact: true }).click();
    const sentList = page.getByRole('region', { name: en('inbox', 'sent_messages'), exact: true });
    await expect(sentList.getByText('Weekend tournament', { exact: true })).toBeVisible();

    // The agent's own inbox: the operator's message, opened.
    const inbox = page.getByRole('list', { name: en('inbox', 'messages'), exact: true });
    await inbox.getByRole('button', { name: /New commission table/ }).click();
    await expect(inbox.getByRole('link', { name: 'Details' })).toHaveAttribute('target', '_blank');
    await expect(page.getByText(enPattern('inbox', 'sent_to_other'))).toBeHidden({ timeout: 10_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
  });
});
