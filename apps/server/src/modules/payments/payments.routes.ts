import { paymentRoutes } from '@arcadia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { Brand, BrandService } from '../brand/index.js';
import { type DemoGateway, registerDemoGatewayPages } from './demo-gateway.js';
import type { PaymentsService } from './payments.service.js';

/** Confirmation bodies carry a proof image of up to 5 MiB as base64. */
const CONFIRM_BODY_LIMIT = 7 * 1024 * 1024;

export async function registerPaymentRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: { payments: PaymentsService; brands: BrandService; gateway: DemoGateway | null },
) {
  const { payments, brands, gateway } = deps;

  /** Operator routes name the brand in the path. */
  async function opsBrand(code: string): Promise<Brand> {
    const brand = await brands.find(code);
    if (!brand) throw new AppError('not.found', { merchant: code });
    return brand;
  }

  // ── member: deposits ──────────────────────────────────────────────────────────────────────
  registerRoute(app, hooks, paymentRoutes.depositSettings, async ({ brand, session }) =>
    payments.depositSettings(brand, session!.member),
  );
  registerRoute(app, hooks, paymentRoutes.depositCreate, async ({ brand, session, body }) =>
    payments.createDeposit(brand, session!.member, body),
  );
  registerRoute(app, hooks, paymentRoutes.depositList, async ({ brand, session, query }) =>
    payments.depositList(brand, session!.member, query),
  );
  registerRoute(app, hooks, paymentRoutes.depositDetail, async ({ brand, session, params }) =>
    payments.depositDetail(brand, session!.member, params.depositId),
  );

  // ── the demo gateway's callback: signature over the raw bytes, checked before anything else ──
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (request, body, done) => {
        const raw = body as Buffer;
        if (gateway && !gateway.verify(raw, request.headers['x-signature'])) {
          done(new AppError('payment.signature.invalid'), undefined);
          return;
        }
        rawBodies.set(request, raw);
        try {
          done(null, JSON.parse(raw.toString('utf8')));
        } catch {
          done(new AppError('request_param_err', { reason: 'invalid_json' }), undefined);
        }
      },
    );
    scope.addHook('preHandler', async (request) => {
      if (!gateway) throw new AppError('not.found');
      const raw = rawBodies.get(request);
      if (!raw || !gateway.verify(raw, request.headers['x-signature'])) {
        throw new AppError('payment.signature.invalid');
      }
    });
    registerRoute(scope, hooks, paymentRoutes.demoGatewayCallback, async ({ brand, body }) =>
      payments.gatewayCallback(brand, body),
    );
  });
  if (gateway) registerDemoGatewayPages(app, gateway, (id) => payments.gatewayOrder(id));

  // ── member: withdrawals ───────────────────────────────────────────────────────────────────
  registerRoute(app, hooks, paymentRoutes.withdrawSettings, async ({ brand, session }) =>
    payments.withdrawSettings(brand, session!.member),
  );
  registerRoute(app, hooks, paymentRoutes.withdrawCreate, async ({ brand, session, body }) =>
    payments.createWithdraw(brand, session!.member, body),
  );
  registerRoute(app, hooks, paymentRoutes.withdrawList, async ({ brand, session, query }) =>
    payments.withdrawList(brand, session!.member, query),
  );
  registerRoute(
    app,
    hooks,
    paymentRoutes.withdrawConfirm,
    async ({ brand, session, body }) => payments.confirmWithdraw(brand, session!.member, body),
    { bodyLimit: CONFIRM_BODY_LIMIT },
  );
  registerRoute(app, hooks, paymentRoutes.paymentConfirmationList, async ({ brand, session }) =>
    payments.confirmationList(brand, session!.member),
  );

  // ── operator ──────────────────────────────────────────────────────────────────────────────
  registerRoute(app, hooks, paymentRoutes.opsDepositList, async ({ params, query }) =>
    payments.opsDepositList(await opsBrand(params.merchantCode), query),
  );
  registerRoute(app, hooks, paymentRoutes.opsDepositApprove, async ({ params, body, operator }) =>
    payments.approveDeposit(
      await opsBrand(params.merchantCode),
      params.depositId,
      body.note,
      operator!.actor,
    ),
  );
  registerRoute(app, hooks, paymentRoutes.opsDepositReject, async ({ params, body, operator }) =>
    payments.rejectDeposit(
      await opsBrand(params.merchantCode),
      params.depositId,
      body.reason,
      operator!.actor,
    ),
  );
  registerRoute(app, hooks, paymentRoutes.opsWithdrawList, async ({ params, query }) =>
    payments.opsWithdrawList(await opsBrand(params.merchantCode), query),
  );
  registerRoute(app, hooks, paymentRoutes.opsWithdrawApprove, async ({ params, body, operator }) =>
    payments.decideWithdraw(
      await opsBrand(params.merchantCode),
      params.withdrawId,
      'paid',
      body.note ?? null,
      operator!.actor,
    ),
  );
  registerRoute(app, hooks, paymentRoutes.opsWithdrawReject, async ({ params, body, operator }) =>
    payments.decideWithdraw(
      await opsBrand(params.merchantCode),
      params.withdrawId,
      'rejected',
      body.reason,
      operator!.actor,
    ),
  );
  registerRoute(app, hooks, paymentRoutes.opsWithdrawProof, async ({ params }) =>
    payments.withdrawProof(await opsBrand(params.merchantCode), params.withdrawId),
  );
  registerRoute(app, hooks, paymentRoutes.opsAdjustment, async ({ params, body, operator }) =>
    payments.adjust(await opsBrand(params.merchantCode), body, operator!.actor),
  );
  registerRoute(app, hooks, paymentRoutes.opsAuditList, async ({ params, query }) =>
    payments.auditList(await opsBrand(params.merchantCode), query),
  );
}
