import type { Endpoint } from './route.js';

/** Responsible gaming's wire paths (packages/contract/src/responsible.ts). */
export const responsibleEndpoints = {
  rgStatus: { method: 'GET', path: '/wps/member/rg', auth: 'member', encrypted: false, trial: false },
  rgDepositLimit: {
    method: 'PUT',
    path: '/wps/member/rg/depositLimit',
    auth: 'member',
    encrypted: false,
    trial: false,
  },
  rgPlayLimit: {
    method: 'PUT',
    path: '/wps/member/rg/playLimit',
    auth: 'member',
    encrypted: false,
    trial: false,
  },
  rgSessionLimit: {
    method: 'PUT',
    path: '/wps/member/rg/sessionLimit',
    auth: 'member',
    encrypted: false,
    trial: false,
  },
  rgRealityCheck: {
    method: 'PUT',
    path: '/wps/member/rg/realityCheck',
    auth: 'member',
    encrypted: false,
    trial: false,
  },
  rgExclude: {
    method: 'POST',
    path: '/wps/member/rg/exclusion',
    auth: 'member',
    encrypted: false,
    trial: false,
  },
  opsRgStatus: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/members/:account/rg',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'finance', 'support', 'risk'],
  },
  opsRgDepositLimit: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/members/:account/rg/depositLimit',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'support'],
  },
  opsRgPlayLimit: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/members/:account/rg/playLimit',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'support', 'risk'],
  },
} as const satisfies Record<string, Endpoint>;
