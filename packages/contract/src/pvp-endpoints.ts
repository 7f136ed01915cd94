import type { Endpoint } from './route.js';

/** Card rooms' wire paths (packages/contract/src/pvp.ts): the original's room list, then new paths. */
export const pvpEndpoints = {
  pvpRoomList: { method: 'GET', path: '/wps/relay/GLS2_roomList', auth: 'optional', encrypted: false },
  pvpTable: { method: 'GET', path: '/pvp/table', auth: 'optional', encrypted: false },
  pvpSit: { method: 'POST', path: '/pvp/seat', auth: 'member', encrypted: false, trial: false },
  pvpBet: { method: 'POST', path: '/pvp/bet', auth: 'member', encrypted: false },
  pvpAct: { method: 'POST', path: '/pvp/act', auth: 'member', encrypted: false },
  pvpLeave: { method: 'POST', path: '/pvp/leave', auth: 'member', encrypted: false },
} as const satisfies Record<string, Endpoint>;
