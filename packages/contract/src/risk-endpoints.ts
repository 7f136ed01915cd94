import type { Endpoint } from './route.js';

/** The risk desk's wire paths (packages/contract/src/risk.ts). Risk and admin review; support reads. */
export const riskEndpoints = {
  opsRiskFlagList: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/risk/flags',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'risk', 'support'],
  },
  opsRiskFlagReview: {
    method: 'POST',
    path: '/ops/merchants/:merchantCode/risk/flags/:flagId/review',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'risk'],
  },
  opsRiskSettings: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/risk/settings',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'risk', 'support'],
  },
  opsRiskSettingsUpdate: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/risk/settings',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'risk'],
  },
} as const satisfies Record<string, Endpoint>;
