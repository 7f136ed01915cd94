import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEventBus } from '../../lib/domain-events.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { Brand, BrandService } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { createPoints } from './rewards.points.service.js';
import { createPromotions } from './rewards.promotions.service.js';
import { createRedEnvelopes } from './rewards.red-envelopes.service.js';
import { createRebates } from './rewards.rebate.service.js';
import { createReferrals } from './rewards.referrals.service.js';
import { createMissions } from './rewards.missions.service.js';
import { createRaffles } from './rewards.raffles.service.js';
import { createVip } from './rewards.vip.service.js';
import { createApplications } from './rewards.applications.service.js';
import type { UploadStore } from '../../lib/upload-store.js';
import { rewardsJobs } from './rewards.jobs.js';
import { registerRewardsRoutes } from './rewards.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rewards module, for operational scripts and tests (the daily rebate on demand). */
    rewards: RewardsModule;
  }
}

/**
 * Rewards (docs/rewards.md): rebates on valid bets — the manual claim, the daily job and the bonus
 * details — VIP tiers with their upgrade bonuses, and the points mall, paid through the ledger from
 * the brand's promotions expense (points on a ledger of their own); promotions and their turnover
 * gate, referrals, missions, red envelopes, raffles and activity applications. Other modules use
 * `promotions.turnoverLeft` (a withdrawal waits for it) and `referrals`; a registration reaches the
 * referrals through the `member.registered` event.
 */
export function createRewardsModule(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  brands: BrandService;
  /** Where members and brands are told of payments, envelopes and draws (none: nobody is told). */
  hub?: RealtimeHub;
  /** The in-process bus: a member's registration with a referral code makes it a referee. */
  events: DomainEventBus;
  /** What the daily job and the claims take as today (src/lib/clock.ts). */
  clock: Clock;
  /** The wallet's payment-password check (points redemptions and conversions ask for it). */
  checkPaymentPassword: (brand: Brand, memberId: string, password: string) => Promise<void>;
  /** Where activity applications' images are kept (`DATA_DIR/uploads`). */
  uploads: UploadStore;
}) {
  const hub = () => deps.hub;
  const rebates = createRebates({ db: deps.db, ledger: deps.ledger, clock: deps.clock, hub });
  const vip = createVip({ db: deps.db, ledger: deps.ledger, clock: deps.clock, hub });
  const points = createPoints({
    db: deps.db,
    ledger: deps.ledger,
    clock: deps.clock,
    checkPaymentPassword: deps.checkPaymentPassword,
  });
  const applications = createApplications({ db: deps.db, clock: deps.clock, uploads: deps.uploads });
  const promotions = createPromotions({ db: deps.db, ledger: deps.ledger, clock: deps.clock, applications });
  const redEnvelopes = createRedEnvelopes({
    db: deps.db,
    ledger: deps.ledger,
    clock: deps.clock,
    hub,
  });
  const referrals = createReferrals({ db: deps.db, ledger: deps.ledger, hub });
  const missions = createMissions({ db: deps.db, ledger: deps.ledger });
  const raffles = createRaffles({ db: deps.db, ledger: deps.ledger, clock: deps.clock, hub });
  // A friend's referral code makes the new member its referee (docs/rewards.md).
  deps.events.on('member.registered', async ({ brand, memberId, referralCode, ip, deviceId }) => {
    if (referralCode) await referrals.recordSignup(brand, memberId, referralCode, { ip, deviceId });
  });
  const module = {
    rebates,
    referrals,
    missions,
    promotions,
    redEnvelopes,
    raffles,
    vip,
    points,
    /** A brand by code, for scripts and tests driving the daily rebate. */
    brand: (code: string) => deps.brands.get(code),
    name: 'rewards',
    jobs: rewardsJobs({
      brands: deps.brands,
      rebates,
      vip,
      points,
      redEnvelopes,
      referrals,
      raffles,
    }),
    register(app: FastifyInstance, hooks: RouteHooks) {
      app.decorate('rewards', module);
      registerRewardsRoutes(app, hooks, {
        db: deps.db,
        rebates,
        vip,
        points,
        promotions,
        redEnvelopes,
        referrals,
        missions,
        applications,
        raffles,
        brands: deps.brands,
        today: () => deps.clock.now(),
      });
    },
  };
  return module satisfies AppModule;
}

export type RewardsModule = ReturnType<typeof createRewardsModule>;
