import { type Page, expect, test } from '@playwright/test';
import { demo, en, expectLoggedIn, openLogin, pathOf, submitLogin } from '../support';

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** Members get their own popups once a session: close them. */
async function closePopups(page: Page) {
  const popup = page.getByRole('dialog');
  const firstCard = section(page, en('common', 'con_rng')).getByRole('article').first();
  await expect(popup.or(firstCard).first()).toBeVisible({ timeout: 45_000 });
  await popup
    .first()
    .waitFor({ timeout: 3000 })
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

/** Logs the demo player in; the members' popups open right after, over the header. */
async function logInDemoPlayer(page: Page) {
  const dialog = await openLogin(page);
  await submitLogin(dialog, demo.player.username, demo.player.password);
  await expect(dialog).toBeHidden();
  await closePopups(page);
  await expectLoggedIn(page);
}

test.describe('lobby (member)', () => {
  test.describe.configure({ timeout: 150_000 });

  test('favourites: add from the home lobby, listed on /favorite, removed with the lists updating', async ({
    page,
  }) => {
    await page.goto('/');
    await closePopups(page);
    await logInDemoPlayer(page);
    const slots = section(page, en('common', 'con_rng'));
    const card = slots.getByRole('article').nth(3);
    const name = (await card.getAttribute('aria-label'))!;
    const heart = card.getByRole('button', { name: new RegExp(`${name} (to|from) favourites`) });
    // A favourite left by an earlier run is removed first, so the test starts clean.
    if ((await heart.getAttribute('aria-pressed')) === 'true') {
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await page.waitForTimeout(1100);
    }
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    const favourites = section(page, en('lobby', 'local_fav'));
    await expect(favourites.getByRole('article', { name, exact: true })).toBeVisible();

    await page.goto('/favorite');
    const list = page.locator('.game-grid');
    const favCard = list.getByRole('article', { name, exact: true });
    await expect(favCard).toBeVisible();
    await favCard.getByRole('button', { name: new RegExp(`${name} from favourites`) }).click();
    await expect(favCard).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(en('common', 'no_data')).or(list.getByRole('article').first())).toBeVisible();
    await expect(list.getByRole('article', { name, exact: true })).toHaveCount(0);
  });

  test('a real member launches a game into /seamless, and it shows in recent games', async ({ page }) => {
    await page.goto('/');
    await closePopups(page);
    await logInDemoPlayer(page);
    const card = section(page, en('common', 'con_rng')).getByRole('article').first();
    const name = (await card.getAttribute('aria-label'))!;
    await card.hover();
    await card.getByRole('button', { name: en('lobby', 'play_now'), exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/seamless');
    const frame = page.locator('iframe.seamless__frame');
    await expect(frame).toHaveAttribute('src', /.+/);
    await expect(page.getByRole('complementary', { name: en('common', 'menu') })).toHaveCount(0);

    await page.getByRole('button', { name: en('lobby', 'back'), exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await page.goto('/recent');
    await expect(page.locator('.game-grid').getByRole('article', { name, exact: true })).toBeVisible();
  });

  test('a trial account is told to use a real account for real money, and may play free', async ({
    page,
  }) => {
    await page.goto('/');
    await closePopups(page);
    const login = await openLogin(page);
    await login.getByRole('button', { name: en('auth', 'free_trial'), exact: true }).click();
    await expect(login).toBeHidden();
    await closePopups(page);
    const card = section(page, en('common', 'con_rng')).getByRole('article').first();
    await card.hover();
    await card.getByRole('button', { name: en('lobby', 'play_now'), exact: true }).click();
    const notice = page.getByRole('alertdialog', { name: en('common', 'in_popup_prompt'), exact: true });
    await expect(notice.getByText(en('common', 'in_need_true_account'), { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(notice).toBeHidden();

    await card.hover();
    await card.getByRole('button', { name: en('lobby', 'free_trial'), exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/seamless');
    await expect(page.locator('iframe.seamless__frame')).toHaveAttribute('src', /.+/);
  });
});
