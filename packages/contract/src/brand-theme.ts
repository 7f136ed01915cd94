/**
 * A brand's theme colours as the player site's CSS (zod-free: the server writes it into the page's
 * HTML, the browser rewrites it when the brand changes). The primary colour leads both themes
 * (buttons, highlights, the accent gradient) and the accent is the focus and link colour; the
 * background and text colours are the dark theme's, so the light theme stays readable.
 */
export interface BrandThemeColours {
  primary: string;
  accent: string;
  background: string;
  text: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The text colour that reads on a background: near-black on light colours, near-white on dark. */
function contrastOn(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(n >> 16) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return l > 0.18 ? '#14110a' : '#ffffff';
}

/** The id of the `<style>` element that carries the brand's theme. */
export const BRAND_THEME_STYLE_ID = 'brand-theme';

/** The CSS of a brand's theme; empty for none (or for colours that are not `#rrggbb`). */
export function brandThemeCss(theme: BrandThemeColours | null | undefined): string {
  if (!theme || ![theme.primary, theme.accent, theme.background, theme.text].every((c) => HEX.test(c))) {
    return '';
  }
  const { primary, accent, background, text } = theme;
  const both =
    `--color-accent:${primary};--color-accent-strong:${primary};` +
    `--color-accent-contrast:${contrastOn(primary)};` +
    `--color-accent-soft:color-mix(in srgb,${primary} 14%,transparent);` +
    `--gradient-accent:linear-gradient(135deg,${primary} 0%,color-mix(in srgb,${primary} 85%,#000) 100%);` +
    `--color-focus:${accent};`;
  const dark =
    `--color-bg:${background};--color-surface:color-mix(in srgb,${background} 93%,${text});` +
    `--color-surface-2:color-mix(in srgb,${background} 89%,${text});` +
    `--color-surface-3:color-mix(in srgb,${background} 85%,${text});` +
    `--color-border:color-mix(in srgb,${background} 80%,${text});` +
    `--color-text:${text};--color-text-muted:color-mix(in srgb,${text} 62%,${background});`;
  return `html:root{${both}}:root[data-theme="dark"]{${dark}}`;
}
