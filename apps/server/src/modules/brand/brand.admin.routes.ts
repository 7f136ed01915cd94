import { brandAdminRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { isValidRange } from '../../lib/ip-ranges.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import { type BrandAdmin, logoFilePattern, logoMime } from './brand.admin.js';
import { registerBrandOpsRoutes } from './brand.routes.js';
import type { BrandService } from './brand.service.js';

const invalid = (field: string, message: string) =>
  new AppError('request_param_err', { fields: { [field]: message } });

/**
 * The Brand page's routes (docs/back-office.md "Brand"): the availability switches, creating a
 * brand, its edits, the logo. `applied` runs after each change (cache and open sites told).
 */
export function registerBrandAdminRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: { brands: BrandService; admin: BrandAdmin; applied: (code: string, id: number) => Promise<void> },
) {
  const { admin, applied } = deps;
  registerBrandOpsRoutes(app, hooks, deps.brands);

  registerRoute(app, hooks, brandAdminRoutes.opsBrandCreate, async ({ body, operator }) => {
    // A brand-bound admin runs its own brand only; a new brand is the deployment's business.
    if (operator!.merchantCode !== null) throw new AppError('forbidden');
    return admin.create(body, operator!.username);
  });

  registerRoute(app, hooks, brandAdminRoutes.opsBrandGet, async ({ params }) =>
    admin.view(params.merchantCode),
  );

  registerRoute(app, hooks, brandAdminRoutes.opsBrandUpdate, async ({ params, body, operator }) => {
    const { reason, gtagId, name, defaultLanguage, ...parts } = body;
    const { view, id } = await admin.change(params.merchantCode, operator!.username, reason, (row, s) => {
      const settings = { ...s };
      const before: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(parts)) {
        if (value === undefined) continue;
        before[key] = (s as Record<string, unknown>)[key];
        (settings as Record<string, unknown>)[key] = value;
      }
      if (gtagId !== undefined) {
        before.gtagId = s.analytics.gtagId;
        settings.analytics = { ...s.analytics, gtagId };
      }
      const language = defaultLanguage ?? row.default_language;
      if (!settings.supportLanguages.includes(language as never))
        throw invalid('defaultLanguage', 'the default language must be one of the supported languages');
      if (settings.mainDomain !== '' && !settings.domains.includes(settings.mainDomain))
        throw invalid('mainDomain', 'the main domain must be one of the domains');
      if (name !== undefined) before.name = row.name;
      if (defaultLanguage !== undefined) before.defaultLanguage = row.default_language;
      return {
        action: 'brand.update',
        payload: { before, after: { ...parts, name, defaultLanguage, gtagId } },
        settings,
        ...(name !== undefined ? { name } : {}),
        ...(defaultLanguage !== undefined ? { defaultLanguage } : {}),
      };
    });
    await applied(view.merchantCode, id);
    return view;
  });

  registerRoute(app, hooks, brandAdminRoutes.opsBrandLook, async ({ params, body, operator }) => {
    const { reason, theme, customerService } = body;
    const { view, id } = await admin.change(params.merchantCode, operator!.username, reason, (_row, s) => ({
      action: 'brand.look',
      payload: {
        before: { theme: s.theme ?? null, customerService: s.customerService },
        after: { theme, customerService },
      },
      settings: {
        ...s,
        ...(theme ? { theme } : {}),
        ...(customerService ? { customerService } : {}),
      },
    }));
    await applied(view.merchantCode, id);
    return view;
  });

  registerRoute(
    app,
    hooks,
    brandAdminRoutes.opsBrandLogo,
    async ({ params, body, operator }) => {
      const { view, id } = await admin.change(
        params.merchantCode,
        operator!.username,
        body.reason,
        async (row, s) => {
          const file = await admin.storeLogo(row.id, body.data);
          return {
            action: 'brand.logo',
            payload: { before: s.logo?.file ?? null, after: file },
            settings: { ...s, logo: { file } },
          };
        },
      );
      await applied(view.merchantCode, id);
      return view;
    },
    { bodyLimit: 1024 * 1024 },
  );

  registerRoute(app, hooks, brandAdminRoutes.opsBrandModules, async ({ params, body, operator }) => {
    const { view, id } = await admin.change(params.merchantCode, operator!.username, body.reason, (row) => {
      const current = row.modules as Record<string, boolean>;
      const changed = Object.fromEntries(
        Object.entries(body.modules).filter(([modId, on]) => (current[modId] ?? false) !== on),
      );
      return {
        action: 'brand.modules',
        payload: { changed },
        modules: { ...current, ...body.modules } as Record<string, boolean>,
      };
    });
    await applied(view.merchantCode, id);
    return view;
  });

  registerRoute(app, hooks, brandAdminRoutes.opsBrandRegisterRules, async ({ params, body, operator }) => {
    for (const [field, rule] of Object.entries(body.rules)) {
      if (rule.acceptedPattern === '*' || rule.acceptedPattern === '') continue;
      try {
        new RegExp(rule.acceptedPattern, 'u');
      } catch {
        throw invalid(`rules.${field}.acceptedPattern`, 'not a valid regular expression');
      }
    }
    const { view, id } = await admin.change(params.merchantCode, operator!.username, body.reason, (row) => ({
      action: 'brand.register_rules',
      payload: { before: row.register_rules, after: body.rules },
      registerRules: body.rules,
    }));
    await applied(view.merchantCode, id);
    return view;
  });

  registerRoute(app, hooks, brandAdminRoutes.opsBrandAvailability, async ({ params, body, operator }) => {
    const { reason, ...availability } = body;
    const bad = availability.regionBlock.blockedRanges.filter((r) => !isValidRange(r));
    if (bad.length > 0) throw invalid('regionBlock.blockedRanges', `invalid: ${bad.join(', ')}`);
    const { view, id } = await admin.change(params.merchantCode, operator!.username, reason, (row) => ({
      action: 'brand.availability',
      payload: { before: row.availability, after: availability },
      availability,
    }));
    await applied(view.merchantCode, id);
    return view;
  });

  // The logo, as an image with headers that let it be nothing else (no sniffing, no script).
  app.get<{ Params: { merchantCode: string; file: string } }>(
    '/wps/system/brand-logo/:merchantCode/:file',
    async (request, reply) => {
      const { merchantCode, file } = request.params;
      const match = logoFilePattern.exec(file);
      const brand = match ? await deps.brands.find(merchantCode.toLowerCase()) : null;
      if (!match || !brand || brand.settings.logo?.file !== file || Number(match[1]) !== brand.id) {
        return reply.code(404).header('Cache-Control', 'no-store').send();
      }
      const bytes = await admin.readLogo(file);
      return reply
        .header('Content-Type', logoMime[match[2] as keyof typeof logoMime])
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', 'inline')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );
}
