import { brandThemeCss } from '@arcadia/contract';
import { describe, expect, it } from 'vitest';
import { deferEntry, themeOf, withBrandTheme, withFirstPaint } from './spa.js';

const index = `<!doctype html><html><head><meta charset="UTF-8" /><title>x</title></head><body><div id="root"></div></body></html>`;

describe('the home page first paint', () => {
  it('preloads the first banner at high priority and draws it into #root', () => {
    const html = withFirstPaint(index, { bannerUrl: '/assets/art/banner/home-1.svg' });
    expect(html).toContain(
      '<link rel="preload" as="image" href="/assets/art/banner/home-1.svg" fetchpriority="high" />',
    );
    // Right after the charset: found before the scripts and the stylesheet.
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('<title>'));
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('data-first-banner="/assets/art/banner/home-1.svg"');
    expect(root).toContain('<img src="/assets/art/banner/home-1.svg" alt="" fetchpriority="high" />');
    // The app's own classes: the banner sits where the app puts it, at its aspect ratio.
    expect(root).toMatch(/class="shell__content"><div class="home"><div class="banner">/);
  });

  it('leaves the page as it is without a banner, or with one that is not a site path', () => {
    expect(withFirstPaint(index, { bannerUrl: null })).toBe(index);
    expect(withFirstPaint(index, { bannerUrl: 'https://elsewhere.example/a.svg' })).toBe(index);
  });

  it('escapes the URL', () => {
    const html = withFirstPaint(index, { bannerUrl: '/a"><script>alert(1)</script>.svg' });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('/a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.svg');
  });

  it('paints a small banner inline and carries the stylesheet inline, without a preload', () => {
    const page = index.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/index-x.css"></head>',
    );
    const html = withFirstPaint(
      page,
      { bannerUrl: '/assets/art/banner/home-1.svg', bannerDataUri: 'data:image/svg+xml;base64,PHN2Zy8+' },
      [{ tag: '<link rel="stylesheet" crossorigin href="/assets/index-x.css">', css: '.banner{color:red}' }],
    );
    expect(html).not.toContain('rel="preload"');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<style>.banner{color:red}</style>');
    expect(html).toContain('<img src="data:image/svg+xml;base64,PHN2Zy8+" alt="" fetchpriority="high" />');
    // The app's skeleton keeps the site path.
    expect(html).toContain('data-first-banner="/assets/art/banner/home-1.svg"');
  });

  it('paints in the remembered theme and loads the theme script after the first screen', () => {
    const page = index
      .replace('<html>', '<html lang="en">')
      .replace('<title>', '<script src="/theme-init.js"></script><title>');
    const dark = withFirstPaint(page, { bannerUrl: '/b.svg' });
    expect(dark).toContain('<html lang="en" data-theme="dark">');
    const light = withFirstPaint(page, { bannerUrl: '/b.svg', theme: 'light' });
    expect(light).toContain('<html lang="en" data-theme="light">');
    // Once, after #root's first screen, no longer blocking the head.
    expect(light.split('theme-init.js').length).toBe(2);
    expect(light.indexOf('theme-init.js')).toBeGreaterThan(light.indexOf('data-first-banner'));
  });

  it('leaves the app scripts to the theme script, which asks for them after the first screen', () => {
    const page = index
      .replace('<title>', '<script src="/theme-init.js"></script><title>')
      .replace(
        '</head>',
        '<script type="module" crossorigin src="/assets/index-a1.js"></script>\n' +
          '<link rel="modulepreload" crossorigin href="/assets/shell-b2.js">\n' +
          '<link rel="modulepreload" crossorigin href="/assets/app-c3.js"></head>',
      );
    const html = withFirstPaint(page, { bannerUrl: '/b.svg' });
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<script src="/theme-init.js" data-entry="/assets/index-a1.js" data-preload="/assets/shell-b2.js /assets/app-c3.js"></script>',
    );
    expect(html.indexOf('data-entry')).toBeGreaterThan(html.indexOf('data-first-banner'));
    // Only the build's own tags: a page without them is left as it is.
    expect(deferEntry(index)).toEqual({ html: index, entry: null, preload: [] });
  });

  it('reads the theme cookie', () => {
    expect(themeOf('a=1; theme=light; b=2')).toBe('light');
    expect(themeOf('theme=dark')).toBe('dark');
    expect(themeOf('theme=blue')).toBeUndefined();
    expect(themeOf('xtheme=light')).toBeUndefined();
    expect(themeOf(undefined)).toBeUndefined();
  });
});

describe('the brand theme in the page', () => {
  const html =
    '<html><head><link rel="stylesheet" href="/assets/a.css"></head><body><div id="root"></div></body></html>';
  it('adds the brand colours after the stylesheet, and nothing without a theme', () => {
    const css = brandThemeCss({
      primary: '#ff0066',
      accent: '#00aaff',
      background: '#101010',
      text: '#fafafa',
    });
    const page = withBrandTheme(html, css);
    expect(page.indexOf('<style id="brand-theme">')).toBeGreaterThan(page.indexOf('a.css'));
    expect(page).toContain('--color-accent:#ff0066');
    expect(page).toContain(':root[data-theme="dark"]{--color-bg:#101010');
    expect(withBrandTheme(html, '')).toBe(html);
  });
  it('writes nothing for colours that are not #rrggbb', () => {
    expect(
      brandThemeCss({
        primary: 'red;}</style><script>',
        accent: '#00aaff',
        background: '#101010',
        text: '#fafafa',
      }),
    ).toBe('');
  });
  it('puts dark text on a light primary colour and white on a dark one', () => {
    const on = (primary: string) =>
      /--color-accent-contrast:(#[0-9a-f]{6})/.exec(
        brandThemeCss({ primary, accent: '#000000', background: '#000000', text: '#ffffff' }),
      )?.[1];
    expect(on('#f5c451')).toBe('#14110a');
    expect(on('#1a237e')).toBe('#ffffff');
  });
});
