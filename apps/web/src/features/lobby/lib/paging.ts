/** Spec §9 swiper: 6 slides per group; 2 rows on home, 4 rows elsewhere when there are more than 6 games. */
export const SLIDES_PER_GROUP = 6;
export const HOME_PAGE_SIZE = 12;
export const PAGE_SIZE = 24;
export const FAVOURITES_PAGE_SIZE = 999;
export const HOME_VENDOR_LIMIT = 5;
export const NOTICE_PAGE_SIZE = 9;
export const WINNER_LIMIT = 20;
/** MXWIN lists RNG vendors 11 to 20, and exists only with more than 10 RNG vendors. */
export const MXWIN_FROM = 10;
export const MXWIN_TO = 20;

/** How many rows a swiper page shows: 2 on home; elsewhere 4 once there are more than 6 games. */
export function swiperRows(home: boolean, count: number): number {
  if (home) return 2;
  return count > SLIDES_PER_GROUP ? 4 : 1;
}

/**
 * Splits a list into swiper pages of `SLIDES_PER_GROUP × rows` items. An empty list gives no
 * pages (the caller shows No data).
 */
export function swiperPages<T>(items: readonly T[], rows: number): T[][] {
  const size = SLIDES_PER_GROUP * Math.max(1, rows);
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}
