import type { Endpoint } from './route.js';

/**
 * The house sportsbook's wire paths (packages/contract/src/sports.ts), joined into `endpoints`. The
 * original had no sportsbook of its own (its sports were vendors' launches): these paths are new.
 */
export const sportsEndpoints = {
  sportsEvents: { method: 'GET', path: '/sports/events', auth: 'none', encrypted: false },
  sportsBet: { method: 'POST', path: '/sports/bets', auth: 'member', encrypted: false },
  sportsMyBets: { method: 'GET', path: '/sports/bets', auth: 'member', encrypted: false },
  opsSportsFeed: {
    method: 'POST',
    path: '/ops/sports/feed',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
  opsSportsMarket: {
    method: 'POST',
    path: '/ops/sports/market',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
  opsSportsResult: {
    method: 'POST',
    path: '/ops/sports/result',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
  opsSportsRun: {
    method: 'POST',
    path: '/ops/sports/run',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
} as const satisfies Record<string, Endpoint>;
