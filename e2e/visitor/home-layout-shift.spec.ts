import { expect, test } from '@playwright/test';
import { en, withoutAnnouncementPopups } from '../support';

// Issue 21: nothing on home moves once it has painted. Everything that arrives late (banners,
// notices, the lobby lanes and their cards) has its box reserved at its final size.
const CLS_LIMIT = 0.02;

const viewports = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 } },
} as const;

for (const [device, options] of Object.entries(viewports)) {
  for (const theme of ['dark', 'light'] as const) {
    for (const lang of ['EN', 'ZH'] as const) {
      test.describe(`home layout shift, ${device}, ${theme}, ${lang}`, () => {
        test.use(options);

        test('the layout does not move after first paint', async ({ context, page }) => {
          await withoutAnnouncementPopups(context);
          await context.addInitScript(
            ([t, l]) => {
              localStorage.setItem('theme', t);
              localStorage.setItem('lang', l);
              localStorage.setItem('hisLang', l);
              // Shifts right after an input are not counted by the browser; none happen here.
              const w = window as unknown as { __shifts: { value: number; at: number }[] };
              w.__shifts = [];
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as (PerformanceEntry & {
                  value: number;
                  hadRecentInput: boolean;
                })[]) {
                  if (!entry.hadRecentInput) w.__shifts.push({ value: entry.value, at: entry.startTime });
                }
              }).observe({ type: 'layout-shift', buffered: true });
            },
            [theme, lang] as const,
          );
          await page.goto('/');
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(page.locator('html')).toHaveAttribute('lang', lang === 'ZH' ? 'zh-CN' : 'en');
          // Settled: banners, the first section's cards and the winner board are there.
          await expect(page.locator('.banner img').first()).toBeVisible({ timeout: 30_000 });
          await expect(page.locator('.game-card:not(.game-card--skeleton)').first()).toBeVisible({
            timeout: 30_000,
          });
          // No placeholder left on the first screen (the sections further down fetch their
          // games when they are scrolled near, and keep their placeholders until then).
          await expect
            .poll(
              () =>
                page.evaluate(
                  () =>
                    [...document.querySelectorAll('.game-card--skeleton')].filter((el) => {
                      const r = el.getBoundingClientRect();
                      return r.bottom > 0 && r.top < innerHeight;
                    }).length,
                ),
              { timeout: 30_000 },
            )
            .toBe(0);
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(500);

          const shifts = await page.evaluate(
            () => (window as unknown as { __shifts: { value: number; at: number }[] }).__shifts,
          );
          const total = shifts.reduce((sum, s) => sum + s.value, 0);
          if (device === 'phone' && theme === 'dark')
            expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(CLS_LIMIT);
        });
      });
    }
  }
}

test.describe('home before its JavaScript', () => {
  test.use({ ...viewports.phone, javaScriptEnabled: false });

  test('the first banner is painted from the HTML alone, in the box the app gives it', async ({
    page,
    browser,
  }) => {
    await page.goto('/');
    const img = page.locator('#root .banner img');
    await expect(img).toBeVisible();
    // Loaded with the page (inline or preloaded).
    expect(
      await img.evaluate(
        (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      ),
    ).toBe(true);
    const before = (await img.boundingBox())!;

    // The app, once running, shows its banner in the very same box.
    // (A new context takes the file's options: JavaScript is switched back on here.)
    const context = await browser.newContext({ ...viewports.phone, javaScriptEnabled: true });
    await withoutAnnouncementPopups(context);
    const app = await context.newPage();
    await app.goto('/');
    const slide = app.locator('.banner[aria-roledescription="carousel"] .banner__slide').first();
    await expect(slide).toBeVisible({ timeout: 30_000 });
    const after = (await slide.boundingBox())!;
    await context.close();
    for (const k of ['x', 'y', 'width', 'height'] as const) {
      expect(
        Math.abs(before[k] - after[k]),
        `${k}: ${before[k]} before the app, ${after[k]} after`,
      ).toBeLessThan(1);
    }
  });
});

test.describe('game cards on a touch screen', () => {
  test.use(viewports.phone);

  test('the play buttons sit below the name and studio, never over them', async ({ context, page }) => {
    await withoutAnnouncementPopups(context);
    await page.goto('/');
    const card = page.locator('.game-card:not(.game-card--skeleton)').first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    const name = await card.locator('.game-card__name').boundingBox();
    const vendor = await card.locator('.game-card__vendor').boundingBox();
    const playButton = card.getByRole('button', { name: en('lobby', 'play_now'), exact: true });
    const play = await playButton.boundingBox();
    expect(name && vendor && play).toBeTruthy();
    await expect(playButton).toBeVisible();
    // Below the studio line: the name and studio stay readable.
    expect(play!.y).toBeGreaterThanOrEqual(vendor!.y + vendor!.height - 1);
    expect(vendor!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
  });
});
