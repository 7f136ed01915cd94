import { contractRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { Brand, BrandService } from '../brand/brand.service.js';
import type { ContractsService } from './contracts.service.js';
import type { ContractsSettlement } from './contracts.settlement.js';

export function registerContractRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: { contracts: ContractsService; settlement: ContractsSettlement; brands: BrandService },
) {
  const { contracts, settlement, brands } = deps;

  async function opsBrand(code: string): Promise<Brand> {
    const brand = await brands.find(code);
    if (!brand) throw new AppError('not.found', { merchant: code });
    return brand;
  }

  registerRoute(app, hooks, contractRoutes.contractConsolidated, ({ brand, session }) =>
    contracts.consolidated(brand, session!.member),
  );
  registerRoute(app, hooks, contractRoutes.processDividendReq, ({ brand, session, query }) =>
    contracts.process(brand, session!.member, 'dividend', null, query.status),
  );
  registerRoute(app, hooks, contractRoutes.processDailySalary, ({ brand, session, query }) =>
    contracts.process(brand, session!.member, 'daily', query.id, query.status),
  );
  registerRoute(app, hooks, contractRoutes.processContractHourSalary, ({ brand, session, body }) =>
    contracts.process(brand, session!.member, 'hourly', body.contractId, body.status),
  );
  registerRoute(app, hooks, contractRoutes.processRealTimeSalaryContract, ({ brand, session, body }) =>
    contracts.process(brand, session!.member, 'realtime', body.contractId, body.status),
  );
  registerRoute(app, hooks, contractRoutes.agentContractMine, ({ brand, session, params }) =>
    contracts.mine(brand, session!.member, params.kind),
  );
  registerRoute(app, hooks, contractRoutes.agentContractDownlines, ({ brand, session, params, query }) =>
    contracts.downlines(brand, session!.member, params.kind, query),
  );
  registerRoute(app, hooks, contractRoutes.agentContractOffer, ({ brand, session, params, body }) =>
    contracts.offer(brand, session!.member, params.kind, body),
  );
  registerRoute(app, hooks, contractRoutes.agentContractTerminate, ({ brand, session, params, body }) =>
    contracts.terminateDownline(brand, session!.member, params.kind, body.memberId),
  );
  registerRoute(app, hooks, contractRoutes.agentContractBills, ({ brand, session, params, query }) =>
    contracts.bills(brand, session!.member, params.kind, query),
  );

  // ── operator: top agents' contracts ─────────────────────────────────────────────────────────
  registerRoute(app, hooks, contractRoutes.opsContractGet, async ({ params }) =>
    contracts.opsView(await opsBrand(params.merchantCode), params.kind, params.memberId),
  );
  registerRoute(app, hooks, contractRoutes.opsContractSet, async ({ params, body, operator }) =>
    contracts.opsSet(
      await opsBrand(params.merchantCode),
      params.kind,
      params.memberId,
      body,
      operator!.actor,
    ),
  );
  registerRoute(app, hooks, contractRoutes.opsContractTerminate, async ({ params, operator }) =>
    contracts.opsTerminate(
      await opsBrand(params.merchantCode),
      params.kind,
      params.memberId,
      operator!.actor,
    ),
  );
  registerRoute(app, hooks, contractRoutes.opsContractSettle, async ({ params }) =>
    settlement.settleNow(await opsBrand(params.merchantCode), params.kind),
  );
}
