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
 * The house live tables (docs/live.md) with three players in three browsers: they sit at the same
 * baccarat table, see the same round and each other's totals, bet through the real wallet, watch
 * the same deal and are paid what the round's result says; the round's seed verifies in the page.
 */

interface LiveBet {
  roundId: string;
  spot: string;
  stake: string;
  payout: string;
  status: string;
}

const TABLE = 'LIVE_BACCARAT_1';

async function fund(request: APIRequestContext, account: string, amount: number) {
  const res = await request.post(`/ops/merchants/${merchantCode}/adjustments`, {
    headers: { 'x-ops-key': opsApiKey },
    data: { account, amount, reason: 'live table test funds', requestId: `live-${account}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The table's status line (a role=status pill). */
const status = (page: Page) => page.locator('.live-status');

/** Waits for a round taking bets with at least `seconds` left. */
async function awaitBetting(page: Page, seconds = 7) {
  await expect
    .poll(
      async () => {
        const text = (await status(page).textContent()) ?? '';
        const m = /Place your bets · (\d+) s/.exec(text);
        return m ? Number(m[1]) : 0;
      },
      { timeout: 45_000, intervals: [250] },
    )
    .toBeGreaterThanOrEqual(seconds);
}

test.describe('live tables', () => {
  test('three players at one baccarat table see the same round, bet, watch the deal and are paid', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const players: { page: Page; token: string; username: string }[] = [];
    for (const tag of ['la', 'lb', 'lc']) {
      const context = await browser.newContext();
      await withoutAnnouncementPopups(context);
      const page = await context.newPage();
      const username = uniqueUsername(tag);
      await registerByUsername(page, username, password(tag));
      await fund(page.request, username, 500);
      players.push({ page, token: await memberToken(page), username });
    }

    // The first player finds the table in the lobby's live centre; the others come by its address.
    const first = players[0]!.page;
    await first.goto('/live');
    const card = first.getByRole('article', { name: 'Velvet Baccarat', exact: true });
    await card.hover();
    await card.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(first).toHaveURL(new RegExp(`/live/${TABLE}$`));
    for (const p of players.slice(1)) await p.page.goto(`/live/${TABLE}`);
    for (const p of players)
      await expect(p.page.getByRole('heading', { name: 'Velvet Baccarat' })).toBeVisible();

    await awaitBetting(first);
    const roundText = await first.locator('.live-table__round').textContent();
    for (const p of players) await expect(p.page.locator('.live-table__round')).toHaveText(roundText!);

    // Each player stakes a 10 chip (the third chip: 1, 5, 10) on a different spot.
    const spots = ['player', 'banker', 'tie'];
    for (const [i, p] of players.entries()) {
      await p.page.getByRole('radio', { name: '10', exact: true }).click();
      await p.page.locator(`[data-spot="${spots[i]}"]`).click();
      await p.page.getByRole('button', { name: 'Place bets', exact: true }).click();
      await expect(p.page.getByText('Bets placed').first()).toBeVisible();
    }
    // Everyone sees the table's totals: three players, 10 on each spot.
    for (const p of players) {
      await expect(p.page.locator('.live-table__players')).toHaveText('3 players betting');
      for (const spot of spots)
        await expect(p.page.locator(`[data-spot="${spot}"] .live-spot__total`)).toContainText('10.00');
    }

    // No more bets, the deal, the settlement — the same on every screen.
    for (const p of players) await expect(status(p.page)).toHaveText('Round settled', { timeout: 40_000 });
    const winner = await first.locator('.live-winner').textContent();
    for (const p of players) await expect(p.page.locator('.live-winner')).toHaveText(winner!);

    // Paid exactly what the bets say, through the wallet.
    for (const p of players) {
      const res = await p.page.request.get(`/live/bets?tableCode=${TABLE}`, {
        headers: { Authorization: p.token },
      });
      const bets = ((await res.json()) as { value: { list: LiveBet[] } }).value.list;
      expect(bets).toHaveLength(1);
      expect(['won', 'lost', 'refunded']).toContain(bets[0]!.status);
      const balance = await walletBalance(p.page.request, p.token);
      expect(Math.round(balance.sumBalance * 100)).toBe(50_000 - 1_000 + Number(bets[0]!.payout));
    }

    // The revealed seed verifies in the browser.
    await first.getByRole('button', { name: /^Verify round \d+$/ }).click();
    await expect(first.getByText(/Verified: the seed matches/)).toBeVisible();
    for (const p of players) await p.page.context().close();
  });

  test('every table on a desktop and a phone, dark and light', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    for (const code of ['LIVE_DRAGON_TIGER', 'LIVE_SIC_BO', 'LIVE_ROULETTE']) {
      await page.goto(`/live/${code}`);
      await expect(page.locator('.live-status')).toBeVisible();
      // A visitor watches and is asked to sign in to bet.
      await expect(page.getByRole('button', { name: 'Sign in to bet' })).toBeVisible();
      await phone.goto(`/live/${code}`);
      await expect(phone.locator('.live-status')).toBeVisible();
      const overflow = await phone.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth + 1,
      );
      expect(overflow, `${code} fits a 390-px screen`).toBe(false);
    }
    await phone.context().close();
    await page.goto('/live');
    await expect(page.getByText('Velvet Roulette', { exact: true }).first()).toBeVisible();
  });
});
