import { opsRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { isValidRange } from '../../lib/ip-ranges.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { BrandService } from './brand.service.js';

export function registerBrandOpsRoutes(app: FastifyInstance, hooks: RouteHooks, brands: BrandService) {
  registerRoute(app, hooks, opsRoutes.opsGetAvailability, async ({ params }) => {
    const brand = await brands.find(params.merchantCode);
    if (!brand) throw new AppError('not.found', { merchant: params.merchantCode });
    return brand.availability;
  });
  registerRoute(app, hooks, opsRoutes.opsSetAvailability, async ({ params, body }) => {
    const invalid = body.regionBlock.blockedRanges.filter((r) => !isValidRange(r));
    if (invalid.length > 0) {
      throw new AppError('request_param_err', {
        fields: { 'regionBlock.blockedRanges': `invalid: ${invalid.join(', ')}` },
      });
    }
    return brands.setAvailability(params.merchantCode, body);
  });
}
