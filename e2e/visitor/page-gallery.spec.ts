import { type Locator, type Page, expect, test } from '@playwright/test';
import {
  agentLogin,
  en,
  logInDemoPlayerQuietly,
  logInOperator,
  snap,
  withoutAnnouncementPopups,
} from '../support';

/*
 * Every top-level page laid out for a phone and a desktop: each page of the player site, the
 * member centre, the agent centre and the operator console is opened on a 390 × 844 touch phone
 * and a 1440 × 900 desktop, photographed in both themes (e2e/screenshots/gallery-<page>-<device>-
 * <theme>.png) for a person to look at, and checked: its heading or landmark is there, nothing
 * makes the phone page wider than the screen, and no card's action button covers the card's title.
 */

const devices = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 } },
} as const;
type Device = keyof typeof devices;

/** Whatever still says "loading": the route loader, a panel's spinner, skeleton cards. */
const loading = (page: Page) =>
  page.locator(
    '.page-loader, .panel-state .spinner, .ops-card__state .spinner, .game-card--skeleton, .skeleton',
  );

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** The visitor's pages: the path, the gallery name and what shows the page is there. */
const visitorPages: { path: string; name: string; ready: (page: Page) => Locator; cards?: boolean }[] = [
  {
    path: '/',
    name: 'home',
    ready: (p) => p.locator('.game-card:not(.game-card--skeleton)').first(),
    cards: true,
  },
  { path: '/rng', name: 'rng', ready: h1, cards: true },
  { path: '/live', name: 'live', ready: h1, cards: true },
  { path: '/fish', name: 'fish', ready: h1, cards: true },
  { path: '/pvp', name: 'pvp', ready: h1 },
  { path: '/sports', name: 'sports', ready: h1 },
  { path: '/esports', name: 'esports', ready: h1 },
  { path: '/lott', name: 'lott', ready: h1 },
  { path: '/elott', name: 'elott', ready: h1 },
  { path: '/promotions', name: 'promotions', ready: h1 },
  { path: '/pointMall', name: 'pointMall', ready: h1 },
  { path: '/download', name: 'download', ready: (p) => p.locator('#app-download-title') },
  { path: '/help', name: 'help', ready: h1 },
  { path: '/fair', name: 'fair', ready: h1 },
  { path: '/agent', name: 'agent-login', ready: h1 },
];

/**
 * Scrolls down the page a screen at a time and back to the top: sections below the fold fetch
 * their games only when they come near the screen, and a full-page picture should show them.
 */
async function scrollThrough(page: Page): Promise<void> {
  for (let step = 0; step < 40; step++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.scrollingElement!.scrollHeight - 2;
    });
    await page.waitForTimeout(50);
    if (atEnd) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Waits until nothing is loading any more, then for the web fonts. */
async function settled(page: Page): Promise<void> {
  await scrollThrough(page);
  await expect(loading(page)).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** The page is no wider than the screen (no sideways scrolling on the phone). */
async function expectNoOverflow(page: Page, name: string): Promise<void> {
  const { scrollWidth, innerWidth, culprits } = await page.evaluate(() => {
    const width = window.innerWidth;
    // The widest elements sticking out on the right, to say what to fix.
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length > 0)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} → ${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: width, culprits };
  });
  expect
    .soft(
      scrollWidth,
      `${name}: page ${scrollWidth} px wide on a ${innerWidth} px screen (${culprits.join('; ')})`,
    )
    .toBeLessThanOrEqual(innerWidth + 1);
}

/**
 * On a touch screen a card's action buttons never lie over its title or name. Every visible card
 * (`*card*` with an `__actions` part and a `__name` / `__title` part) is checked; returns how many.
 */
async function expectCardActionsClear(page: Page, name: string): Promise<number> {
  const { cards, overlaps } = await page.evaluate(() => {
    const intersects = (a: DOMRect, b: DOMRect) =>
      a.width > 0 &&
      b.width > 0 &&
      a.left < b.right - 1 &&
      b.left < a.right - 1 &&
      a.top < b.bottom - 1 &&
      b.top < a.bottom - 1;
    const found: string[] = [];
    let cards = 0;
    for (const card of document.querySelectorAll<HTMLElement>('[class*="card"]')) {
      // A card block (`game-card`, `promo-card`…), not one of its parts (`game-card__actions`).
      const block = [...card.classList].find((c) => /^[a-z-]*card$/.test(c));
      if (!block || card.getClientRects().length === 0) continue;
      const actions = card.querySelector(`.${block}__actions`);
      const texts = card.querySelectorAll<HTMLElement>(
        `.${block}__name, .${block}__title, .${block}__vendor`,
      );
      if (!actions || texts.length === 0) continue;
      cards++;
      for (const button of actions.querySelectorAll<HTMLElement>('button, a')) {
        const b = button.getBoundingClientRect();
        for (const text of texts) {
          if (intersects(b, text.getBoundingClientRect()))
            found.push(
              `"${button.textContent?.trim()}" over "${text.textContent?.trim()}" (${card.className})`,
            );
        }
      }
    }
    return { cards, overlaps: found.slice(0, 5) };
  });
  expect.soft(overlaps, `${name}: card actions over card titles`).toEqual([]);
  return cards;
}

/** The checks of one settled page, then its pictures in the dark and the light theme. */
async function shoot(page: Page, device: Device, name: string, options: { cards?: boolean } = {}) {
  await settled(page);
  if (device === 'phone') {
    await expectNoOverflow(page, name);
    const cards = await expectCardActionsClear(page, name);
    if (options.cards) expect.soft(cards, `${name}: game cards on the page`).toBeGreaterThan(0);
  }
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    // Playwright's full-page capture re-emulates the screen, which drops the touch emulation for
    // the shot: phone pictures show game cards' actions in their pointer (hover) place. The
    // checks above measure the real touch layout.
    await snap(page, `gallery-${name}-${device}-${theme}`);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
}

/** Opens each entry of a side menu (member or agent centre) in turn and photographs its page. */
async function shootMenu(page: Page, device: Device, prefix: string, navLabel: string, skip: string[] = []) {
  const nav = page.getByRole('navigation', { name: navLabel, exact: true });
  await expect(nav.getByRole('button').first()).toBeVisible({ timeout: 20_000 });
  const buttons = nav.getByRole('button');
  // A button's first line is the page's name (a count badge may follow).
  const labels = (await buttons.allInnerTexts()).map((s) => s.split('\n')[0]!.trim());
  for (const [i, label] of labels.entries()) {
    if (skip.includes(label)) continue;
    await buttons.nth(i).click({ timeout: 20_000 });
    const id = new URL(page.url()).searchParams.get('page') ?? label;
    const panel = page.getByRole('region', { name: label, exact: true });
    await expect(panel.getByRole('heading', { level: 2, name: label, exact: true })).toBeVisible();
    await shoot(page, device, `${prefix}-${id}`);
  }
  return labels;
}

for (const [device, options] of Object.entries(devices) as [Device, (typeof devices)[Device]][]) {
  test.describe(`page gallery, ${device}`, () => {
    test.use(options);
    test.beforeEach(async ({ context }) => {
      await withoutAnnouncementPopups(context);
      await context.addInitScript(() => {
        if (!localStorage.getItem('theme')) localStorage.setItem('theme', 'dark');
      });
    });

    test('the visitor’s pages', async ({ page }) => {
      test.setTimeout(300_000);
      for (const { path, name, ready, cards } of visitorPages) {
        await page.goto(path);
        await expect(ready(page), `${name}: its heading`).toBeVisible({ timeout: 30_000 });
        await shoot(page, device, name, { cards });
      }
    });

    test('the member’s pages and member centre', async ({ page }) => {
      test.setTimeout(300_000);
      await logInDemoPlayerQuietly(page);
      for (const path of ['/favorite', '/recent', '/lottery']) {
        await page.goto(path);
        await expect(h1(page), `${path}: its heading`).toBeVisible({ timeout: 30_000 });
        await shoot(page, device, path.slice(1), { cards: false });
      }
      await page.goto('/member');
      await expect(
        page.getByRole('heading', { level: 1, name: en('member', 'member_center') }),
      ).toBeVisible();
      const labels = await shootMenu(page, device, 'member', en('member', 'member_center'));
      expect(labels.length).toBeGreaterThan(5);
    });

    test('the agent centre', async ({ page }) => {
      test.setTimeout(300_000);
      await agentLogin(page);
      const labels = await shootMenu(page, device, 'agent', en('agent', 'agent_center'), [
        en('agent', 'customerService'),
      ]);
      expect(labels.length).toBeGreaterThan(5);
    });

    test('the operator console', async ({ page }) => {
      await logInOperator(page);
      await expect(page.getByRole('navigation', { name: en('operator', 'nav.label') })).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await shoot(page, device, 'ops');
    });
  });
}
