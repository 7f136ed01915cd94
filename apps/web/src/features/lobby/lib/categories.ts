import { paths } from '../../../config/paths';

/**
 * The lobby's category rules (spec §2, §4; reference §5): which categories the navigation shows,
 * what clicking one does, and where a launched game goes.
 */

/** Navigation order of spec §2: Home, the game categories that have vendors, Promotions. */
export const navCategoryOrder = ['SPORTS', 'ESPORTS', 'LIVE', 'LOTT', 'ELOTT', 'FISH', 'PVP', 'RNG'] as const;
export type NavCategory = (typeof navCategoryOrder)[number];

/** The page of each navigable category (spec §2 route table). */
export const categoryPath: Record<NavCategory | 'HOME' | 'PROMO', string> = {
  HOME: paths.home,
  PROMO: paths.promotions,
  SPORTS: paths.sports,
  ESPORTS: paths.esports,
  LIVE: paths.live,
  LOTT: paths.lott,
  ELOTT: paths.elott,
  FISH: paths.fish,
  PVP: paths.pvp,
  RNG: paths.rng,
};

/** Reference §5 nav label keys (common namespace). */
export const categoryLabelKey = {
  HOME: 'hd_home',
  PROMO: 'hd_event',
  SPORTS: 'con_sports',
  ESPORTS: 'compete_game',
  LIVE: 'con_live',
  LOTT: 'con_lott',
  ELOTT: 'con_lott',
  FISH: 'con_fish',
  PVP: 'con_pvp',
  RNG: 'con_rng',
} as const;

export interface LaneLike<C> {
  title: string;
  cards: readonly C[];
}

/** The categories to list between HOME and PROMO: known ones with at least one vendor, in order. */
export function navCategories<C>(lanes: readonly LaneLike<C>[]): NavCategory[] {
  const withVendors = new Set(lanes.filter((l) => l.cards.length > 0).map((l) => l.title));
  return navCategoryOrder.filter((c) => withVendors.has(c));
}

/** Categories whose entry always opens their page, whatever the vendor count (spec §2). */
const pageCategories = new Set(['HOME', 'PROMO', 'PVP', 'FISH', 'RNG']);

export type CategoryClick = { kind: 'page'; path: string } | { kind: 'launch'; vendorIndex: 0 };

/**
 * Spec §2 category click: open the page for HOME, PROMO, PVP, FISH, RNG or a category with more
 * than one vendor; otherwise launch the category's single vendor directly.
 */
export function categoryClick(category: string, vendorCount: number): CategoryClick {
  const path = categoryPath[category as NavCategory] ?? paths.home;
  if (pageCategories.has(category) || vendorCount !== 1) return { kind: 'page', path };
  return { kind: 'launch', vendorIndex: 0 };
}

/** Over 10 vendors the hover drop-down switches to its large layout (spec §2). */
export const LARGE_DROPDOWN_FROM = 11;

export interface LaunchTarget {
  vassalage: string;
  gameType: string;
  gameCode?: string | null | undefined;
  isGame?: string | null | undefined;
}

export type LaunchRoute = { kind: 'route'; to: string } | { kind: 'vendorPopup' } | { kind: 'launch' };

/**
 * Spec §2 launch routing: TCG_LOTTO_VN → /vnLottery, TCG_SEA → /seaLottery, LOTT or ELOTT →
 * /lottery (game code in the query); a vendor lobby entry of type RNG → /rng for that vendor (and a
 * live studio's card without a lobby → /live for that studio);
 * other VASSALAGE entries open the popup game list; anything else launches.
 */
export function launchRoute(game: LaunchTarget): LaunchRoute {
  const code = game.gameCode ? `?gameCode=${encodeURIComponent(game.gameCode)}` : '';
  if (game.vassalage === 'TCG_LOTTO_VN') return { kind: 'route', to: `${paths.vnLottery}${code}` };
  if (game.vassalage === 'TCG_SEA') return { kind: 'route', to: `${paths.seaLottery}${code}` };
  if (
    game.vassalage === 'LOTT' ||
    game.vassalage === 'ELOTT' ||
    game.gameType === 'LOTT' ||
    game.gameType === 'ELOTT'
  )
    return { kind: 'route', to: `${paths.lottery}${code}` };
  // A vendor entry (a lane card or a banner naming a vendor), not one game of its list.
  const vendorEntry = game.isGame === 'VASSALAGE' || !game.gameCode;
  if (vendorEntry && game.gameType === 'RNG')
    return { kind: 'route', to: `${paths.rng}?vassalage=${encodeURIComponent(game.vassalage)}` };
  // A live studio's entry without a lobby of its own (the house live tables): its tables' list.
  if (vendorEntry && game.gameType === 'LIVE' && game.isGame !== 'VASSALAGE')
    return { kind: 'route', to: `${paths.live}?vassalage=${encodeURIComponent(game.vassalage)}` };
  if (vendorEntry && game.gameType === 'PVP' && game.isGame !== 'VASSALAGE')
    return { kind: 'route', to: `${paths.pvp}?vassalage=${encodeURIComponent(game.vassalage)}` };
  if (game.isGame === 'VASSALAGE') return { kind: 'vendorPopup' };
  return { kind: 'launch' };
}

/** Slot sub-categories (spec §2): bingo only when the brand's language list contains TY. */
export function rngSubCategories(supportLanguages: readonly string[]): string[] {
  return ['SC', 'VP', 'JP', 'TG', 'AC', ...(supportLanguages.includes('TY') ? ['BG'] : [])];
}

/** MXWIN (spec §2, §9): RNG vendors 11 to 20, only when there are more than 10. */
export function mxwinVendors<C>(rngVendors: readonly C[]): C[] {
  return rngVendors.length > 10 ? rngVendors.slice(10, 20) : [];
}
