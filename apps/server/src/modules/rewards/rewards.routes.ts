import {
  REBATE_WINDOW_DAYS,
  rebateProductTypes,
  rewardsRoutes,
  rewardsSettingsSchema,
  trialTypes,
} from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toMajor } from '../../lib/money.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import { type Brand, type BrandService, requestLanguage } from '../brand/index.js';
import { writeAudit } from '../operator/index.js';
import { REBATE_OLDEST_RUN_DAYS, type Rebates, addDays, utcDay } from './rewards.rebate.service.js';
import type { Points } from './rewards.points.service.js';
import type { Promotions } from './rewards.promotions.service.js';
import type { RedEnvelopes } from './rewards.red-envelopes.service.js';
import type { Referrals } from './rewards.referrals.service.js';
import type { Missions } from './rewards.missions.service.js';
import type { Raffles } from './rewards.raffles.service.js';
import { rewardsLiabilities } from './rewards.liabilities.service.js';
import type { Applications } from './rewards.applications.service.js';
import type { Vip } from './rewards.vip.service.js';

export function registerRewardsRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: {
    db: Kysely<Database>;
    rebates: Rebates;
    vip: Vip;
    points: Points;
    promotions: Promotions;
    redEnvelopes: RedEnvelopes;
    referrals: Referrals;
    missions: Missions;
    applications: Applications;
    raffles: Raffles;
    brands: BrandService;
    today: () => Date;
  },
) {
  const { rebates, brands } = deps;
  async function opsBrand(code: string): Promise<Brand> {
    const brand = await brands.find(code);
    if (!brand) throw new AppError('not.found', { merchant: code });
    return brand;
  }

  registerRoute(app, hooks, rewardsRoutes.rebateSettings, ({ brand }) => {
    const s = rebates.settings(brand);
    return {
      enabled: s.enabled,
      list: rebateProductTypes
        .filter((type) => !!s.rates[type])
        .map((productType) => ({ productType, rate: s.rates[productType]! })),
      minPayout: s.minPayout,
      windowDays: REBATE_WINDOW_DAYS,
    };
  });
  registerRoute(app, hooks, rewardsRoutes.rebateAccrued, ({ brand, session }) =>
    rebates.accrued(brand, session!.member.id),
  );
  registerRoute(app, hooks, rewardsRoutes.rebateClaim, ({ brand, session }) =>
    rebates.claim(brand, session!.member.id),
  );
  registerRoute(app, hooks, rewardsRoutes.rebateRecords, ({ brand, session, query }) =>
    rebates.records(brand, session!.member.id, query),
  );
  registerRoute(app, hooks, rewardsRoutes.opsRebateRun, async ({ params, body, operator }) => {
    const brand = await opsBrand(params.merchantCode);
    const today = utcDay(deps.today());
    const day = body.day ?? addDays(today, -1);
    // Only a closed day: today's bets are still coming in (members claim today's rebate by hand).
    if (day >= today) throw new AppError('rebate.day_open', { day });
    // What was paid is kept for the windows of the last weeks only (rebate_state).
    const oldest = addDays(today, -REBATE_OLDEST_RUN_DAYS);
    if (day < oldest) throw new AppError('rebate.day_too_old', { day, oldest });
    const out = await rebates.settleDay(brand, day);
    await writeAudit(deps.db, {
      merchantId: brand.id,
      actor: operator!.actor,
      action: 'rebate.run',
      target: day,
      payload: { reason: body.reason, payments: out.payments, amount: out.amount.toString() },
    });
    return { day, payments: out.payments, amount: toMajor(out.amount, brand.currencyScale), ms: out.ms };
  });
  registerRoute(app, hooks, rewardsRoutes.vipProgress, ({ brand, session }) =>
    deps.vip.progress(brand, session!.member.id),
  );
  registerRoute(app, hooks, rewardsRoutes.opsVipRun, async ({ params, body, operator }) => {
    const brand = await opsBrand(params.merchantCode);
    const out = await deps.vip.review(brand);
    await writeAudit(deps.db, {
      merchantId: brand.id,
      actor: operator!.actor,
      action: 'vip.review',
      target: brand.code,
      payload: { reason: body.reason, ...out, bonuses: out.bonuses.toString() },
    });
    return { ...out, bonuses: toMajor(out.bonuses, brand.currencyScale) };
  });
  const { points } = deps;
  registerRoute(app, hooks, rewardsRoutes.pointBalance, ({ brand, session }) =>
    points.balance(brand, session!.member.id),
  );
  registerRoute(app, hooks, rewardsRoutes.pointConfig, ({ brand }) => points.config(brand));
  registerRoute(app, hooks, rewardsRoutes.pointRewards, ({ brand }) => points.rewards(brand));
  registerRoute(app, hooks, rewardsRoutes.pointRedeemList, ({ brand, session, query }) =>
    points.redemptions(brand, session!.member.id, query),
  );
  registerRoute(app, hooks, rewardsRoutes.pointDetails, ({ brand, session, query }) =>
    points.details(brand, session!.member.id, query),
  );
  registerRoute(app, hooks, rewardsRoutes.pointRedeem, ({ brand, session, body }) =>
    points.redeem(brand, session!.member.id, body),
  );
  registerRoute(app, hooks, rewardsRoutes.pointConvert, ({ brand, session, body }) =>
    points.convert(brand, session!.member.id, body),
  );
  registerRoute(app, hooks, rewardsRoutes.opsPointRedemptions, async ({ params, query }) =>
    points.redemptions(await opsBrand(params.merchantCode), null, query),
  );
  registerRoute(app, hooks, rewardsRoutes.opsPointReview, async ({ params, body, operator }) => {
    const brand = await opsBrand(params.merchantCode);
    const out = await points.review(brand, params.id, body.decision, body.note, operator!.actor);
    await writeAudit(deps.db, {
      merchantId: brand.id,
      actor: operator!.actor,
      action: `points.${body.decision}`,
      target: params.id,
      payload: { note: body.note, reward: out.rewardId, points: out.points },
    });
    return out;
  });
  const { promotions } = deps;
  registerRoute(app, hooks, rewardsRoutes.promotionCategories, ({ brand }) => promotions.categories(brand));
  registerRoute(app, hooks, rewardsRoutes.promotionList, ({ brand, session, request }) =>
    promotions.list(brand, session?.member.id ?? null, requestLanguage(request, brand)),
  );
  registerRoute(app, hooks, rewardsRoutes.promotionClaim, ({ brand, session, body, request }) =>
    promotions.claim(brand, session!.member.id, body.promotionId, requestLanguage(request, brand)),
  );
  registerRoute(app, hooks, rewardsRoutes.bonusStatus, ({ brand, session, request }) =>
    promotions.status(brand, session!.member.id, requestLanguage(request, brand)),
  );
  registerRoute(app, hooks, rewardsRoutes.bonusForfeit, ({ brand, session, body, request }) =>
    promotions.forfeit(brand, session!.member.id, body.grantId, requestLanguage(request, brand)),
  );
  registerRoute(app, hooks, rewardsRoutes.rewardCenter, async ({ brand, session, request }) => {
    const memberId = session!.member.id;
    const language = requestLanguage(request, brand);
    const list: {
      kind: 'promotion' | 'rebate' | 'red_envelope' | 'mission' | 'raffle';
      id: string;
      title: string;
      amount: number | null;
      expiresAt?: string | null;
    }[] = (await promotions.list(brand, memberId, language)).list
      .filter((p) => (p.status === 'claim' || p.status === 'issued') && p.claimable !== null)
      .map((p) => ({ kind: 'promotion', id: p.id, title: p.title, amount: p.claimable! }));
    // The manual rebate, where the brand runs it and the member has something to claim.
    if (rebates.settings(brand).enabled && brand.modules.MANPLAYREB3) {
      const accrued = await rebates.accrued(brand, memberId);
      if (accrued.claimable > 0)
        list.push({ kind: 'rebate', id: 'rebate', title: 'rebate', amount: accrued.claimable });
    }
    // Missions done and not claimed.
    const missions = await deps.missions.summary(brand, memberId, language);
    for (const m of missions.list)
      if (m.status === 'claimable')
        list.push({ kind: 'mission', id: m.id, title: m.title, amount: m.reward });
    // Raffle prizes won and not yet claimed, soonest to expire first.
    for (const p of await deps.raffles.claimable(brand, memberId, language))
      list.push({ kind: 'raffle', id: p.id, title: p.title, amount: p.amount, expiresAt: p.expiresAt });
    // Red envelopes from the member's uplines it has not opened yet.
    for (const e of (await deps.redEnvelopes.list(brand, memberId)).list)
      if (e.status === 'open' && e.mine === null)
        list.push({
          kind: 'red_envelope',
          id: e.id,
          title: e.message ? `${e.sender}: ${e.message}` : e.sender,
          amount: null,
        });
    return { list, count: list.length };
  });
  const { redEnvelopes } = deps;
  registerRoute(app, hooks, rewardsRoutes.redEnvelopeSend, ({ brand, session, body }) =>
    redEnvelopes.send(brand, session!.member, body),
  );
  registerRoute(app, hooks, rewardsRoutes.redEnvelopeSent, ({ brand, session }) =>
    redEnvelopes.sent(brand, session!.member.id),
  );
  registerRoute(app, hooks, rewardsRoutes.redEnvelopeList, ({ brand, session }) =>
    redEnvelopes.list(brand, session!.member.id),
  );
  registerRoute(app, hooks, rewardsRoutes.redEnvelopeGrab, ({ brand, session, body }) =>
    redEnvelopes.grab(brand, session!.member.id, body.envelopeId),
  );
  registerRoute(app, hooks, rewardsRoutes.opsRebateSummary, async ({ params }) =>
    rebates.summary(await opsBrand(params.merchantCode)),
  );

  // Referral — invite friends (docs/rewards.md).
  const { referrals } = deps;
  registerRoute(app, hooks, rewardsRoutes.referralDetails, ({ brand, session, query }) =>
    referrals.details(brand, session!.member.id, query.autoGenerate === 'true'),
  );
  registerRoute(app, hooks, rewardsRoutes.referees, ({ brand, session, query }) =>
    referrals.referees(brand, session!.member.id, query),
  );
  registerRoute(app, hooks, rewardsRoutes.availablePromo, async ({ brand, session }) => {
    const missionsOn = deps.missions.settings(brand).enabled;
    const trial = !session || (trialTypes as readonly number[]).includes(session.member.type);
    return {
      REFERRAL: { enabled: referrals.settings(brand).enabled },
      MISSION: {
        enabled: missionsOn,
        count: missionsOn && !trial ? await deps.missions.claimableCount(brand, session.member.id) : 0,
      },
    };
  });
  // Missions and the leaderboard (docs/rewards.md).
  registerRoute(app, hooks, rewardsRoutes.missionSummary, ({ brand, session, request }) =>
    deps.missions.summary(brand, session!.member.id, requestLanguage(request, brand)),
  );
  registerRoute(app, hooks, rewardsRoutes.missionClaim, ({ brand, session, body, request }) =>
    deps.missions.claim(brand, session!.member.id, body.missionId, requestLanguage(request, brand)),
  );
  registerRoute(app, hooks, rewardsRoutes.missionLeaderboard, ({ brand, session }) =>
    deps.missions.leaderboard(brand, session!.member.id),
  );
  registerRoute(app, hooks, rewardsRoutes.opsReferrals, async ({ params, query }) =>
    referrals.opsList(await opsBrand(params.merchantCode), query),
  );
  registerRoute(app, hooks, rewardsRoutes.opsReferralReview, async ({ params, body, operator }) => {
    const brand = await opsBrand(params.merchantCode);
    const out = await referrals.review(brand, params.refereeId, body.action);
    await writeAudit(deps.db, {
      merchantId: brand.id,
      actor: operator!.actor,
      action: `referral.${body.action}`,
      target: params.refereeId,
      payload: { reason: body.reason, reward: out.reward },
    });
    return out;
  });

  // Activity applications (docs/rewards.md): up to 3 images of 5 MB, as base64 (≈ 20 MB of JSON).
  const { applications } = deps;
  registerRoute(
    app,
    hooks,
    rewardsRoutes.applicationSubmit,
    ({ brand, session, body, request }) =>
      applications.submit(brand, session!.member.id, body, requestLanguage(request, brand)),
    { bodyLimit: 22 * 1024 * 1024 },
  );
  registerRoute(app, hooks, rewardsRoutes.applicationList, ({ brand, session, request }) =>
    applications.list(brand, session!.member.id, requestLanguage(request, brand)),
  );
  registerRoute(app, hooks, rewardsRoutes.applicationImage, ({ session, params }) =>
    applications.image(session!.member.id, params.id, params.n),
  );
  registerRoute(app, hooks, rewardsRoutes.opsApplications, async ({ params, query, request }) => {
    const brand = await opsBrand(params.merchantCode);
    return applications.opsList(brand, query, requestLanguage(request, brand));
  });
  registerRoute(app, hooks, rewardsRoutes.opsApplicationImage, async ({ params }) =>
    applications.opsImage(await opsBrand(params.merchantCode), params.id, params.n),
  );
  registerRoute(
    app,
    hooks,
    rewardsRoutes.opsApplicationReview,
    async ({ params, body, operator, request }) => {
      const brand = await opsBrand(params.merchantCode);
      const out = await applications.review(
        brand,
        params.id,
        body,
        operator!.actor,
        requestLanguage(request, brand),
      );
      await writeAudit(deps.db, {
        merchantId: brand.id,
        actor: operator!.actor,
        action: `application.${body.action}`,
        target: params.id,
        payload: { reason: body.reason, amount: out.amount, promotionId: out.promotionId },
      });
      return out;
    },
  );

  // Raffles (docs/rewards.md "Raffles"): the status is public; claims are the member's.
  registerRoute(app, hooks, rewardsRoutes.raffleStatus, ({ brand, session, request }) =>
    deps.raffles.status(
      brand,
      session ? { id: session.member.id, type: session.member.type } : null,
      requestLanguage(request, brand),
    ),
  );
  registerRoute(app, hooks, rewardsRoutes.raffleClaim, ({ brand, session, body }) =>
    deps.raffles.claim(brand, session!.member.id, body.prizeId),
  );
  registerRoute(app, hooks, rewardsRoutes.raffleClaimMcs2, ({ brand, session, body }) =>
    deps.raffles.claim(brand, session!.member.id, body.prizeId),
  );

  // What the rewards owe or hold (docs/rewards.md, operator desk).
  registerRoute(app, hooks, rewardsRoutes.opsRewardsLiabilities, async ({ params }) => {
    const brand = await opsBrand(params.merchantCode);
    return { ...(await rewardsLiabilities(deps.db, brand)), raffles: await deps.raffles.liabilities(brand) };
  });

  // The rewards' settings per brand (docs/rewards.md, operator desk).
  const rewardsSettingsOf = async (brand: Brand) => {
    const s = brand.settings;
    return rewardsSettingsSchema.parse({
      rebate: s.rebate ?? {},
      vip: s.vip ?? {},
      points: s.points ?? {},
      promotions: s.promotions ?? {},
      referral: s.referral ?? {},
      missions: s.missions ?? {},
      redRain: s.redRain ?? {},
      raffles: await deps.raffles.settings(brand),
    });
  };
  registerRoute(app, hooks, rewardsRoutes.opsRewardsSettings, async ({ params }) =>
    rewardsSettingsOf(await opsBrand(params.merchantCode)),
  );
  registerRoute(app, hooks, rewardsRoutes.opsRewardsSettingsUpdate, async ({ params, body, operator }) => {
    const before = await opsBrand(params.merchantCode);
    // Raffles live in their own tables (seeds, tickets, prizes); the write audits itself.
    if (body.feature === 'raffles') {
      await deps.raffles.write(before, body.value, { actor: operator!.actor, reason: body.reason });
      return rewardsSettingsOf(before);
    }
    const previous = (await rewardsSettingsOf(before))[body.feature];
    await brands.setSettingsPart(before.code, body.feature, body.value);
    await writeAudit(deps.db, {
      merchantId: before.id,
      actor: operator!.actor,
      action: 'rewards.settings',
      target: body.feature,
      payload: { reason: body.reason, before: previous, after: body.value },
    });
    return rewardsSettingsOf(await opsBrand(params.merchantCode));
  });
}
