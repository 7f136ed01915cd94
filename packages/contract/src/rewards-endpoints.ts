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
