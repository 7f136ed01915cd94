import { afterEach, describe, expect, it } from 'vitest';
import { categoryClick, launchRoute, mxwinVendors, navCategories, rngSubCategories } from './categories';
import { SLIDES_PER_GROUP, swiperPages, swiperRows } from './paging';
import { popupsFor, popupsSuppressed, suppressPopups } from './popups';
import { throttleLeading } from './throttle';
import { launchGate } from '../hooks/use-launch-game';

describe('favourite throttle', () => {
  it('runs the first call at once and drops the others inside the window', () => {
    let now = 0;
    const calls: number[] = [];
    const run = throttleLeading(
      (n: number) => calls.push(n),
      1000,
      () => now,
    );
    expect(run(1)).toBe(true);
    now = 400;
    expect(run(2)).toBe(false);
    now = 999;
    expect(run(3)).toBe(false);
    now = 1000;
    expect(run(4)).toBe(true);
    now = 1500;
    expect(run(5)).toBe(false);
    expect(calls).toEqual([1, 4]);
  });
});

describe('category click rule', () => {
  it('opens the page for HOME, PROMO, PVP, FISH and RNG whatever the vendor count', () => {
    for (const c of ['HOME', 'PROMO', 'PVP', 'FISH', 'RNG']) {
      expect(categoryClick(c, 1).kind).toBe('page');
      expect(categoryClick(c, 0).kind).toBe('page');
    }
    expect(categoryClick('FISH', 1)).toEqual({ kind: 'page', path: '/fish' });
  });

  it('opens the page of a category with more than one vendor', () => {
    expect(categoryClick('SPORTS', 2)).toEqual({ kind: 'page', path: '/sports' });
    expect(categoryClick('LIVE', 7)).toEqual({ kind: 'page', path: '/live' });
  });

  it('launches the single vendor of any other category', () => {
    expect(categoryClick('SPORTS', 1)).toEqual({ kind: 'launch', vendorIndex: 0 });
    expect(categoryClick('LIVE', 1).kind).toBe('launch');
    expect(categoryClick('ESPORTS', 1).kind).toBe('launch');
  });
});

describe('navigation categories', () => {
  it('lists only categories with vendors, in the spec order', () => {
    const lane = (title: string, n: number) => ({ title, cards: Array.from({ length: n }, (_, i) => i) });
    expect(
      navCategories([lane('RNG', 3), lane('LIVE', 1), lane('FISH', 0), lane('SPORTS', 2), lane('ELOTT', 1)]),
    ).toEqual(['SPORTS', 'LIVE', 'ELOTT', 'RNG']);
  });

  it('shows MXWIN only with more than ten RNG vendors, and then vendors 11 to 20', () => {
    const vendors = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(mxwinVendors(vendors.slice(0, 10))).toEqual([]);
    expect(mxwinVendors(vendors.slice(0, 12))).toEqual([11, 12]);
    expect(mxwinVendors(vendors)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('offers bingo only when the brand languages include TY', () => {
    expect(rngSubCategories(['EN', 'ZH'])).toEqual(['SC', 'VP', 'JP', 'TG', 'AC']);
    expect(rngSubCategories(['EN', 'TY'])).toEqual(['SC', 'VP', 'JP', 'TG', 'AC', 'BG']);
  });
});

describe('launch routing', () => {
  const game = { gameType: 'RNG', gameCode: 'G1', isGame: 'GAME' };
  it('sends lottery vendors to their pages with the game code', () => {
    expect(launchRoute({ ...game, vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT' })).toEqual({
      kind: 'route',
      to: '/vnLottery?gameCode=G1',
    });
    expect(launchRoute({ ...game, vassalage: 'TCG_SEA', gameType: 'LOTT' })).toEqual({
      kind: 'route',
      to: '/seaLottery?gameCode=G1',
    });
    expect(launchRoute({ ...game, vassalage: 'LOTT', gameType: 'LOTT' }).kind).toBe('route');
    expect(launchRoute({ ...game, vassalage: 'ELOTT', gameType: 'ELOTT', gameCode: null })).toEqual({
      kind: 'route',
      to: '/lottery',
    });
  });

  it('sends an RNG vendor entry to /rng for that vendor and opens other vendor lobbies in a popup', () => {
    expect(launchRoute({ vassalage: 'ARC', gameType: 'RNG', gameCode: null, isGame: 'VASSALAGE' })).toEqual({
      kind: 'route',
      to: '/rng?vassalage=ARC',
    });
    expect(launchRoute({ vassalage: 'FSH', gameType: 'FISH', gameCode: null, isGame: 'VASSALAGE' })).toEqual({
      kind: 'vendorPopup',
    });
  });

  it('sends a live studio card without a game to /live for that studio', () => {
    expect(launchRoute({ vassalage: 'VLV', gameType: 'LIVE', gameCode: null, isGame: 'GAME' })).toEqual({
      kind: 'route',
      to: '/live?vassalage=VLV',
    });
    expect(
      launchRoute({ vassalage: 'VLV', gameType: 'LIVE', gameCode: 'LIVE_ROULETTE', isGame: 'GAME' }),
    ).toEqual({
      kind: 'launch',
    });
  });

  it('launches a single game, RNG included', () => {
    expect(launchRoute({ ...game, vassalage: 'ARC' })).toEqual({ kind: 'launch' });
    expect(launchRoute({ vassalage: 'SPT', gameType: 'SPORTS', gameCode: 'book', isGame: 'GAME' })).toEqual({
      kind: 'launch',
    });
  });
});

describe('launch gate', () => {
  it('asks a guest to log in, for real money and free trial alike', () => {
    expect(launchGate('guest', 1)).toBe('login');
    expect(launchGate('guest', 0)).toBe('login');
  });
  it('tells a trial account to use a real one for real money, and lets it play free', () => {
    expect(launchGate('trial', 1)).toBe('needRealAccount');
    expect(launchGate('trial', 0)).toBe('launch');
  });
  it('launches for a real member', () => {
    expect(launchGate('real', 1)).toBe('launch');
    expect(launchGate('real', 0)).toBe('launch');
  });
});

describe('swiper paging', () => {
  it('uses 2 rows on home, and 4 elsewhere only with more than 6 games', () => {
    expect(swiperRows(true, 3)).toBe(2);
    expect(swiperRows(true, 40)).toBe(2);
    expect(swiperRows(false, 6)).toBe(1);
    expect(swiperRows(false, 7)).toBe(4);
  });

  it('splits into pages of six per row', () => {
    const games = Array.from({ length: 30 }, (_, i) => i);
    const pages = swiperPages(games, 2);
    expect(pages.map((p) => p.length)).toEqual([12, 12, 6]);
    expect(pages[1]![0]).toBe(12);
    expect(swiperPages(games, 4).map((p) => p.length)).toEqual([24, 6]);
    expect(swiperPages([], 2)).toEqual([]);
    expect(SLIDES_PER_GROUP).toBe(6);
  });
});

describe('announcement popups', () => {
  afterEach(() => sessionStorage.clear());
  const popups = [
    { id: 'a', execution: 'A' },
    { id: 'b', execution: 'B' },
    { id: 'f', execution: 'F' },
  ];

  it('shows B before login, A after login, and F only on a first login', () => {
    expect(popupsFor(popups, { loggedIn: false, firstLogin: false }).map((p) => p.id)).toEqual(['b']);
    expect(popupsFor(popups, { loggedIn: true, firstLogin: false }).map((p) => p.id)).toEqual(['a']);
    expect(popupsFor(popups, { loggedIn: true, firstLogin: true }).map((p) => p.id)).toEqual(['a', 'f']);
  });

  it('suppresses them for the session once closed, separately for visitors and members', () => {
    expect(popupsSuppressed(false)).toBe(false);
    suppressPopups(false);
    expect(popupsSuppressed(false)).toBe(true);
    expect(popupsSuppressed(true)).toBe(false);
    suppressPopups(true);
    expect(popupsSuppressed(true)).toBe(true);
    expect(Object.keys(sessionStorage).sort()).toEqual(['popupClosedAnon', 'popupClosedUser']);
  });
});
