import type { FastifyInstance } from 'fastify';
import type { RouteHooks } from '../../plugins/routes.js';
import type { Brand } from '../brand/index.js';
import type { VendorSecrets } from './vendor-secret.js';
import { verifyVendorSignature } from './vendor-secret.js';
import { reply, type VendorWalletService } from './vendor-wallet.service.js';

const BODY_LIMIT = 64 * 1024;
/** `settle` carries a batch of wins (up to VENDOR_SETTLE_MAX_ITEMS). */
const SETTLE_BODY_LIMIT = 1024 * 1024;

/**
 * `POST /vendor/:code/:op`: the seamless wallet callbacks (docs/vendor-protocol.md). Not envelope
 * routes: the body is kept as raw bytes (the signature covers exactly those), and every answer is
 * `{ status, … }` with HTTP 200, except a bad signature (401). Maintenance does not apply: wins
 * and refunds of rounds already played must still land.
 */
export async function registerVendorRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: { wallet: VendorWalletService; secrets: VendorSecrets },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: SETTLE_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    // Replies are a few dozen bytes, below any compression threshold: the compress plugin's
    // per-request hooks are left off this hot server-to-server route (a compressed request body
    // is still inflated before its signature is checked).
    const route = { compress: false } as const;
    scope.post<{ Params: { code: string; op: string } }>('/vendor/:code/:op', route, async (request, res) => {
      res.type('application/json; charset=utf-8');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { code, op } = request.params;
      if (op !== 'settle' && raw.length > BODY_LIMIT) {
        res.code(413);
        return reply({ status: 'BAD_REQUEST', message: 'the body is too large' });
      }
      let brand: Brand;
      try {
        brand = await hooks.brandOf(request);
      } catch {
        return reply({ status: 'BAD_REQUEST', message: 'unknown brand (Merchant header)' });
      }
      const secret = /^[a-z0-9_]{1,32}$/.test(code) ? await deps.secrets.get(brand.id, code) : null;
      if (!secret || !verifyVendorSignature(secret, raw, request.headers['x-signature'])) {
        res.code(401);
        return reply({ status: 'INVALID_SIGNATURE' });
      }
      try {
        return await deps.wallet.handle(brand, code, op, raw);
      } catch (err) {
        request.log.error({ err }, 'vendor callback failed');
        return reply({ status: 'INTERNAL_ERROR', message: 'try again' });
      }
    });
  });
  app.addHook('onClose', async () => deps.wallet.drain());
}
