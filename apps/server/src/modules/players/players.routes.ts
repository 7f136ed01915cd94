import { playersRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { PlayersService } from './players.service.js';

/** The player desk's operator routes (docs/back-office.md, "Players"). */
export function registerPlayersRoutes(app: FastifyInstance, hooks: RouteHooks, players: PlayersService) {
  registerRoute(app, hooks, playersRoutes.opsPlayerSearch, async ({ params, query }) =>
    players.search(params.merchantCode, query),
  );
  registerRoute(app, hooks, playersRoutes.opsPlayerDetail, async ({ params }) => players.detail(params));
  registerRoute(app, hooks, playersRoutes.opsPlayerActivity, async ({ params }) => players.activity(params));
  registerRoute(app, hooks, playersRoutes.opsPlayerLinked, async ({ params }) => players.linked(params));
  registerRoute(app, hooks, playersRoutes.opsPlayerStatus, async ({ params, body, operator }) =>
    players.setStatus(params, body, operator!.actor),
  );
  registerRoute(app, hooks, playersRoutes.opsPlayerSessionEnd, async ({ params, body, operator }) =>
    players.endSession(params, body, operator!.actor),
  );
  registerRoute(app, hooks, playersRoutes.opsPlayerPasswordReset, async ({ params, body, operator }) =>
    players.resetPassword(params, body, operator!.actor),
  );
  registerRoute(app, hooks, playersRoutes.opsPlayerNotes, async ({ params }) => players.notes(params));
  registerRoute(app, hooks, playersRoutes.opsPlayerNoteAdd, async ({ params, body, operator }) =>
    players.addNote(params, body.text, operator!.actor),
  );
}
