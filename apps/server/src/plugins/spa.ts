import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { BRAND_THEME_STYLE_ID } from '@arcadia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What the home page paints before its JavaScript has run: its first banner. */
export interface FirstPaint {
  /** The first home banner's image (site path), or null when there is none. */
  bannerUrl: string | null;
  /** The same image as a `data:` URI when it is small: painted with the HTML, no request. */
  bannerDataUri?: string | null;
  /** The visitor's theme as `theme-init.js` last remembered it (a cookie); dark by default. */
  theme?: 'dark' | 'light';
}

const THEME_SCRIPT = '<script src="/theme-init.js"></script>';

/**
 * The page with the brand's theme colours (`brandThemeCss`, already built from checked `#rrggbb`
 * values) in a `<style>` at the end of `<head>`, after the stylesheet it overrides.
 */
export function withBrandTheme(html: string, css: string): string {
  if (!css) return html;
  const style = `<style id="${BRAND_THEME_STYLE_ID}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  return html.replace('</head>', () => `  ${style}\n  </head>`);
}

/** The `theme` cookie's value, when it names a theme. */
export function themeOf(cookieHeader: string | undefined): 'dark' | 'light' | undefined {
  const m = /(?:^|;\s*)theme=(dark|light)(?:;|$)/.exec(cookieHeader ?? '');
  return m ? (m[1] as 'dark' | 'light') : undefined;
}

/** The stylesheets index.html links, read once: the home page carries them inline. */
export interface InlineStyles {
  /** The `<link rel="stylesheet">` tag as it stands in index.html. */
  tag: string;
  css: string;
}

const escapeAttr = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!);

/**
 * The home page's HTML with its first screen drawn in: the first banner (the largest thing on a
 * phone's first screen) painted inside `#root` at the place and size the app gives it (its shell
 * and banner classes), so it is on screen before the app's JavaScript has loaded. A small image
 * comes inline as a `data:` URI, a larger one is preloaded at high priority; the stylesheet comes
 * inline too, so the first paint waits for no other request. React replaces the whole of `#root`
 * on its first render; the home skeleton shows the same image in the same box until the carousel.
 */
export function withFirstPaint(indexHtml: string, paint: FirstPaint, styles: InlineStyles[] = []): string {
  if (!paint.bannerUrl || !paint.bannerUrl.startsWith('/')) return indexHtml;
  const url = escapeAttr(paint.bannerUrl);
  const inline = paint.bannerDataUri?.startsWith('data:image/') ? escapeAttr(paint.bannerDataUri) : null;
  // Inline, the image comes with the HTML; otherwise it is fetched first of all.
  const preload = inline ? '' : `<link rel="preload" as="image" href="${url}" fetchpriority="high" />`;
  const shell =
    `<div class="shell shell--side-open" aria-hidden="true"><div class="shell__main">` +
    `<header class="app-header"></header><main class="shell__content"><div class="home">` +
    `<div class="banner"><div class="banner__track"><div class="banner__slide" data-first-banner="${url}">` +
    `<img src="${inline ?? url}" alt="" fetchpriority="high" /></div></div></div></div></main></div></div>`;
  // Early in <head> (right after the charset), so it is found before the scripts and styles.
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  let html = !preload
    ? indexHtml
    : charset.test(indexHtml)
      ? indexHtml.replace(charset, (m) => `${m}\n    ${preload}`)
      : indexHtml.replace('</head>', `    ${preload}\n  </head>`);
  // The stylesheet inline: the first paint waits for no request but the HTML's own.
  for (const { tag, css } of styles)
    html = html.replace(tag, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  // The theme script waits after the first screen: the page is painted in the remembered theme
  // (the server's `data-theme`) while it loads, and it corrects a theme changed elsewhere since.
  if (html.includes(THEME_SCRIPT)) {
    html = html
      .replace(THEME_SCRIPT, '')
      .replace(
        /<html([^>]*)>/i,
        (_, attrs: string) => `<html${attrs} data-theme="${paint.theme ?? 'dark'}">`,
      );
    // The app's scripts are asked for once the first screen is painted (theme-init.js starts them
    // after the first frame): fetched and compiled before it, on a phone they held the first paint
    // back, and the banner came after them.
    const deferred = deferEntry(html);
    html = deferred.html;
    const boot = deferred.entry
      ? `<script src="/theme-init.js" data-entry="${escapeAttr(deferred.entry)}" data-preload="${escapeAttr(deferred.preload.join(' '))}"></script>`
      : THEME_SCRIPT;
    return html.replace('<div id="root"></div>', `<div id="root">${shell}</div>\n    ${boot}`);
  }
  return html.replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;

/**
 * The page without its entry script and module preloads (the build's own tags, this build's
 * assets only), and what they named: the entry and the modules to preload with it.
 */
export function deferEntry(html: string): { html: string; entry: string | null; preload: string[] } {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return { html, entry: null, preload: [] };
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  return { html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), entry: entry[1]!, preload };
}

/**
 * Serves the built SPA. Hashed assets under /assets are cached for a year; index.html is never
 * cached so a deploy is picked up at once. Returns the history-fallback responder, or null when
 * there is no build (development with Vite, or API-only tests). With `firstPaint`, the home page
 * (`/`) is sent with its first banner drawn in (see withFirstPaint).
 */
export async function registerSpa(
  app: FastifyInstance,
  dir: string,
  options: {
    firstPaint?: (request: FastifyRequest) => Promise<FirstPaint>;
    /** The CSS of the default brand's theme colours ('' for none); never the back office's. */
    brandCss?: () => Promise<string>;
  } = {},
) {
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const indexHtml = fs.readFileSync(indexFile);
  const indexText = indexHtml.toString('utf8');
  // Only the entry's own stylesheets, from this build's assets folder.
  const styles: InlineStyles[] = [];
  for (const m of indexText.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g)) {
    const file = path.join(dir, m[1]!);
    if (fs.existsSync(file)) styles.push({ tag: m[0], css: fs.readFileSync(file, 'utf8') });
  }
  await app.register(fastifyStatic, {
    root: dir,
    // `/` is the home page below; other paths fall back to index.html (the returned responder).
    index: false,
    // One route per built file (listed at start): an unknown path costs a route miss, not a disk
    // lookup, so the not-found answer is as cheap as any other.
    wildcard: false,
    setHeaders(res, filePath) {
      const rel = path.relative(dir, filePath);
      res.header(
        'cache-control',
        rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendIndex = (reply: FastifyReply, body: Buffer | string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);
  const brandCss = async (request: FastifyRequest) =>
    options.brandCss
      ? options.brandCss().catch((err: unknown) => {
          request.log.warn({ err }, 'brand theme unavailable');
          return '';
        })
      : '';
  // The themed page, remembered for the theme it was made for (brands change rarely).
  let themed: { css: string; html: Buffer } | null = null;
  const themedIndex = (css: string) => {
    if (!css) return indexHtml;
    if (themed?.css !== css) themed = { css, html: Buffer.from(withBrandTheme(indexText, css)) };
    return themed.html;
  };
  const home = async (request: FastifyRequest, reply: FastifyReply) => {
    const css = await brandCss(request);
    if (!options.firstPaint) return sendIndex(reply, themedIndex(css));
    // The page never fails for its banner: without one it is the plain index.html.
    const paint = await options.firstPaint(request).catch((err: unknown) => {
      request.log.warn({ err }, 'home first paint unavailable');
      return null;
    });
    return sendIndex(
      reply,
      paint ? withBrandTheme(withFirstPaint(indexText, paint, styles), css) : themedIndex(css),
    );
  };
  app.get('/', home);
  return (request: FastifyRequest, reply: FastifyReply) => {
    const accept = request.headers.accept ?? '';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !accept.startsWith('image/');
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0] ?? '');
    if (!wantsPage || looksLikeFile) return null;
    if (request.url === '/ops' || request.url.startsWith('/ops/') || request.url.startsWith('/ops?')) {
      return sendIndex(reply, indexHtml);
    }
    return brandCss(request).then((css) => sendIndex(reply, themedIndex(css)));
  };
}
