import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type APIRequestContext,
  type FrameLocator,
  type Locator,
  type Page,
  expect,
  test,
} from '@playwright/test';
import {
  demo,
  expectLoggedIn,
  launchGameUrl,
  memberToken,
  openLogin,
  repoRoot,
  submitLogin,
  walletBalance,
} from '../support';

/** The games dictionary the web app ships, so assertions use the text a player reads. */
const games = JSON.parse(
  readFileSync(path.join(repoRoot, 'apps/web/src/locales/en/games.json'), 'utf8'),
) as Record<string, unknown>;
const g = (key: string): string => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], games);
  if (typeof value !== 'string') throw new Error(`games.json has no "${key}"`);
  return value;
};

interface BetRecordRow {
  roundId: string;
  gameCode: string;
  stake: number;
  payout: number;
  profitLoss: number;
  status: string;
}

async function betRecord(
  request: APIRequestContext,
  token: string,
): Promise<{ list: BetRecordRow[]; totalCount: number }> {
  const res = await request.get('/wps/member/bets', {
    headers: { Authorization: token },
    params: { pageSize: 50 },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { value: { list: BetRecordRow[]; totalCount: number } }).value;
}

/** The frame's balance in minor units (digits of "1,234.50 USD"). */
async function shownBalance(scope: Page | FrameLocator): Promise<number> {
  const text = (await scope.getByTestId('game-balance').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

const ledgerMinor = async (request: APIRequestContext, token: string) =>
  Math.round((await walletBalance(request, token)).sumBalance * 100);

/**
 * The brand's announcement popups greet a new session (and again after login); they are modal,
 * so they are closed with Escape before the page behind is used.
 */
async function closePopups(page: Page) {
  await page.waitForLoadState('networkidle');
  const popup = page.getByRole('dialog');
  for (let i = 0; i < 8; i++) {
    const shown = await popup
      .first()
      .waitFor({ state: 'visible', timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (!shown) return;
    await popup.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.waitForTimeout(200);
  }
}

async function logInDemoPlayer(page: Page) {
  // Not the home page: its greeting popups open at their own pace, above the header.
  await page.goto('/help');
  // Member announcements pop up as soon as the session starts: close them before looking.
  const dialog = await openLogin(page);
  await submitLogin(dialog, demo.player.username, demo.player.password);
  await expect(dialog).toBeHidden();
  await closePopups(page);
  await expectLoggedIn(page);
}

/** Waits until a play button is usable again (the round, and any animation, is over). */
async function settle(button: Locator) {
  await expect(button).toBeEnabled({ timeout: 20_000 });
}

test.describe('house games', () => {
  test('a slot launched from the lobby spins three times; balance and betting record agree', async ({
    page,
  }) => {
    test.slow();
    await logInDemoPlayer(page);
    const token = await memberToken(page);
    const before = await betRecord(page.request, token);
    const startLedger = await ledgerMinor(page.request, token);

    await page.goto('/rng');
    await closePopups(page);
    const card = page.getByRole('article', { name: 'Fruit Fiesta', exact: true }).first();
    await card.hover();
    await card.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page).toHaveURL(/\/seamless$/);
    const frame = page.frameLocator('iframe.seamless__frame');
    await expect(frame.getByTestId('game-balance')).toBeVisible();
    await expect(frame.getByText(g('mode_real'), { exact: true })).toBeVisible();
    expect(await shownBalance(frame)).toBe(startLedger);

    const spin = frame.getByTestId('spin');
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      await spin.click();
      await expect(spin).toBeDisabled();
      await settle(spin);
      // UKGC-style minimum spin time: never a result before 2.5 s.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    }
    await expect(frame.getByTestId('history-strip').locator('li')).toHaveCount(3);

    // The three spins are the newest bets, settled, and their result is the balance's change.
    const after = await betRecord(page.request, token);
    expect(after.totalCount).toBe(before.totalCount + 3);
    const spins = after.list.slice(0, 3);
    expect(spins.map((b) => b.gameCode)).toEqual([
      'AUR_FRUIT_FIESTA',
      'AUR_FRUIT_FIESTA',
      'AUR_FRUIT_FIESTA',
    ]);
    expect(spins.every((b) => b.status === 'settled')).toBe(true);
    const net = Math.round(spins.reduce((a, b) => a + b.profitLoss, 0) * 100);
    const endLedger = await ledgerMinor(page.request, token);
    expect(endLedger - startLedger).toBe(net);
    expect(await shownBalance(frame)).toBe(endLedger);

    // The member centre's betting record lists them.
    await page.goto('/member?page=personalHistoryCopy');
    const table = page.getByTestId('bet-record');
    await expect(table.getByRole('row').filter({ hasText: 'Fruit Fiesta' })).toHaveCount(3);
    await page.goto('/member?page=personalProfit');
    await expect(page.getByTestId('profit-loss')).toBeVisible();
  });

  test('dice and fishing play real rounds; trial play leaves the balance alone', async ({ page }) => {
    test.slow();
    await logInDemoPlayer(page);
    const token = await memberToken(page);
    const api = page.request;

    // Dice: one roll; the frame's balance is the ledger's.
    await page.goto(await launchGameUrl(api, token, 'AUR_AURORA_DICE', 1));
    await expect(page.getByTestId('game-balance')).toBeVisible();
    const diceBefore = await betRecord(api, token);
    await page.getByTestId('roll').click();
    await expect(page.getByTestId('dice-result')).toHaveText(/^\d{1,2}\.\d{2}$/);
    await settle(page.getByTestId('roll'));
    expect(await shownBalance(page)).toBe(await ledgerMinor(api, token));
    expect((await betRecord(api, token)).totalCount).toBe(diceBefore.totalCount + 1);

    // Fishing: three shots, three bets, each caught or not as the server decided.
    await page.goto(await launchGameUrl(api, token, 'ORC_OCEAN_HUNTER', 1));
    const fire = page.getByTestId('fire');
    await expect(fire).toBeEnabled();
    const fishBefore = await betRecord(api, token);
    for (let i = 0; i < 3; i++) {
      await fire.click();
      await expect(page.getByTestId('fishing-log').locator('li')).toHaveCount(i + 1);
      await settle(fire);
    }
    const fishAfter = await betRecord(api, token);
    expect(fishAfter.totalCount).toBe(fishBefore.totalCount + 3);
    expect(fishAfter.list.slice(0, 3).every((b) => b.gameCode === 'ORC_OCEAN_HUNTER')).toBe(true);
    expect(await shownBalance(page)).toBe(await ledgerMinor(api, token));

    // Trial: play money; the ledger and the betting record do not move.
    const ledger = await ledgerMinor(api, token);
    const records = (await betRecord(api, token)).totalCount;
    await page.goto(await launchGameUrl(api, token, 'AUR_FRUIT_FIESTA', 0));
    await expect(page.getByText(g('mode_trial'), { exact: true })).toBeVisible();
    const playBefore = await shownBalance(page);
    const spin = page.getByTestId('spin');
    await spin.click();
    await settle(spin);
    await page.keyboard.press('Space');
    await expect(spin).toBeDisabled();
    await settle(spin);
    expect(await shownBalance(page)).not.toBeNaN();
    expect(playBefore).toBeGreaterThan(0);
    expect(await ledgerMinor(api, token)).toBe(ledger);
    expect((await betRecord(api, token)).totalCount).toBe(records);
  });

  test('every game screen plays in play money', async ({ page }) => {
    test.slow();
    test.setTimeout(180_000);
    await logInDemoPlayer(page);
    const token = await memberToken(page);
    const api = page.request;
    const open = async (code: string) => {
      await page.goto(await launchGameUrl(api, token, code, 0));
      await expect(page.getByTestId('game-balance')).toBeVisible();
    };

    for (const [code, name] of [
      ['AUR_FRUIT_FIESTA', 'slot-fruit'],
      ['AUR_PHARAOH_DAWN', 'slot-pharaoh'],
      ['AUR_CORAL_KINGDOM', 'slot-ocean'],
    ] as const) {
      await open(code);
      const spin = page.getByTestId('spin');
      await spin.click();
      await settle(spin);
      if (name === 'slot-fruit') {
        await page.getByRole('button', { name: g('rules'), exact: true }).click();
        await page.keyboard.press('Escape');
      }
    }

    await open('BLZ_BLAZE_LIMBO');
    // The display counts up to the crash point the server drew, then says win or loss (target 2.00×).
    const limboReply = page.waitForResponse(
      (r) => r.url().endsWith('/house/api/play') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: g('bet_action'), exact: true }).click();
    const { crash, win } = (
      (await (await limboReply).json()) as { value: { round: { outcome: { crash: number; win: boolean } } } }
    ).value.round.outcome;
    expect(win).toBe(crash >= 200);
    const limboResult = page.getByTestId('limbo-result');
    await expect(limboResult).toHaveText(`${(Math.floor(crash) / 100).toFixed(2)}×`);
    await expect(limboResult).toHaveClass(win ? /limbo__display--win/ : /limbo__display--loss/);

    await open('BLZ_FORGE_MINES');
    await page.getByTestId('mines-start').click();
    await page.locator('[data-cell="12"]').click();
    await page.waitForTimeout(400);
    const cash = page.getByTestId('cashout');
    if (await cash.isVisible()) {
      await cash.click();
      await page.waitForTimeout(300);
    }

    await open('CRN_ROYAL_SCRATCH');
    await page.getByTestId('buy-card').click();
    await page.getByRole('button', { name: g('reveal_all'), exact: true }).click();

    await open('CRN_CROWN_BACCARAT');
    await page
      .getByRole('button', { name: g('place_on').replace('{{spot}}', g('spot.player')), exact: true })
      .click();
    await page.getByTestId('deal').click();
    await expect(page.getByTestId('baccarat-result')).not.toBeEmpty({ timeout: 8000 });

    await open('CRN_CROWN_BLACKJACK');
    await page.getByTestId('bj-deal').click();
    await expect(page.getByTestId('blackjack-hand').first()).toBeVisible();
    await page.waitForTimeout(600);
    const stand = page.getByTestId('bj-stand');
    if (await stand.isVisible()) {
      await stand.click();
      await page.waitForTimeout(600);
    }

    await page.getByRole('button', { name: g('fairness'), exact: true }).click();
    await page.getByRole('button', { name: g('rotate_seed'), exact: true }).click();
    await expect(page.getByTestId('revealed-seed')).toBeVisible();
    const revealedHash = await page
      .getByRole('region', { name: g('previous_seed') })
      .locator('dd')
      .nth(1)
      .textContent();
    const verifyLink = await page
      .getByRole('link', { name: g('verify_last_bet'), exact: true })
      .getAttribute('href');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: g('rules'), exact: true }).click();
    await expect(page.getByTestId('rules-rtp')).toContainText('%');

    // The public verifier replays the last blackjack round of the retired seed; the hash it
    // computes from the revealed seed is the one the game showed before the bets.
    await page.goto(verifyLink!);
    await expect(page.getByRole('heading', { name: g('verifier_title'), exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('button', { name: g('verify'), exact: true }).click();
    await expect(page.getByTestId('local-hash')).toHaveText(revealedHash!);
    await expect(page.getByTestId('blackjack-hand').first()).toBeVisible();

    // A phone: the same screens fit a narrow, touch-sized viewport.
    await page.setViewportSize({ width: 390, height: 844 });
    await open('AUR_PHARAOH_DAWN');
    await page
      .getByTestId('spin')
      .tap()
      .catch(() => page.getByTestId('spin').click());
    await settle(page.getByTestId('spin'));
    await open('ORC_OCEAN_HUNTER');
    await page.getByTestId('fire').click();
    await expect(page.getByTestId('fishing-log').locator('li')).toHaveCount(1);
  });
});
