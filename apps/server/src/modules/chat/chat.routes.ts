import { chatRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { ChatService } from './chat.service.js';

/** The chat rooms' routes (docs/chat.md): members', hosts' and operators'. */
export function registerChatRoutes(app: FastifyInstance, hooks: RouteHooks, chat: ChatService) {
  registerRoute(app, hooks, chatRoutes.chatModelList, async ({ brand }) => chat.modelList(brand));

  registerRoute(app, hooks, chatRoutes.chatLaunch, async ({ brand, query }) =>
    chat.launch(brand, query.modelId),
  );

  registerRoute(app, hooks, chatRoutes.chatUnread, async ({ brand, session }) =>
    chat.unread(brand, session!.member.id),
  );

  registerRoute(app, hooks, chatRoutes.chatPermission, async ({ brand, session, query }) =>
    chat.permission(brand, session!.member, query.modelId),
  );

  registerRoute(app, hooks, chatRoutes.chatMessages, async ({ brand, session, query }) =>
    chat.messages(brand, session!.member.id, query),
  );

  registerRoute(app, hooks, chatRoutes.chatSend, async ({ brand, session, body }) =>
    chat.send(brand, session!.member, body),
  );

  registerRoute(app, hooks, chatRoutes.chatTip, async ({ brand, session, body }) =>
    chat.tip(brand, session!.member, body),
  );

  registerRoute(app, hooks, chatRoutes.chatModerate, async ({ brand, session, body }) =>
    chat.moderate(brand, session!.member.id, body),
  );

  registerRoute(app, hooks, chatRoutes.chatHostStatus, async ({ brand, session, body }) =>
    chat.hostStatus(brand, session!.member.id, body.status),
  );

  registerRoute(app, hooks, chatRoutes.opsChatHost, async ({ params, body, operator }) =>
    chat.opsHost(params.merchantCode, body, operator!.username),
  );

  registerRoute(app, hooks, chatRoutes.opsChatModerate, async ({ params, body, operator }) =>
    chat.opsRemove(params.merchantCode, body, operator!.username),
  );
}
