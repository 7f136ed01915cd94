import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { en, logInDemoPlayerQuietly, logInOperator, opsApiKey } from '../support';
import { MAIN, memberToken, walletBalance, walletOf } from '../support/wallet';

/**
 * The sportsbook end to end (docs/sportsbook.md): on a fresh install the simulator's fixtures are
 * on /sports; a member places a single, a three-leg parlay and a cockfight Meron bet through the
 * slip; the test clock (TEST_CLOCK=1) moves past the fixtures and the operator's pass plays them
 * out; the balance, the member's bets and the betting record agree.
 */

interface Bet {
  betId: string;
  kind: 'single' | 'parlay';
  stake: string;
  payout: string;
  status: string;
  legs: { result: string | null }[];
}

async function get<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { Authorization: token } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { value: T }).value;
}

const minor = (major: number) => Math.round(major * 100);

/** The scheduled events of the page, in order. */
const upcoming = (page: Page) => page.locator('article.sports-event--scheduled');

async function place(page: Page, stake: string) {
  const slip = page.getByRole('complementary', { name: 'Bet slip', exact: true });
  await slip.getByLabel(/Stake/).fill(stake);
  await slip.getByRole('button', { name: 'Place bet', exact: true }).click();
  await expect(page.getByText('Bet placed.').last()).toBeVisible();
  await expect(slip.getByText(/Pick a price/)).toBeAttached();
}

/** The first price of a market of an event card. */
const firstPick = (event: Locator, market: string) =>
  event.getByRole('group', { name: market, exact: true }).getByRole('button').first();

test.describe('sportsbook', () => {
  test('a single, a parlay and a cockfight bet are paid, played out, settled, and every record agrees', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await logInDemoPlayerQuietly(page);
    const token = await memberToken(page);
    const request = page.request;
    // The bets below are played out 2.5 hours of clock later, and the daily rebate pays a closed
    // day's bets: when earlier specs left the shared clock near midnight, start on the next day, and
    // pay yesterday's rebate now (idempotent; the job then pays nothing), so the wallet moves by
    // exactly the stakes and payouts.
    const now = await request.post('/dev/clock', { data: { advanceMs: 0 } });
    const untilMidnight = 86_400_000 - (Date.parse((await now.json()).value.now) % 86_400_000);
    if (untilMidnight < 3 * 3_600_000)
      expect(
        (await request.post('/dev/clock', { data: { advanceMs: untilMidnight + 60_000 } })).status(),
      ).toBe(200);
    const rebate = await request.post('/ops/merchants/demo/rebate/run', {
      headers: { 'x-ops-key': opsApiKey },
      data: { reason: 'settle the closed day before this test' },
    });
    expect(rebate.status(), await rebate.text()).toBe(200);
    const before = minor(walletOf(await walletBalance(request, token), MAIN));

    await page.goto('/sports');
    await expect(upcoming(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Football', exact: true }).click();
    const games = upcoming(page);
    await expect(games.nth(3)).toBeVisible();
    // A single on the first fixture's home side.
    await firstPick(games.nth(0), 'Match result').click();
    const slip = page.getByRole('complementary', { name: 'Bet slip', exact: true });
    await expect(slip.getByText('Single', { exact: true })).toBeVisible();
    await place(page, '10');
    // A parlay over the next three fixtures.
    for (const n of [1, 2, 3]) await firstPick(games.nth(n), 'Match result').click();
    await expect(slip.getByText('Parlay of 3')).toBeVisible();
    await slip.getByLabel(/Stake/).fill('5');
    await expect(slip.getByText(/Returns up to/)).toBeVisible();
    await slip.getByRole('button', { name: 'Place bet', exact: true }).click();
    await expect(page.getByText('Bet placed.').last()).toBeVisible();

    // Cockfight: its own tab; Meron on the next fight.
    await page.getByRole('tab', { name: 'Cockfight', exact: true }).click();
    await expect(upcoming(page).first()).toContainText('Meron');
    await upcoming(page)
      .first()
      .getByRole('button', { name: /^Meron/ })
      .click();
    await place(page, '2');

    const open = await get<{ list: Bet[] }>(request, token, '/sports/bets?status=open');
    expect(open.list.map((b) => b.kind).sort()).toEqual(['parlay', 'single', 'single']);

    // The clock moves past the fixtures (the latest parlay leg starts within the hour); the
    // operator's passes start them, play them out and settle.
    const ops = (url: string) => request.post(url, { headers: { 'x-ops-key': opsApiKey } });
    for (let i = 0; i < 2; i++) {
      expect((await request.post('/dev/clock', { data: { advanceMs: 75 * 60_000 } })).status()).toBe(200);
      expect((await ops('/ops/sports/run')).status()).toBe(200);
      expect((await ops('/ops/sports/run')).status()).toBe(200);
    }
    await expect
      .poll(async () => (await get<{ list: Bet[] }>(request, token, '/sports/bets?status=open')).list.length)
      .toBe(0);
    const settled = (await get<{ list: Bet[] }>(request, token, '/sports/bets?status=settled&pageSize=100'))
      .list;
    const mine = settled.filter((b) => open.list.some((o) => o.betId === b.betId));
    expect(mine).toHaveLength(3);
    for (const b of mine) {
      expect(['won', 'lost', 'void']).toContain(b.status);
      expect(b.legs.every((l) => l.result !== null) || b.status === 'lost').toBe(true);
    }
    const paid = mine.reduce((n, b) => n + Number(b.payout), 0);
    expect(minor(walletOf(await walletBalance(request, token), MAIN))).toBe(before - 1000 - 500 - 200 + paid);

    // The betting record holds each bet as a round with its stake and payout.
    const record = await get<{ list: { roundId: string; stake: number; payout: number }[] }>(
      request,
      token,
      '/wps/member/bets?pageSize=100',
    );
    for (const b of mine) {
      const row = record.list.find((r) => r.roundId === `S${b.betId}`);
      expect(row, `record of bet ${b.betId}`).toBeDefined();
      expect([minor(row!.stake), minor(row!.payout)]).toEqual([Number(b.stake), Number(b.payout)]);
    }
    await page.goto('/sports');
    const bets = page.getByRole('region', { name: 'My bets', exact: true });
    await bets.getByRole('tab', { name: 'Settled', exact: true }).click();
    await expect(bets.getByText('Parlay of 3')).toBeVisible();
    await page.goto('/esports');
    await expect(upcoming(page).first()).toBeVisible();

    // The operator's desk lists the book with its results.
    const opsContext = await browser.newContext();
    try {
      const desk = await opsContext.newPage();
      await logInOperator(desk);
      await desk.getByRole('link', { name: en('operator', 'nav.books'), exact: true }).click();
      const book = desk.getByRole('region', { name: 'Sportsbook', exact: true });
      await expect(book.getByRole('button', { name: 'Correct result' }).first()).toBeVisible();
      await book.scrollIntoViewIfNeeded();
    } finally {
      await opsContext.close();
    }
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('the book fits a 390-px screen and the slip is a sheet at the bottom', async ({ page }) => {
      await logInDemoPlayerQuietly(page);
      await page.goto('/sports');
      await expect(upcoming(page).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await firstPick(upcoming(page).first(), 'Match result').click();
      const slip = page.getByRole('complementary', { name: 'Bet slip', exact: true });
      await expect(slip).toBeInViewport();
      await page.getByRole('button', { name: 'Clear', exact: true }).click();
    });
  });
});
