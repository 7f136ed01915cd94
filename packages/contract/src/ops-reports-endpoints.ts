import type { Endpoint } from './route.js';

/** The back office's brand reports (packages/contract/src/ops-reports.ts). */
const readers = ['admin', 'finance', 'risk'] as const;

export const opsReportsEndpoints = {
  opsReportGgr: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/reports/ggr',
    auth: 'ops',
    encrypted: false,
    opsRoles: [...readers],
  },
  opsReportPayments: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/reports/payments',
    auth: 'ops',
    encrypted: false,
    opsRoles: [...readers],
  },
  opsReportPlayers: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/reports/players',
    auth: 'ops',
    encrypted: false,
    opsRoles: [...readers],
  },
  opsReportTopPlayers: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/reports/top-players',
    auth: 'ops',
    encrypted: false,
    opsRoles: [...readers],
  },
  opsReportCsv: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/reports/:report/csv',
    auth: 'ops',
    encrypted: false,
    opsRoles: [...readers],
  },
} as const satisfies Record<string, Endpoint>;
