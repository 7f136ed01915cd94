/**
 * The home page's first banner as the server drew it into the HTML (`data-first-banner` inside
 * `#root`, apps/server/src/plugins/spa.ts), read once before React replaces `#root`: the home
 * skeleton keeps showing that image in the same box until the carousel takes over.
 */
export const firstBanner: string | null =
  typeof document === 'undefined'
    ? null
    : (document.querySelector('#root [data-first-banner]')?.getAttribute('data-first-banner') ?? null);
