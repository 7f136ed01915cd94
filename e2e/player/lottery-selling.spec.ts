import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { logInDemoPlayerQuietly } from '../support';
import { MAIN, memberToken, walletBalance, walletOf } from '../support/wallet';

/**
 * Lottery selling end to end (docs/lottery.md): a member bets lô and đề on /vnLottery, a 4D Big
 * on /seaLottery and a win-stop SSC chase on /lottery through the bet slip; the schedules' test
 * clock (TEST_CLOCK=1) moves past the draws; the balance, the betting record, the member's bets
 * and the results on the pages agree.
 */

interface Bet {
  betId: string;
  gameId: string;
  numero: string;
  playId: string;
  stake: string;
  payout: string;
  status: string;
  numbers: string[] | null;
}

async function get<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { Authorization: token } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { value: T }).value;
}

const minor = (major: number) => Math.round(major * 100);

/** Opens a game's tab, chooses a bet type, and places what `pick` selects. */
async function placeBet(page: Page, tab: string, betType: string, pick: (slip: Locator) => Promise<void>) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const slip = page.getByRole('region', { name: 'Bet slip', exact: true });
  await slip.getByLabel('Bet type', { exact: true }).selectOption({ label: betType });
  await pick(slip);
  await expect(slip.getByText(/unit\(s\) ×/)).not.toHaveText(/^0 unit/);
  await slip.getByRole('button', { name: 'Place bet', exact: true }).click();
  await expect(slip.getByRole('status')).toHaveText(/placed/);
}

test.describe('lottery selling', () => {
  test('lô, đề, a 4D Big and an SSC chase are paid, drawn, settled, and every record agrees', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await logInDemoPlayerQuietly(page);
    const token = await memberToken(page);
    const request = page.request;
    const before = minor(walletOf(await walletBalance(request, token), MAIN));
    const openBefore = (await get<{ list: Bet[] }>(request, token, '/lgw/bets?status=open&pageSize=100')).list
      .length;

    await page.goto('/vnLottery');
    for (const type of ['Lô (last two, any prize)', 'Đề (last two of the special)']) {
      await placeBet(page, '5-Minute VN Lottery', type, async (slip) => {
        await slip.getByLabel('Numbers of 2 digits, separated by spaces').fill('27 68');
      });
    }

    await page.goto('/seaLottery');
    await placeBet(page, '4D Lottery', 'Big', async (slip) => {
      await slip.getByLabel('Numbers of 4 digits, separated by spaces').fill('1234');
    });

    await page.goto('/lottery');
    await placeBet(page, '1-Minute Lotto 5D', 'Position digit', async (slip) => {
      const first = slip.getByRole('group', { name: '1st', exact: true });
      for (let d = 0; d <= 9; d++) await first.getByRole('button', { name: String(d), exact: true }).click();
      await slip.getByLabel('Issues', { exact: true }).selectOption({ label: 'Next 3 issues (chase)' });
      await expect(slip.getByRole('checkbox', { name: 'Stop the chase after a win' })).toBeChecked();
    });
    const mine = page.getByRole('region', { name: 'My bets', exact: true });
    await expect(mine.getByText('Awaiting draw')).toHaveCount(3);

    // Six open bets: two VN, one 4D, three issues of the chase; paid for now.
    const open = (await get<{ list: Bet[] }>(request, token, '/lgw/bets?status=open&pageSize=100')).list;
    expect(open).toHaveLength(openBefore + 6);
    const placed = open.slice(0, 6);
    const staked = placed.reduce((n, b) => n + Number(b.stake), 0);
    expect(minor(walletOf(await walletBalance(request, token), MAIN))).toBe(before - staked);

    // The test clock moves past the 4D draw (the latest of them); the schedule draws and settles.
    const sea = await get<{ currentNumero: { drawTime: string } }>(
      request,
      token,
      '/lgw/numeros/near?gameId=SEA_4D',
    );
    const clock = await (await request.post('/dev/clock', { data: { advanceMs: 0 } })).json();
    const ahead = Date.parse(sea.currentNumero.drawTime) - Date.parse(clock.value.now) + 2000;
    if (ahead > 0)
      expect((await request.post('/dev/clock', { data: { advanceMs: ahead } })).status()).toBe(200);
    await expect
      .poll(
        async () =>
          (await get<{ list: Bet[] }>(request, token, '/lgw/bets?status=open&pageSize=100')).list.length,
        {
          timeout: 90_000,
        },
      )
      .toBe(openBefore);

    const ids = new Set(placed.map((b) => b.betId));
    const settled = (
      await get<{ list: Bet[] }>(request, token, '/lgw/bets?status=settled&pageSize=100')
    ).list.filter((b) => ids.has(b.betId));
    expect(settled).toHaveLength(6);
    // Every digit of the first position was covered: the chase's first issue wins, the rest are refunded.
    const chase = settled.filter((b) => b.gameId === 'SSC1').sort((a, b) => a.numero.localeCompare(b.numero));
    expect(chase.map((b) => b.status)).toEqual(['won', 'refunded', 'refunded']);
    expect(chase[0]!.payout).toBe('1960');
    const kept = settled.filter((b) => b.status !== 'refunded');
    const paid = kept.reduce((n, b) => n + Number(b.payout), 0);
    const stakes = kept.reduce((n, b) => n + Number(b.stake), 0);
    expect(minor(walletOf(await walletBalance(request, token), MAIN))).toBe(before - stakes + paid);

    // The betting record holds each kept bet as a round with its stake and payout; refunds are void.
    const record = await get<{ list: { roundId: string; stake: number; payout: number; status: string }[] }>(
      request,
      token,
      '/wps/member/bets?pageSize=100',
    );
    for (const b of settled) {
      const row = record.list.find((r) => r.roundId === `L${b.betId}`);
      expect(row, `record of bet ${b.betId}`).toBeDefined();
      if (b.status === 'refunded') expect(row!.status).toBe('void');
      else expect([minor(row!.stake), minor(row!.payout)]).toEqual([Number(b.stake), Number(b.payout)]);
    }

    // The published results are the numbers the bets were settled against.
    for (const b of settled.filter((x) => x.status !== 'refunded')) {
      const opened = await get<{ list: { numero: string; numbers: string[] }[] }>(
        request,
        token,
        `/lgw/games/opened/numero?gameId=${b.gameId}&pageSize=100`,
      );
      expect(opened.list.find((o) => o.numero === b.numero)?.numbers, `${b.gameId} ${b.numero}`).toEqual(
        b.numbers,
      );
    }
    // On the pages: the 4D draw (the latest of its weekly draws) and the chase's win.
    const fourD = settled.find((b) => b.gameId === 'SEA_4D')!;
    await page.goto('/seaLottery');
    const latest = page
      .getByRole('region', { name: 'Latest draws', exact: true })
      .getByRole('listitem')
      .first();
    await expect(latest).toContainText(fourD.numero);
    await expect(latest).toContainText(fourD.numbers![0]!);
    await page.goto('/lottery');
    await expect(
      page.getByRole('region', { name: 'My bets', exact: true }).getByText('Won $19.60'),
    ).toBeVisible();

    // The betting record shows the lottery rounds with their issue and numbers; the centres list the games.
    await page.goto('/member?page=personalHistoryCopy');
    await expect(page.getByText(`Issue ${chase[0]!.numero} · Position digit`)).toBeVisible();
    await page.goto('/lott');
    await expect(page.getByRole('region', { name: 'House lottery', exact: true })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('the bet slip fits a 390-px screen', async ({ page }) => {
      await logInDemoPlayerQuietly(page);
      await page.goto('/lottery');
      const slip = page.getByRole('region', { name: 'Bet slip', exact: true });
      await expect(slip).toBeVisible();
      await slip
        .getByRole('group', { name: '1st', exact: true })
        .getByRole('button', { name: '5', exact: true })
        .click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.goto('/elott');
      await expect(page.getByRole('region', { name: 'House lottery', exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.goto('/member?page=personalHistoryCopy');
      await expect(page.getByText(/^Issue \d{8}-\d{3,4} · /).first()).toBeVisible();
    });
  });
});
