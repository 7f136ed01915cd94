import { type Page, expect, test } from '@playwright/test';
import {
  en,
  expectLoggedOut,
  field,
  headerBalance,
  logOut,
  memberToken,
  money,
  password,
  registerByUsername,
  uniqueUsername,
  walletBalance,
  withoutAnnouncementPopups,
} from '../support';

/** The demo operator (seed): admin of every brand, for the operator page at /ops. */
const operator = { username: 'demoops', password: 'demo-operator-123' };

/**
 * Records the frames the page's real-time socket receives (attached when the socket opens, so
 * none is missed) and resolves `connected` on Socket.IO's connect acknowledgement (`40{…}`).
 */
function watchSocket(page: Page) {
  const frames: string[] = [];
  let closed = false;
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith('/ws/')) return;
    ws.on('framereceived', (f) => frames.push(String(f.payload)));
    ws.on('close', () => (closed = true));
  });
  return {
    frames,
    connected: () =>
      expect.poll(() => frames.some((f) => f.startsWith('40')), { timeout: 15_000 }).toBe(true),
    closed: () => closed,
  };
}

test.describe('real-time: the site follows what happens elsewhere without a reload', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('an operator adjustment moves the player’s header balance live', async ({ page, browser }) => {
    test.slow();
    const socket = watchSocket(page);
    const username = uniqueUsername('rt');
    await registerByUsername(page, username, password('r'));
    const token = await memberToken(page);
    const start = await walletBalance(page.request, token);
    const fmt = (v: number) => money(v, { symbol: start.currencySymbol, scale: start.currencyScale });
    await expect(headerBalance(page)).toHaveText(fmt(0));
    await socket.connected();

    // From here on the header must change without asking the balance API again.
    const balanceCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/wps/v2/wallets/balance') balanceCalls.push(r.url());
    });

    // The operator, in another browser context, adjusts the player's wallet from the back office.
    const opsContext = await browser.newContext();
    try {
      const ops = await opsContext.newPage();
      await ops.goto('/ops');
      const login = ops.getByRole('region', { name: en('operator', 'login_title'), exact: true });
      await field(login, en('operator', 'username')).fill(operator.username);
      await field(login, en('operator', 'password')).fill(operator.password);
      await login.getByRole('button', { name: en('operator', 'login'), exact: true }).click();
      const card = ops.getByRole('region', { name: en('operator', 'adjustment'), exact: true });
      await expect(card).toBeVisible();
      await field(card, en('operator', 'member_account')).fill(username);
      await field(card, en('operator', 'amount_signed', { symbol: start.currencySymbol })).fill('25.5');
      await field(card, en('operator', 'reason')).fill('goodwill credit, ticket 77');
      await card.getByRole('button', { name: en('operator', 'adjust'), exact: true }).click();
      const confirm = ops.getByRole('alertdialog');
      await confirm.getByRole('button', { name: en('operator', 'adjust'), exact: true }).click();
      await expect(card.getByRole('status')).toBeVisible();
    } finally {
      await opsContext.close();
    }

    await expect(headerBalance(page)).toHaveText(fmt(25.5));
    expect(balanceCalls, 'the header balance came from the socket event, not a refetch').toEqual([]);
    expect((await walletBalance(page.request, token)).sumBalance).toBe(25.5);
  });

  test('logging out in one tab ends the other tab’s socket and session', async ({ page, context }) => {
    test.slow();
    const username = uniqueUsername('rtl');
    await registerByUsername(page, username, password('l'));
    const token = await memberToken(page);

    // A second tab of the same session (the site takes a token from the URL).
    const other = await context.newPage();
    const socket = watchSocket(other);
    await other.goto(`/?token=${encodeURIComponent(token)}`);
    await expect(headerBalance(other)).toBeVisible();
    await socket.connected();

    await logOut(page);

    // No reload of the other tab: the server's session.ended logs it out and closes its socket.
    await expect.poll(() => socket.frames.some((f) => f.includes('"session.ended"'))).toBe(true);
    await expectLoggedOut(other);
    await expect.poll(() => socket.closed()).toBe(true);
    expect(await other.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  test('a visitor opens no socket', async ({ page }) => {
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto('/');
    await expectLoggedOut(page);
    await page.waitForLoadState('networkidle');
    expect(sockets).toEqual([]);
  });
});
