// What the browser downloads for the home route: every JS chunk reachable through static imports
// from the index.html entry and the home route (lazy imports excluded), and their CSS, measured
// from the Vite manifest of a web build. Shared by `npm run bench -- startup` and the bundle
// budget check of `npm test` (scripts/check-bundle.mjs).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const WEB_DIST = 'apps/web/dist';
export const MANIFEST = `${WEB_DIST}/.vite/manifest.json`;
export const ENTRY_KEY = 'index.html';
export const HOME_KEY = 'src/app/routes/home.tsx';

/**
 * @typedef {object} ManifestChunk
 * @property {string} file
 * @property {string[]} [imports]
 * @property {string[]} [dynamicImports]
 * @property {string[]} [css]
 */

/**
 * @param {string} root the repository root
 * @returns {{ chunks: { key: string, file: string, raw: number, gzip: number }[],
 *   css: { file: string, raw: number, gzip: number }[], jsRaw: number, jsGzip: number, cssGzip: number,
 *   homeIsLazy: boolean }}
 */
export function measureHomeBundle(root) {
  const dist = path.join(root, WEB_DIST);
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(fs.readFileSync(path.join(root, MANIFEST), 'utf8'));
  for (const key of [ENTRY_KEY, HOME_KEY]) {
    if (!manifest[key])
      throw new Error(`${MANIFEST} has no "${key}" chunk; did the entry or the home route move?`);
  }
  /** @type {Set<string>} */
  const keys = new Set();
  const stack = [ENTRY_KEY, HOME_KEY];
  while (stack.length > 0) {
    const key = /** @type {string} */ (stack.pop());
    if (keys.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${MANIFEST}: chunk "${key}" is imported but not listed`);
    keys.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  /** @param {string} file path relative to the dist directory */
  const sizes = (file) => {
    const full = path.join(dist, file);
    if (!fs.existsSync(full))
      throw new Error(`${WEB_DIST}/${file} is in the manifest but not on disk (is a build running?)`);
    const buf = fs.readFileSync(full);
    return { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
  };
  const chunks = [...keys].map((key) => ({ key, file: manifest[key].file, ...sizes(manifest[key].file) }));
  const cssFiles = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
  const css = cssFiles.map((file) => ({ file, ...sizes(file) }));
  return {
    chunks,
    css,
    jsRaw: chunks.reduce((sum, c) => sum + c.raw, 0),
    jsGzip: chunks.reduce((sum, c) => sum + c.gzip, 0),
    cssGzip: css.reduce((sum, c) => sum + c.gzip, 0),
    homeIsLazy: manifest[ENTRY_KEY].dynamicImports?.includes(HOME_KEY) ?? false,
  };
}
