import { type Page, expect, test } from '@playwright/test';
import {
  expectLoggedIn,
  openLogin,
  submitLogin,
  memberToken,
  merchantCode,
  opsApiKey,
  password,
  registerByUsername,
  uniqueUsername,
  walletBalance,
  withoutAnnouncementPopups,
} from '../support';

/**
 * Live chat rooms (docs/chat.md) with two people in two browsers: the demo host (seeded online
 * with a welcome) and a new member who finds the host on the live centre, chats, is answered live,
 * tips through the wallet (the brand keeping its 20 %), and is muted by the host.
 */

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const thread = (page: Page) => page.getByRole('list', { name: 'Messages', exact: true });

test('a member chats with a host, tips, and the host moderates', async ({ browser }) => {
  test.setTimeout(180_000);
  const fanContext = await browser.newContext();
  await withoutAnnouncementPopups(fanContext);
  const fan = await fanContext.newPage();
  const username = uniqueUsername('fan');
  await registerByUsername(fan, username, password('f'));
  const funded = await fan.request.post(`/ops/merchants/${merchantCode}/adjustments`, {
    headers: { 'x-ops-key': opsApiKey },
    data: { account: username, amount: 100, reason: 'chat test funds', requestId: `chat-${username}` },
  });
  expect(funded.status()).toBe(200);

  // The live centre lists the hosts; the fan enters Luna's room.
  await fan.goto('/live');
  const hosts = fan.getByRole('region', { name: 'Live hosts' });
  await expect(hosts.getByText('Luna', { exact: true })).toBeVisible();
  await hosts.getByRole('button', { name: "Enter Luna's room" }).click();
  await expect(fan).toHaveURL(/\/chatRoom\/\d+$/);
  const roomUrl = new URL(fan.url()).pathname;
  await expect(thread(fan).getByText('Welcome to my room!', { exact: false })).toBeVisible();

  // The host, in another browser, opens the same room.
  const hostContext = await browser.newContext();
  await withoutAnnouncementPopups(hostContext);
  const host = await hostContext.newPage();
  await host.goto('/');
  // The account menu shows the host's nickname, not its account.
  await submitLogin(await openLogin(host), 'demohost', 'demo1234');
  await expectLoggedIn(host, 'Luna');
  const hostToken = await memberToken(host);
  const hostBefore = (await walletBalance(host.request, hostToken)).sumBalance;
  await host.goto(roomUrl);
  await expect(host.getByRole('button', { name: /Go (offline|online)/ })).toBeVisible();

  await composer(fan).fill('Hello Luna, which table tonight?');
  await fan.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(thread(host).getByText('Hello Luna, which table tonight?')).toBeVisible();
  await composer(host).fill('Velvet Baccarat — the big road is streaky!');
  await host.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(thread(fan).getByText('Velvet Baccarat — the big road is streaky!')).toBeVisible();

  // A tip: 5.00 from the fan; the host receives 4.00.
  await fan.getByRole('button', { name: 'Tip', exact: true }).click();
  const tip = fan.getByRole('form', { name: 'Tip the host' });
  await tip.getByRole('textbox', { name: /Amount/ }).fill('5');
  await tip.getByRole('button', { name: 'Send tip' }).click();
  await expect(thread(host).getByText(/sent a tip of \$5\.00/)).toBeVisible();
  const fanToken = await memberToken(fan);
  expect((await walletBalance(fan.request, fanToken)).sumBalance).toBe(95);
  expect((await walletBalance(host.request, hostToken)).sumBalance).toBeCloseTo(hostBefore + 4, 2);

  // The host mutes the fan, whose next message is refused.
  const fanLine = thread(host).getByRole('listitem').filter({ hasText: 'Hello Luna, which table tonight?' });
  await fanLine.getByRole('button', { name: 'Mute 10 min' }).click();
  await expect(host.getByText(/is muted for 10 minutes/)).toBeVisible();
  await composer(fan).fill('still there?');
  await fan.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(fan.getByText('You are muted in this room for now.')).toBeVisible();

  // On a phone.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  // The same session on the phone (the site takes a token from the address).
  await phone.goto(`/?token=${encodeURIComponent(fanToken)}`);
  await expect(phone.getByRole('button', { name: 'Log in' })).toHaveCount(0);
  await phone.goto(roomUrl);
  await expect(thread(phone).getByText('Hello Luna, which table tonight?')).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(
    false,
  );
  await phone.context().close();
  await fanContext.close();
  await hostContext.close();
});
