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
 * Three-card (docs/pvp.md) with two players in two browsers: both buy in and ante, one looks at
 * their cards off turn (only they see them), the first calls blind, the seen player pays twice,
 * then the first compares hands: both see both hands and the same winner, and the wallets end at
 * what the stacks say after cashing out.
 */

const ROOM = 'PVP_ZJH_1';

test('two players play a three-card hand to a comparison', async ({ browser }) => {
  test.setTimeout(180_000);
  const players: { page: Page; token: string; name: string }[] = [];
  for (const tag of ['za', 'zb']) {
    const context = await browser.newContext();
    await withoutAnnouncementPopups(context);
    const page = await context.newPage();
    const username = uniqueUsername(tag);
    await registerByUsername(page, username, password(tag));
    const funded = await page.request.post(`/ops/merchants/${merchantCode}/adjustments`, {
      headers: { 'x-ops-key': opsApiKey },
      data: { account: username, amount: 150, reason: 'three-card test funds', requestId: `zjh-${username}` },
    });
    expect(funded.status()).toBe(200);
    await page.goto(`/pvp/${ROOM}`);
    const form = page.getByRole('form', { name: 'Take a seat' });
    await form.getByRole('textbox', { name: /Buy-in/ }).fill('100');
    await form.getByRole('button', { name: 'Take a seat' }).click();
    await expect(page.getByRole('button', { name: 'Leave and cash out' })).toBeVisible();
    const name = (await page.locator('.pvp-seat--mine .pvp-seat__name').textContent()) ?? '';
    players.push({ page, token: await memberToken(page), name });
  }

  const turn = (p: Page) => p.getByRole('region', { name: 'Your turn' });
  await expect
    .poll(async () => (await turn(players[0]!.page).count()) + (await turn(players[1]!.page).count()), {
      timeout: 30_000,
    })
    .toBe(1);
  const first = (await turn(players[0]!.page).count()) === 1 ? players[0]! : players[1]!;
  const second = first === players[0] ? players[1]! : players[0]!;
  const faceUp = (p: Page, seat: string) => p.locator(`${seat} [data-card]`);

  // Nobody has seen a card; the second player looks off turn and sees their own three alone.
  await expect(faceUp(first.page, '.pvp-seat')).toHaveCount(0);
  await second.page
    .getByRole('region', { name: 'Your cards' })
    .getByRole('button', { name: 'Look at my cards' })
    .click();
  await expect(faceUp(second.page, '.pvp-seat--mine')).toHaveCount(3);
  await expect(first.page.locator('.pvp-seat__eye--seen')).toHaveCount(1);
  await expect(faceUp(first.page, '.pvp-seat')).toHaveCount(0);

  // The first calls blind (the ante's price); the seen player's call costs twice that.
  await turn(first.page)
    .getByRole('button', { name: /^Call .*1\.00/ })
    .click();
  await expect(turn(second.page).getByRole('button', { name: /^Call .*2\.00/ })).toBeVisible();
  await turn(second.page).getByRole('button', { name: /^Call/ }).click();

  // Round two: the first compares with the second; both see both hands and the same result.
  await turn(first.page)
    .getByRole('button', { name: new RegExp(`^Compare with ${second.name.replace(/[*]/g, '\\*')}`) })
    .click();
  for (const p of players) {
    await expect(p.page.locator('.pvp-status')).toHaveText('Hand settled', { timeout: 20_000 });
    await expect(p.page.locator('.pvp-compares li')).toHaveCount(1);
    await expect(faceUp(p.page, '.pvp-seat')).toHaveCount(6);
  }
  expect(await first.page.locator('.pvp-compares').textContent()).toBe(
    await second.page.locator('.pvp-compares').textContent(),
  );
  await expect(first.page.getByText('Lost the comparison').first()).toBeVisible();

  for (const p of players) {
    const table = (await (
      await p.page.request.get(`/pvp/table?tableCode=${ROOM}`, { headers: { Authorization: p.token } })
    ).json()) as { value: { seats: { mine: boolean; stack: string }[] } };
    const mine = table.value.seats.find((s) => s.mine);
    await p.page.getByRole('button', { name: 'Leave and cash out' }).click();
    await expect(p.page.getByText(/Cashed out|You leave once this hand is settled/).first()).toBeVisible();
    await expect
      .poll(async () => Math.round((await walletBalance(p.page.request, p.token)).sumBalance * 100))
      .toBe(5_000 + Number(mine?.stack ?? 0));
  }
  for (const p of players) await p.page.context().close();
});
