import { type BrandTheme, brandThemeCss, defaultBrandTheme } from '@arcadia/contract';
import type { BrandSettings } from './brand.settings.js';

/**
 * The brand theme rule on the server (docs/back-office.md "Brand"): the colours are chosen on the
 * Brand page and checked by the contract's `brandThemeSchema`; the contract's `brandThemeCss` turns
 * them into the page's CSS variables (the web applies the same CSS in `lib/permission.ts`).
 */

/** The theme the Brand page shows: the brand's own, else the platform's default colours. */
export const themeOfSettings = (settings: BrandSettings): BrandTheme => settings.theme ?? defaultBrandTheme;

/**
 * The CSS the SPA's HTML carries for the brand's theme colours ('' when the brand chose none), so
 * the first paint has them and nothing repaints once the JavaScript runs.
 */
export const brandPageCss = (settings: BrandSettings): string => brandThemeCss(settings.theme);
