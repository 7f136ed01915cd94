import { operatorRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { OperatorService } from './operator.service.js';

/** Operator sessions and accounts. Roles are checked by registerRoute from the contract. */
export function registerOperatorRoutes(app: FastifyInstance, hooks: RouteHooks, operators: OperatorService) {
  registerRoute(app, hooks, operatorRoutes.opsSessionLogin, async ({ body, client, reply }) => {
    reply.header('cache-control', 'no-store');
    return operators.login(body, client);
  });
  registerRoute(app, hooks, operatorRoutes.opsSessionLogout, async ({ operator }) =>
    operators.logout(operator!),
  );
  registerRoute(app, hooks, operatorRoutes.opsSessionMe, async ({ operator }) =>
    operators.identityReply(operator!),
  );
  registerRoute(app, hooks, operatorRoutes.opsOperatorList, async ({ operator }) =>
    operators.list(operator!),
  );
  registerRoute(app, hooks, operatorRoutes.opsOperatorCreate, async ({ operator, body }) =>
    operators.create(operator!, body),
  );
  registerRoute(app, hooks, operatorRoutes.opsOperatorStatus, async ({ operator, params, body }) =>
    operators.setStatus(operator!, params.id, body.status),
  );
  registerRoute(app, hooks, operatorRoutes.opsDeploymentAudit, async ({ operator, query }) =>
    operators.deploymentAudit(operator!, query),
  );
}
