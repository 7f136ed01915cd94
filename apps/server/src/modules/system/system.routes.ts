import { type LanguageCode, buildWhitelabelTree, languageCodes, systemRoutes } from '@arcadia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { SystemService } from './system.service.js';

/** The `Language` header, when it names a language we know. */
function headerLanguage(request: FastifyRequest): LanguageCode | undefined {
  const value = request.headers.language;
  const code = typeof value === 'string' ? value.toUpperCase() : undefined;
  return code && (languageCodes as readonly string[]).includes(code) ? (code as LanguageCode) : undefined;
}

export function registerSystemRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  system: SystemService,
  clock: Clock,
) {
  registerRoute(app, hooks, systemRoutes.systemStatus, async ({ brand, request }) =>
    system.status(brand, request.ip),
  );
  registerRoute(app, hooks, systemRoutes.systemDomainRoute, async ({ brand }) => brand.settings.domains);
  registerRoute(app, hooks, systemRoutes.systemWhitelabel, async ({ brand }) =>
    buildWhitelabelTree(brand.modules),
  );
  registerRoute(app, hooks, systemRoutes.systemRegisterSettings, async ({ brand }) => brand.registerRules);
  registerRoute(app, hooks, systemRoutes.systemCountry, async ({ brand }) => system.countries(brand));
  registerRoute(app, hooks, systemRoutes.systemHelpCenter, async ({ brand, query, request }) =>
    system.helpCenter(brand, query.lang ?? headerLanguage(request)),
  );
  registerRoute(app, hooks, systemRoutes.feedback, async ({ brand, body, request }) =>
    system.leaveFeedback(brand, body, { memberId: null, ip: request.ip }),
  );
  // The test clock (TEST_CLOCK=1 only): not found anywhere else.
  registerRoute(app, hooks, systemRoutes.devClock, async ({ body }) => {
    if (!clock.settable) throw new AppError('not.found');
    const now = clock.advance(body.advanceMs);
    return { now: now.toISOString(), offsetMs: clock.offsetMs() };
  });
}
