/**
 * The modules' faces, one line each: what the composition root (`app.ts`) builds the app from.
 * Each folder's `index.ts` is its only door (docs/ARCHITECTURE.md).
 */
export { createAgentModule } from './agent/index.js';
export { createAnnouncementsModule } from './announcements/index.js';
export { createAuthModule } from './auth/index.js';
export { createBetsModule } from './bets/index.js';
export { createBrandModule, createBrandRepository, createBrandService } from './brand/index.js';
export { createCatalogueModule } from './catalogue/index.js';
export { createChatModule } from './chat/index.js';
export { createContractsModule } from './contracts/index.js';
export { createHealthModule } from './health/index.js';
export { createDemoPlayModule, createHouseModule, demoPlayEnabled } from './house/index.js';
export { createInboxModule } from './inbox/index.js';
export { createLedgerService } from './ledger/index.js';
export { createLiveModule } from './live/index.js';
export { createLotteryModule } from './lottery/index.js';
export { createMemberModule, createMembers } from './member/index.js';
export { createMetricsModule } from './metrics/index.js';
export { createOperatorModule } from './operator/index.js';
export { createOpsReportsModule } from './ops-reports/index.js';
export { createPaymentsModule } from './payments/index.js';
export { createPlayersModule } from './players/index.js';
export { createPvpModule } from './pvp/index.js';
export { createRealtimeModule } from './realtime/index.js';
export { createRecordsModule } from './records/index.js';
export { assertMayPlay, createResponsibleModule } from './responsible/index.js';
export { createRewardsModule } from './rewards/index.js';
export { createRiskModule } from './risk/index.js';
export { createSiteModule } from './site/index.js';
export { createSportsModule } from './sports/index.js';
export { createSupportModule } from './support/index.js';
export { createSystemModule } from './system/index.js';
export { createThrottleModule } from './throttle/index.js';
export { createVendorsModule } from './vendors/index.js';
export { createVerificationModule } from './verification/index.js';
export { createWalletModule } from './wallet/index.js';
