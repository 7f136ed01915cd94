import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';
import { BodyDecryptError, decryptBody } from '../lib/body-crypto.js';
import type { KeyService } from '../modules/auth/keys.service.js';
import { type SessionService, tokenFromHeader } from '../modules/auth/session.service.js';
import type { Brand, BrandService } from '../modules/brand/brand.service.js';
import {
  type OperatorService,
  keyIdentity,
  operatorTokenFrom,
} from '../modules/operator/operator.service.js';
import type { RouteHooks } from './routes.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * The request hooks every contract route goes through (docs/ARCHITECTURE.md "A request"): the
 * brand from `Merchant`, maintenance and region block, the operator behind a credential, the
 * member session behind a token, and the encrypted-body envelope.
 */
export function createRouteHooks(deps: {
  config: Config;
  brands: BrandService;
  operators: OperatorService;
  sessions: SessionService;
  keys: KeyService;
}): RouteHooks {
  const { config, brands, operators, sessions, keys } = deps;
  const opsKey = config.OPS_API_KEY ? digest(config.OPS_API_KEY) : null;
  return {
    brandOf(request: FastifyRequest): Brand | Promise<Brand> {
      const header = request.headers.merchant;
      // Node joins repeated headers with ", "; the original refuses a doubled Merchant header.
      if (Array.isArray(header) || (typeof header === 'string' && header.includes(','))) {
        return Promise.reject(
          new AppError('request_param_err', { fields: { Merchant: 'send exactly one Merchant header' } }),
        );
      }
      const code =
        typeof header === 'string' && header !== '' ? header.toLowerCase() : config.DEFAULT_MERCHANT;
      return brands.cached(code) ?? brands.get(code);
    },
    assertAvailable(request, brand) {
      const status = brands.statusFor(brand, request.ip);
      if (status === 1) {
        const { message, endTime } = brand.availability.maintenance;
        throw new AppError('function.not.available', { maintainTime: message, endTime });
      }
      if (status === 2) throw new AppError('access.restricted', { ip: request.ip });
    },
    async assertOperator(request) {
      // An operator session when the request carries one; otherwise the break-glass key.
      const token = operatorTokenFrom(request.headers);
      if (token !== null) return operators.authenticate(token);
      const given = request.headers['x-ops-key'];
      if (!opsKey || typeof given !== 'string' || !timingSafeEqual(digest(given), opsKey)) {
        throw new AppError('ops.key.invalid');
      }
      return keyIdentity;
    },
    sessionOf(request, brand) {
      return sessions.authenticate(tokenFromHeader(request.headers.authorization), brand.id);
    },
    async decryptBody(request) {
      const header = request.headers.encryption;
      const body = request.body as { value?: unknown } | undefined;
      if (typeof header !== 'string' || !header || typeof body?.value !== 'string' || !body.value) {
        throw new AppError('request_body_required');
      }
      try {
        return decryptBody(header, body, await keys.privateKeys());
      } catch (err) {
        if (err instanceof BodyDecryptError)
          throw new AppError('request_decrypt_failed', { reason: err.reason });
        throw err;
      }
    },
    validateReplies: process.env.NODE_ENV !== 'production',
  };
}
