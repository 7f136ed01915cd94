import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { AppModule } from '../../lib/app-module.js';
import { registerDocs } from '../../plugins/docs.js';
import { isApiPath, sendNotFound } from '../../plugins/errors.js';
import { registerSpa, themeOf } from '../../plugins/spa.js';
import type { AnnouncementsService } from '../announcements/announcements.service.js';
import { type BrandService, brandPageCss } from '../brand/index.js';

/**
 * The site around the API: the API documentation at /docs, the built SPA with its history
 * fallback, the home page's server-drawn first screen (its first banner painted with the HTML) and
 * the default brand's theme colours inlined into the page, and the envelope 404 for everything else.
 * Registered last: its not-found handler answers whatever no module claimed.
 */
export function createSiteModule(deps: {
  config: Config;
  brands: BrandService;
  announcements: AnnouncementsService;
  /** The build's version, shown by the API documentation. */
  version?: string;
}): AppModule {
  const { config, brands, announcements } = deps;
  return {
    name: 'site',
    async register(app: FastifyInstance) {
      await registerDocs(app, deps.version ?? '0.0.0');
      const smallSvg = smallSvgReader(app);
      const spaFallback = await registerSpa(app, config.STATIC_DIR, {
        firstPaint: async (request) => {
          const brand = await brands.get(config.DEFAULT_MERCHANT);
          const { banners } = await announcements.list(brand.id, brand.defaultLanguage, {
            types: 'B',
            groupName: 'w_home',
          });
          const bannerUrl = banners[0]?.url || null;
          return {
            bannerUrl,
            bannerDataUri: bannerUrl ? await smallSvg(bannerUrl) : null,
            theme: themeOf(request.headers.cookie),
          };
        },
        // The brand's theme colours come with the page: no repaint once its JavaScript runs.
        brandCss: async () => brandPageCss((await brands.get(config.DEFAULT_MERCHANT)).settings),
      });
      app.setNotFoundHandler((request, reply) => {
        if (!isApiPath(request.url) && spaFallback) {
          const sent = spaFallback(request, reply);
          if (sent) return sent;
        }
        return sendNotFound(reply);
      });
    },
  };
}

/**
 * A small SVG of this site (the generated banners) as a data: URI, read through the app's own
 * route once per URL: the home page paints it with its HTML.
 */
function smallSvgReader(app: FastifyInstance) {
  const cache = new Map<string, string | null>();
  return async (url: string): Promise<string | null> => {
    if (cache.has(url)) return cache.get(url)!;
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'image/svg+xml' } });
    const svg =
      res.statusCode === 200 &&
      String(res.headers['content-type']).startsWith('image/svg+xml') &&
      res.rawPayload.length <= 8_000
        ? `data:image/svg+xml;base64,${res.rawPayload.toString('base64')}`
        : null;
    if (cache.size < 32) cache.set(url, svg);
    return svg;
  };
}
