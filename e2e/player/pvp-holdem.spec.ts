import { type Page, expect, test } from '@playwright/test';
import {
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
 * Hold'em (docs/pvp.md) with two players in two browsers: both buy in, the one to act goes all in,
 * the other calls, the board runs out to a showdown both see the same way, and the wallets end at
 * what the stacks say after cashing out.
 */

const ROOM = 'PVP_HOLDEM_1';

test("two players play a hold'em hand to showdown", async ({ browser }) => {
  test.setTimeout(180_000);
  const players: { page: Page; token: string }[] = [];
  for (const tag of ['ha', 'hb']) {
    const context = await browser.newContext();
    await withoutAnnouncementPopups(context);
    const page = await context.newPage();
    const username = uniqueUsername(tag);
    await registerByUsername(page, username, password(tag));
    const funded = await page.request.post(`/ops/merchants/${merchantCode}/adjustments`, {
      headers: { 'x-ops-key': opsApiKey },
      data: { account: username, amount: 100, reason: 'holdem test funds', requestId: `hold-${username}` },
    });
    expect(funded.status()).toBe(200);
    await page.goto(`/pvp/${ROOM}`);
    const form = page.getByRole('form', { name: 'Take a seat' });
    await form.getByRole('textbox', { name: /Buy-in/ }).fill('50');
    await form.getByRole('button', { name: 'Take a seat' }).click();
    await expect(page.getByRole('button', { name: 'Leave and cash out' })).toBeVisible();
    players.push({ page, token: await memberToken(page) });
  }

  // Whoever is to act goes all in; the other calls.
  const turn = (p: Page) => p.getByRole('region', { name: 'Your turn' });
  await expect
    .poll(async () => (await turn(players[0]!.page).count()) + (await turn(players[1]!.page).count()), {
      timeout: 30_000,
    })
    .toBe(1);
  const first = (await turn(players[0]!.page).count()) === 1 ? players[0]! : players[1]!;
  const second = first === players[0] ? players[1]! : players[0]!;
  await turn(first.page)
    .getByRole('button', { name: /^All in/ })
    .click();
  await expect(turn(second.page)).toBeVisible();
  // A dropped connection: the second player reloads and is back in the same seat with the same cards.
  const mine = (p: Page) =>
    p
      .locator('.pvp-seat--mine [data-card]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
  const before = await mine(second.page);
  expect(before).toHaveLength(2);
  await second.page.reload();
  await expect(turn(second.page)).toBeVisible();
  expect(await mine(second.page)).toEqual(before);
  await turn(second.page).getByRole('button', { name: /^Call/ }).click();

  // The showdown: five board cards and both hands, the same on both screens.
  for (const p of players) {
    await expect(p.page.locator('.pvp-status')).toHaveText('Hand settled', { timeout: 20_000 });
    await expect(p.page.locator('.pvp-board [data-card]')).toHaveCount(5);
  }
  const shown = async (p: Page) =>
    (
      await p
        .locator('.pvp-seat [data-card]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')))
    ).join(',');
  expect((await shown(first.page)).split(',')).toHaveLength(4);
  expect(await shown(first.page)).toBe(await shown(second.page));

  for (const p of players) {
    const table = (await (
      await p.page.request.get(`/pvp/table?tableCode=${ROOM}`, { headers: { Authorization: p.token } })
    ).json()) as {
      value: { seats: { mine: boolean; stack: string }[] };
    };
    const mine = table.value.seats.find((s) => s.mine);
    await p.page.getByRole('button', { name: 'Leave and cash out' }).click();
    await expect(p.page.getByText(/Cashed out|You leave once this hand is settled/).first()).toBeVisible();
    await expect
      .poll(async () => Math.round((await walletBalance(p.page.request, p.token)).sumBalance * 100))
      .toBe(5_000 + Number(mine?.stack ?? 0));
  }
  for (const p of players) await p.page.context().close();
});
