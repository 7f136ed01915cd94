import { z } from 'zod';

/**
 * In a browser, Zod parses without compiling code. Its compiled parsers are built with
 * `new Function`, which the site's Content-Security-Policy (`script-src 'self'`) forbids: the mere
 * check shows up as an eval violation among the page's issues. The server keeps the compiled
 * parsers. Imported by `route.ts`, which every schema file imports, and listed under `sideEffects`
 * in package.json so bundlers keep it.
 */
if ('document' in globalThis) z.config({ jitless: true });
