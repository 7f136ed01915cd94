import type { Endpoint } from './route.js';

/**
 * The house live tables' wire paths (packages/contract/src/live.ts), joined into `endpoints`. The
 * original's live casino was vendors' launches: these paths are new.
 */
export const liveEndpoints = {
  liveTables: { method: 'GET', path: '/live/tables', auth: 'none', encrypted: false },
  liveTotals: { method: 'GET', path: '/live/totals', auth: 'none', encrypted: false },
  liveBet: { method: 'POST', path: '/live/bets', auth: 'member', encrypted: false },
  liveMyBets: { method: 'GET', path: '/live/bets', auth: 'member', encrypted: false },
  opsLiveVoid: {
    method: 'POST',
    path: '/ops/live/void',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
} as const satisfies Record<string, Endpoint>;
