import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
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
 * Card rooms (docs/pvp.md) with two players in two browsers: they find the bull-bull room on
 * /pvp, buy in, play a hand against each other (one banks, the other bets ×2), see the same deal
 * and results, verify the hand, and cash out what their stacks say.
 */

const ROOM = 'PVP_NIUNIU_1';

async function fund(request: APIRequestContext, account: string) {
  const res = await request.post(`/ops/merchants/${merchantCode}/adjustments`, {
    headers: { 'x-ops-key': opsApiKey },
    data: { account, amount: 300, reason: 'card room test funds', requestId: `pvp-${account}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const status = (page: Page) => page.locator('.pvp-status');

test('two players sit at a bull-bull room, play a hand, verify it and cash out', async ({ browser }) => {
  test.setTimeout(180_000);
  const players: { page: Page; token: string }[] = [];
  for (const tag of ['pa', 'pb']) {
    const context = await browser.newContext();
    await withoutAnnouncementPopups(context);
    const page = await context.newPage();
    const username = uniqueUsername(tag);
    await registerByUsername(page, username, password(tag));
    await fund(page.request, username);
    players.push({ page, token: await memberToken(page) });
  }
  const [a, b] = players as [(typeof players)[0], (typeof players)[0]];

  // The first finds the room on the card games centre; the second comes by its address.
  await a.page.goto('/pvp');
  const card = a.page.getByRole('article', { name: 'Bull-Bull Room', exact: true });
  await card.hover();
  await card.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(a.page).toHaveURL(new RegExp(`/pvp/${ROOM}$`));
  await b.page.goto(`/pvp/${ROOM}`);

  for (const p of [a, b]) {
    const form = p.page.getByRole('form', { name: 'Take a seat' });
    await form.getByRole('textbox', { name: /Buy-in/ }).fill('100');
    await form.getByRole('button', { name: 'Take a seat' }).click();
    await expect(p.page.getByRole('button', { name: 'Leave and cash out' })).toBeVisible();
  }
  for (const p of [a, b]) expect((await walletBalance(p.page.request, p.token)).sumBalance).toBe(200);

  // A hand opens; whoever is not the banker bets ×2.
  await expect(status(a.page)).toContainText('Choose your bet', { timeout: 30_000 });
  const bettor = (await a.page.getByText('You are the banker this hand').count()) > 0 ? b : a;
  await bettor.page.getByRole('radio', { name: '×2' }).click();
  await expect(bettor.page.getByRole('radio', { name: '×2' })).toHaveAttribute('aria-checked', 'true');

  for (const p of [a, b]) await expect(status(p.page)).toHaveText('Hand settled', { timeout: 40_000 });
  const hands = async (p: Page) => (await p.locator('.pvp-seat__hand').allTextContents()).join(' | ');
  expect(await hands(a.page)).toBe(await hands(b.page));
  expect(await hands(a.page)).toMatch(/×\d/);
  await a.page.getByRole('button', { name: /^Verify hand \d+$/ }).click();
  await expect(a.page.getByText(/Verified: the seed matches/)).toBeVisible();

  // Cash out: each wallet ends at 200 plus the stack it leaves with.
  for (const p of [a, b]) {
    const table = (await (
      await p.page.request.get(`/pvp/table?tableCode=${ROOM}`, { headers: { Authorization: p.token } })
    ).json()) as {
      value: { seats: { mine: boolean; stack: string }[]; hand: { status: string } };
    };
    const mine = table.value.seats.find((s) => s.mine)!;
    await p.page.getByRole('button', { name: 'Leave and cash out' }).click();
    await expect(p.page.getByText(/Cashed out|You leave once this hand is settled/).first()).toBeVisible();
    if (table.value.hand.status !== 'dealing')
      await expect
        .poll(async () => Math.round((await walletBalance(p.page.request, p.token)).sumBalance * 100))
        .toBe(20_000 + Number(mine.stack));
  }

  // A phone shows the room without sideways scrolling.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(`/pvp/${ROOM}`);
  await expect(status(phone)).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(
    false,
  );
  await phone.context().close();
  for (const p of players) await p.page.context().close();
});
