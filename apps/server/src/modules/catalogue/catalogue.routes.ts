import { type RouteDescriptor, contentRoutes, lobbyRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { type RouteHandler, type RouteHooks, registerRoute } from '../../plugins/routes.js';
import { type BrandService, opsBrandOf, requestLanguage } from '../brand/index.js';
import type { VendorRegistry } from '../vendors/index.js';
import { bannerSvg, gameIconSvg, isGameMotif, vendorLogoSvg } from './art.js';
import type { CatalogueService } from './catalogue.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The vendor adapter registry the lobby launches through. */
    vendors: VendorRegistry;
    /** Launch-time hooks; `openRound` is replaced by the bets module's lookup. */
    catalogueLaunch: { openRound: OpenRoundLookup };
  }
}

/**
 * Whether the member has a round still open with this adapter. Only consulted for adapters whose
 * `singleOpenRound` is true. The bets module supplies the real lookup; until then nothing is open.
 */
export type OpenRoundLookup = (input: {
  merchantId: number;
  memberId: string;
  adapter: string;
}) => Promise<boolean>;

/** Generated art never changes for a given URL: browsers and CDNs may keep it for a year. */
const ART_CACHE = 'public, max-age=31536000, immutable';
const artCode = /^[A-Za-z0-9_-]{1,64}$/;

function registerArtRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>('/assets/art/vendor/:file', async (request, reply) => {
    const code = request.params.file.replace(/\.svg$/, '');
    if (!request.params.file.endsWith('.svg') || !artCode.test(code)) throw new AppError('not.found');
    return reply.type('image/svg+xml').header('cache-control', ART_CACHE).send(vendorLogoSvg(code));
  });
  app.get<{ Params: { motif: string; file: string } }>(
    '/assets/art/game/:motif/:file',
    async (request, reply) => {
      const { motif, file } = request.params;
      const code = file.replace(/\.svg$/, '');
      if (!file.endsWith('.svg') || !artCode.test(code) || !isGameMotif(motif))
        throw new AppError('not.found');
      return reply.type('image/svg+xml').header('cache-control', ART_CACHE).send(gameIconSvg(code, motif));
    },
  );
  app.get<{ Params: { file: string } }>('/assets/art/banner/:file', async (request, reply) => {
    const key = request.params.file.replace(/\.svg$/, '');
    if (!request.params.file.endsWith('.svg') || !artCode.test(key)) throw new AppError('not.found');
    return reply.type('image/svg+xml').header('cache-control', ART_CACHE).send(bannerSvg(key));
  });
}

export interface CatalogueRouteDeps {
  catalogue: CatalogueService;
  vendors: VendorRegistry;
  openRound: OpenRoundLookup;
  brands: BrandService;
  /** Refuses a real-money launch while the member is on a break (responsible gaming). */
  mayPlay?: (memberId: string) => Promise<void>;
}

export function registerCatalogueRoutes(app: FastifyInstance, hooks: RouteHooks, deps: CatalogueRouteDeps) {
  const { catalogue, vendors } = deps;
  app.decorate('vendors', vendors);
  const launchHooks = { openRound: deps.openRound };
  app.decorate('catalogueLaunch', launchHooks);
  registerArtRoutes(app);

  // The shared catalogue reads: memoised frozen replies, compressed by the route layer itself.
  const shared = <D extends RouteDescriptor>(route: D, handler: RouteHandler<D>) =>
    registerRoute(app, hooks, route, handler, { shared: true });
  shared(lobbyRoutes.gameList, ({ brand, query, request }) =>
    catalogue.list(brand.id, requestLanguage(request, brand, query.language), query),
  );
  shared(lobbyRoutes.hotGames, ({ brand, query, request }) =>
    catalogue.hot(brand.id, requestLanguage(request, brand, query.language), query),
  );
  for (const route of [lobbyRoutes.gameVendors, lobbyRoutes.gameVendorsLegacy]) {
    shared(route, ({ brand, query, request }) =>
      catalogue.lanes(brand.id, requestLanguage(request, brand, query.language)),
    );
  }
  registerRoute(app, hooks, lobbyRoutes.vendorGameTypes, async ({ brand }) =>
    catalogue.vendorGameTypes(brand.id),
  );

  registerRoute(app, hooks, lobbyRoutes.favouriteIds, async ({ session }) =>
    catalogue.favouriteIds(session!.member.id),
  );
  registerRoute(app, hooks, lobbyRoutes.favouriteList, async ({ brand, session, query, request }) =>
    catalogue.favouriteList(
      brand.id,
      session!.member.id,
      requestLanguage(request, brand, query.language),
      query,
    ),
  );
  registerRoute(app, hooks, lobbyRoutes.favouriteAdd, async ({ brand, session, body }) =>
    catalogue.addFavourite(brand.id, session!.member.id, body.nodeId),
  );
  registerRoute(app, hooks, lobbyRoutes.favouriteRemove, async ({ session, body }) =>
    catalogue.removeFavourite(session!.member.id, body.nodeId),
  );
  registerRoute(app, hooks, lobbyRoutes.recentGames, async ({ brand, session, query, request }) =>
    catalogue.recent(brand.id, session!.member.id, requestLanguage(request, brand, query.language)),
  );

  registerRoute(app, hooks, lobbyRoutes.launchGame, async ({ brand, session, query, request }) => {
    const member = session!.member;
    const mode = query.accountType === 0 ? 'trial' : 'real';
    // Trial (free-play) accounts hold play money only: a real-money launch needs a real account.
    if (mode === 'real' && brand.settings.trialTypes.includes(member.type))
      throw new AppError('in_need_true_account');
    if (mode === 'real') await deps.mayPlay?.(member.id);
    const nodeId = query.nodeId ?? query.gameId;
    if (nodeId === undefined && !query.gameCode) {
      throw new AppError('request_param_err', { fields: { nodeId: 'name the game by nodeId or gameCode' } });
    }
    const game = await catalogue.find(brand.id, {
      nodeId,
      gameCode: nodeId === undefined ? query.gameCode : undefined,
    });
    if (game.isGame === 'VASSALAGE') {
      throw new AppError('request_param_err', {
        fields: { nodeId: 'a studio lobby entry opens its game list' },
      });
    }
    if (mode === 'trial' && !game.trial) {
      throw new AppError('request_param_err', { fields: { accountType: 'this game has no free play' } });
    }
    const adapter = vendors.get(game.adapter);
    if (!adapter || !adapter.configured()) throw new AppError('game.unavailable', { adapter: game.adapter });
    if (
      adapter.singleOpenRound &&
      mode === 'real' &&
      (await launchHooks.openRound({ merchantId: brand.id, memberId: member.id, adapter: adapter.code }))
    ) {
      throw new AppError('game.round.open');
    }
    const result = await adapter.launch({
      merchantId: brand.id,
      memberId: member.id,
      account: member.account,
      gameCode: game.gameCode,
      vassalage: game.vassalage,
      mode,
      language: requestLanguage(request, brand, query.language),
      currency: brand.currency,
      ...(query.returnUrl ? { returnUrl: query.returnUrl } : {}),
    });
    await catalogue.recordLaunch(member.id, game.nodeId);
    return { content: { game_url: result.url } };
  });

  // ── operator ─────────────────────────────────────────────────────────────────────────────
  const opsBrand = (code: string) => opsBrandOf(deps.brands, code);
  registerRoute(app, hooks, lobbyRoutes.opsVendorList, async ({ params }) =>
    catalogue.opsVendors((await opsBrand(params.merchantCode)).id),
  );
  registerRoute(app, hooks, lobbyRoutes.opsVendorUpdate, async ({ params, body, operator }) =>
    catalogue.opsUpdateVendor(
      (await opsBrand(params.merchantCode)).id,
      params.vassalage.toUpperCase(),
      body,
      operator!.actor,
    ),
  );
  registerRoute(app, hooks, lobbyRoutes.opsGameList, async ({ params, query }) =>
    catalogue.opsGames((await opsBrand(params.merchantCode)).id, query),
  );
  registerRoute(app, hooks, lobbyRoutes.opsGameUpdate, async ({ params, body, operator }) =>
    catalogue.opsUpdateGame((await opsBrand(params.merchantCode)).id, params.nodeId, body, operator!.actor),
  );
  registerRoute(app, hooks, contentRoutes.opsVendorCredentialSet, async ({ params, body, operator }) =>
    catalogue.opsSetCredential(
      (await opsBrand(params.merchantCode)).id,
      params.vassalage.toUpperCase(),
      body,
      operator!.actor,
    ),
  );
}
