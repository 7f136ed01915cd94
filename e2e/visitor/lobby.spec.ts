import { type Page, expect, test } from '@playwright/test';
import { en, loginDialog, pathOf } from '../support';

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/**
 * Announcement popups open with the home lobby on the first visit of a session, and a modal hides
 * the page behind it: close them, then wait for the lobby.
 */
async function closePopups(page: Page) {
  const popup = page.getByRole('dialog');
  const firstCard = section(page, en('common', 'con_rng')).getByRole('article').first();
  await expect(popup.or(firstCard).first()).toBeVisible({ timeout: 45_000 });
  // The lobby may paint just before its popups: give them a moment.
  await popup
    .first()
    .waitFor({ timeout: 2000 })
    .catch(() => undefined);
  while ((await popup.count()) > 0) {
    const next = popup.getByRole('button', { name: en('common', 'next_page'), exact: true });
    if ((await next.count()) > 0) await next.click();
    else
      await popup
        .getByRole('button', { name: en('common', 'close'), exact: true })
        .last()
        .click();
  }
  await expect(firstCard).toBeVisible({ timeout: 45_000 });
}

test.describe('home lobby (visitor)', () => {
  // A shared, busy machine: the lobby's pages load lazily and read the catalogue first.
  test.describe.configure({ timeout: 120_000 });

  test('sections page through their games; a vendor change goes back to page 1', async ({ page }) => {
    await page.goto('/');
    await closePopups(page);
    const slots = section(page, en('common', 'con_rng'));
    await expect(slots.getByRole('article')).toHaveCount(12);
    await expect(section(page, en('lobby', 'popular_nav')).getByRole('article').first()).toBeVisible();
    // A section below the first screen asks for its games when it is scrolled near.
    const fishing = section(page, en('common', 'con_fish'));
    await fishing.scrollIntoViewIfNeeded();
    await expect(fishing.getByRole('article').first()).toBeVisible();
    // 13 slot studios: MXWIN shows studios 11 to 20.
    await expect(section(page, en('lobby', 'mxwin'))).toBeVisible();
    // Visitors have no favourites section.
    await expect(section(page, en('lobby', 'local_fav'))).toHaveCount(0);
    await expect(section(page, en('lobby', 'winner_board'))).toBeVisible();

    await slots.scrollIntoViewIfNeeded();
    await expect(slots.getByText(/^1 \/ \d+$/)).toBeVisible();
    const firstPage = await slots.getByRole('article').first().getAttribute('aria-label');
    await slots.getByRole('button', { name: en('common', 'next_page') }).click();
    await expect(slots.getByText(/^2 \/ \d+$/)).toBeVisible();
    await expect(slots.getByRole('article').first()).not.toHaveAttribute('aria-label', firstPage!);

    const filter = slots.getByRole('toolbar');
    const studio = filter.getByRole('button').nth(2);
    const studioName = (await studio.textContent())!;
    await studio.click();
    await expect(studio).toHaveAttribute('aria-pressed', 'true');
    // Page 1 of that studio only (a studio has fewer than 12 games: no pager).
    await expect(slots.getByText(/^2 \/ \d+$/)).toHaveCount(0);
    const vendors = await slots.locator('.game-card__vendor').allTextContents();
    expect(vendors.length).toBeGreaterThan(0);
    expect(new Set(vendors)).toEqual(new Set([studioName]));
  });

  test('playing or choosing favourites asks a visitor to log in', async ({ page }) => {
    await page.goto('/');
    await closePopups(page);
    const card = section(page, en('common', 'con_rng')).getByRole('article').first();
    await card.hover();
    await card.getByRole('button', { name: en('lobby', 'play_now'), exact: true }).click();
    await expect(loginDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(loginDialog(page)).toBeHidden();

    await page
      .getByRole('toolbar', { name: en('lobby', 'lobby_menu') })
      .getByRole('button', { name: en('lobby', 'local_fav') })
      .click();
    await expect(loginDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await card.getByRole('button', { name: /favourites/ }).click();
    await expect(loginDialog(page)).toBeVisible();
    expect(pathOf(page)).toBe('/');
  });

  test('popups for visitors stay closed for the rest of the session', async ({ page }) => {
    await page.goto('/');
    const popup = page.getByRole('dialog');
    await expect(popup).toBeVisible({ timeout: 45_000 });
    await expect(popup).toContainText('Register in a minute');
    await closePopups(page);
    await expect(popup).toBeHidden();
    await page.reload();
    await expect(section(page, en('common', 'con_rng')).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('navigation: vendor drop-down, and the category click rule for one and several vendors', async ({
    page,
  }) => {
    // The demo brand has slot and fishing studios only; a live-casino lane is added to the real
    // reply here (one vendor: a real fishing game; then two vendors) to exercise the rule.
    const fish = { nodeId: 0, gameCode: '' };
    let liveVendors = 1;
    await page.route('**/wps/relay/GCSGAME_newGameVendor*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const orc = body.value.data.lanes.find((l: { title: string }) => l.title === 'FISH').cards[0];
      const card = (n: number) => ({
        ...orc,
        displayName: `Live ${n}`,
        vassalage: 'ORC',
        gameType: 'FISH',
        isGame: 'GAME',
        gameCode: fish.gameCode,
        nodeId: fish.nodeId,
      });
      // In place of the house's own live studio.
      body.value.data.lanes = body.value.data.lanes.filter((l: { title: string }) => l.title !== 'LIVE');
      body.value.data.lanes.push({
        title: 'LIVE',
        cards: Array.from({ length: liveVendors }, (_, i) => card(i + 1)),
        gameClassify: [],
      });
      await route.fulfill({ response, json: body });
    });
    const games = await page.request.get('/wps/relay/GCSGAME_gameList?gameType=FISH&pageSize=12');
    const first = (await games.json()).value.games[0];
    Object.assign(fish, { nodeId: first.nodeId, gameCode: first.gameCode });

    await page.goto('/promotions');
    const nav = page.getByRole('banner').getByRole('navigation');
    const slotsLink = nav.getByRole('link', { name: en('common', 'con_rng'), exact: true });
    await slotsLink.hover();
    const dropdown = page.getByRole('group', {
      name: en('lobby', 'vendors_of', { category: en('common', 'con_rng') }),
    });
    await expect(dropdown).toBeVisible();
    await expect(dropdown.getByRole('button')).toHaveCount(13);
    await expect(dropdown).toHaveClass(/nav-dropdown--large/);

    // RNG always opens its page.
    await slotsLink.click();
    await expect.poll(() => pathOf(page)).toBe('/rng');

    // One live vendor: the click launches it, and a visitor is asked to log in first.
    await nav.getByRole('link', { name: en('common', 'con_live'), exact: true }).click();
    await expect(loginDialog(page)).toBeVisible();
    expect(pathOf(page)).toBe('/rng');
    await page.keyboard.press('Escape');

    // Two live vendors: the click opens the category page.
    liveVendors = 2;
    await page.reload();
    await nav.getByRole('link', { name: en('common', 'con_live'), exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/live');
  });

  test('game list centre: slot sub-categories (no bingo without TY) and search', async ({ page }) => {
    await page.goto('/rng');
    const grid = page.locator('.game-grid');
    await expect(grid.getByRole('article').first()).toBeVisible();
    const tabs = page.getByRole('toolbar', { name: en('lobby', 'sub_categories') });
    await expect(tabs.getByRole('button', { name: en('lobby', 'bingo') })).toHaveCount(0);
    await page.getByRole('searchbox', { name: en('lobby', 'search_games') }).fill('dragon');
    // The search waits for a pause in typing; then only matching games are listed.
    const names = () =>
      grid.getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    await expect
      .poll(async () => {
        const list = await names();
        return list.length > 0 && list.every((n) => n!.toLowerCase().includes('dragon'));
      })
      .toBe(true);
  });

  test('home in light and dark', async ({ page }) => {
    for (const theme of ['dark', 'light']) {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/');
      await closePopups(page);
      await expect(section(page, en('common', 'con_rng')).getByRole('article').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    }
  });
});
