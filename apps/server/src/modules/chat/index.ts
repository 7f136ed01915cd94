import type { FastifyInstance } from 'fastify';
import type { AppModule } from '../../lib/app-module.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import type { ThrottleService } from '../throttle/index.js';
import { registerChatRoutes } from './chat.routes.js';
import { createChatService } from './chat.service.js';

/**
 * Live chat rooms with hosts (docs/chat.md): the model list, the room's messages and tips, the
 * host's moderation and status, and the operators' appointments — with `chat.*` events on the
 * public topic `chat:<modelId>`.
 */
export function createChatModule(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  throttle: ThrottleService;
  brands: BrandService;
  hub?: RealtimeHub;
}) {
  const chat = createChatService(deps);
  const face = {
    name: 'chat',
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerChatRoutes(app, hooks, chat);
      // Anyone may watch a room of the brand: the topic exists when the host does.
      deps.hub?.openTopics('chat', async (identity, key) => chat.roomExists(identity.merchantId, key));
    },
  };
  return face satisfies AppModule;
}

export type ChatModule = ReturnType<typeof createChatModule>;
export { appointHost, postMessage, setHostStatus } from './chat.service.js';
