// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { RouteHooks } from '../../plugins/routes.js';
import { createMemberRepository } from './member.repository.js';
import { type MemberRouteDeps, registerMemberRoutes } from './member.routes.js';
import { type MemberService, createMemberService } from './member.service.js';
import type { DomainEventBus } from '../../lib/domain-events.js';

/** The member service alone: the auth module is built from it before the member module's routes. */
export function createMembers(db: Kysely<Database>): MemberService {
  return createMemberService({ repository: createMemberRepository(db) });
}

/**
 * Registration (brand field rules), member info, passwords, invitation codes, member rows and the
 * member_tree closure table. A registration is told to the other modules as `member.registered`
 * (a referral code becomes a referral there).
 */
export function createMemberModule(deps: Omit<MemberRouteDeps, 'onRegistered'> & { events: DomainEventBus }) {
  const { events, ...routes } = deps;
  const face = {
    name: 'member',
    members: deps.members,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerMemberRoutes(app, hooks, {
        ...routes,
        onRegistered: (brand, memberId, body, client) =>
          events.emit('member.registered', {
            brand,
            memberId,
            referralCode: body.referralCode ?? null,
            ip: client.ip,
            deviceId: body.loginDeviceId ?? null,
          }),
      });
    },
  };
  return face satisfies AppModule;
}

export * from './member.service.js';
export * from './member.repository.js';
