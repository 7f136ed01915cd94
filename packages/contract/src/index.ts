export * from './client.js';
export * from './envelope.js';
export * from './route.js';
export * from './register-rules.js';
export * from './system.js';
export * from './ops.js';
export * from './auth.js';
export * from './wallet.js';
export * from './vendor.js';
export * from './records.js';
export * from './payments.js';
export * from './operator.js';
export * from './openapi.js';
export * from './agent.js';
export * from './contracts.js';
export * from './lobby.js';
export * from './house.js';
export * from './realtime.js';
export * from './support.js';
export * from './inbox.js';
export * from './lottery.js';
export * from './sports.js';
export * from './live.js';
export * from './chat.js';
export * from './responsible.js';
export * from './ops-reports.js';
export * from './players.js';
export * from './brand-admin.js';
export * from './pvp.js';
export * from './rewards.js';
export * from './risk.js';
export * from './agent-ops.js';
export * from './content.js';

import type { RouteDescriptor } from './route.js';
import { systemRoutes } from './system.js';
import { opsRoutes } from './ops.js';
import { authRoutes } from './auth.js';
import { walletRoutes } from './wallet.js';
import { recordRoutes } from './records.js';
import { paymentRoutes } from './payments.js';
import { operatorRoutes } from './operator.js';
import { agentRoutes } from './agent.js';
import { contractEvents, contractRoutes } from './contracts.js';
import { lobbyRoutes } from './lobby.js';
import { houseRoutes } from './house.js';
import { inboxEvents, inboxRoutes } from './inbox.js';
import { lotteryEvents, lotteryRoutes } from './lottery.js';
import { sportsEvents, sportsRoutes } from './sports.js';
import { liveEvents, liveRoutes } from './live.js';
import { chatEvents, chatRoutes } from './chat.js';
import { responsibleRoutes } from './responsible.js';
import { opsReportsRoutes } from './ops-reports.js';
import { playersRoutes } from './players.js';
import { brandAdminEvents, brandAdminRoutes } from './brand-admin.js';
import { pvpEvents, pvpRoutes } from './pvp.js';
import { rewardsEvents, rewardsRoutes } from './rewards.js';
import { riskRoutes } from './risk.js';
import { agentOpsRoutes } from './agent-ops.js';
import { contentRoutes } from './content.js';
import { supportClientEvents, supportEvents, supportRoutes } from './support.js';
import type { EndpointName } from './endpoints.js';
import { realtimeClientEvents, realtimeEvents } from './realtime.js';

/** Every route of the API by endpoint name: the server registers them, the docs describe them. */
export const routes = {
  ...systemRoutes,
  ...opsRoutes,
  ...authRoutes,
  ...walletRoutes,
  ...recordRoutes,
  ...paymentRoutes,
  ...operatorRoutes,
  ...agentRoutes,
  ...contractRoutes,
  ...lobbyRoutes,
  ...houseRoutes,
  ...supportRoutes,
  ...inboxRoutes,
  ...lotteryRoutes,
  ...sportsRoutes,
  ...liveRoutes,
  ...chatRoutes,
  ...responsibleRoutes,
  ...opsReportsRoutes,
  ...playersRoutes,
  ...brandAdminRoutes,
  ...pvpRoutes,
  ...rewardsRoutes,
  ...riskRoutes,
  ...agentOpsRoutes,
  ...contentRoutes,
} satisfies Record<EndpointName, RouteDescriptor>;
export type Routes = typeof routes;

export const allRoutes: readonly RouteDescriptor[] = Object.values(routes);

/**
 * Every event the server pushes on the real-time channel, by name (docs/realtime.md). Each domain
 * declares its events in its own contract file; they join here.
 */
export const socketEvents = {
  ...realtimeEvents,
  ...contractEvents,
  ...supportEvents,
  ...inboxEvents,
  ...lotteryEvents,
  ...sportsEvents,
  ...liveEvents,
  ...chatEvents,
  ...pvpEvents,
  ...rewardsEvents,
  ...brandAdminEvents,
} as const;
export type SocketEvents = typeof socketEvents;

/** Every message a client may send on the channel, by name. */
export const socketClientEvents = {
  ...realtimeClientEvents,
  ...supportClientEvents,
} as const;
export type SocketClientEvents = typeof socketClientEvents;
