// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { RouteHooks } from '../../plugins/routes.js';
import { createMemberRepository } from './member.repository.js';
import { type MemberRouteDeps, registerMemberRoutes } from './member.routes.js';
import { createMemberService } from './member.service.js';

/**
 * Registration (brand field rules), member info, passwords, invitation codes, member rows and the
 * member_tree closure table. The routes need the auth module, which is built from `members`: they
 * read their other dependencies when registered.
 */
export function createMemberModule(deps: {
  db: Kysely<Database>;
  routes: () => Omit<MemberRouteDeps, 'members'>;
}) {
  const members = createMemberService({ repository: createMemberRepository(deps.db) });
  const face = {
    name: 'member',
    members,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerMemberRoutes(app, hooks, { members, ...deps.routes() });
    },
  };
  return face satisfies AppModule;
}

export * from './member.service.js';
export * from './member.repository.js';
