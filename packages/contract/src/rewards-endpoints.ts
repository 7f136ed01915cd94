import type { Endpoint } from './route.js';

/**
 * The rewards' wire paths (packages/contract/src/rewards.ts), joined into `endpoints`. The rebate
 * rates keep the original's relay name (`MCSFE_getCustomerRebateSettingByProductType`); the
 * original's manual-rebate and bonus-detail pages were rendered by an external library whose calls
 * are not known, so those paths are new.
 */
export const rewardsEndpoints = {
  rebateSettings: {
    method: 'GET',
    path: '/wps/relay/MCSFE_getCustomerRebateSettingByProductType',
    auth: 'optional',
    encrypted: false,
    modId: 'PLYRBT',
  },
  rebateAccrued: {
    method: 'GET',
    path: '/wps/rebate',
    auth: 'member',
    encrypted: false,
    modId: 'MANPLAYREB3',
    trial: false,
  },
  rebateClaim: {
    method: 'POST',
    path: '/wps/rebate/claim',
    auth: 'member',
    encrypted: false,
    modId: 'MANPLAYREB3',
    trial: false,
  },
  rebateRecords: {
    method: 'GET',
    path: '/wps/rebate/records',
    auth: 'member',
    encrypted: false,
    modId: 'PLYRBT',
    trial: false,
  },
  vipProgress: {
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerRankProgress',
    auth: 'member',
    encrypted: false,
    trial: false,
  },
  opsVipRun: {
    method: 'POST',
    path: '/ops/merchants/:merchantCode/vip/run',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'finance'],
  },
  // Points mall (PTSYS3): the original's relay names; redeem and convert go through passwordCheck.
  pointBalance: {
    method: 'GET',
    path: '/wps/relay/MCS2_getPointBalance',
    auth: 'member',
    encrypted: false,
    modId: 'PTSYS3',
    trial: false,
  },
  pointConfig: {
    method: 'GET',
    path: '/wps/relay/MCS2_getPointConfig',
    auth: 'optional',
    encrypted: false,
    modId: 'PTSYS3',
  },
  pointRewards: {
    method: 'GET',
    path: '/wps/relay/MCS2_getPointReward',
    auth: 'optional',
    encrypted: false,
    modId: 'PTSYS3',
  },
  pointRedeemList: {
    method: 'GET',
    path: '/wps/relay/MCS2_getRedeemPointList',
    auth: 'member',
    encrypted: false,
    modId: 'PTSYS3',
    trial: false,
  },
  pointDetails: {
    method: 'GET',
    path: '/wps/relay/MCS2_getPointDetails',
    auth: 'member',
    encrypted: false,
    modId: 'PTSYS3',
    trial: false,
  },
  pointRedeem: {
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
    auth: 'member',
    encrypted: true,
    modId: 'PTSYS3',
    trial: false,
  },
  pointConvert: {
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCS2_convertPoint',
    auth: 'member',
    encrypted: true,
    modId: 'PTSYS3',
    trial: false,
  },
  opsPointRedemptions: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/points/redemptions',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'finance', 'support'],
  },
  opsPointReview: {
    method: 'POST',
    path: '/ops/merchants/:merchantCode/points/redemptions/:id',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'finance'],
  },
  // Promotions (the original's PROMOFE / MCSFE relay names) and bonus money.
  promotionCategories: {
    method: 'GET',
    path: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
    auth: 'optional',
    encrypted: false,
  },
  promotionList: {
    method: 'GET',
    path: '/wps/relay/MCSFE_getAvailablePromotions',
    auth: 'optional',
    encrypted: false,
  },
  promotionClaim: {
    method: 'POST',
    path: '/wps/relay/MCSFE_claimIssuedPromotion',
    auth: 'member',
    encrypted: false,
    modId: 'REWCEN3',
    trial: false,
  },
  bonusStatus: { method: 'GET', path: '/wps/bonus', auth: 'member', encrypted: false, trial: false },
  bonusForfeit: {
    method: 'POST',
    path: '/wps/bonus/forfeit',
    auth: 'member',
    encrypted: false,
    trial: false,
  },
  opsRebateRun: {
    method: 'POST',
    path: '/ops/merchants/:merchantCode/rebate/run',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'finance'],
  },
  opsRebateSummary: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/rebate',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'finance', 'support'],
  },
} as const satisfies Record<string, Endpoint>;
