import type { Endpoint } from './route.js';

/**
 * The house lottery's wire paths (packages/contract/src/lottery.ts), joined into `endpoints`: the
 * original's lottery gateway paths (reference §2.5) where it had them.
 */
export const lotteryEndpoints = {
  lotteryMenus: {
    method: 'GET',
    path: '/lgw/games/game_menus',
    auth: 'none',
    encrypted: false,
    modId: 'COMM3',
  },
  lotteryVnMenus: {
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    auth: 'none',
    encrypted: false,
    modId: 'COMM3',
  },
  lotteryNear: { method: 'GET', path: '/lgw/numeros/near', auth: 'none', encrypted: false },
  lotteryOpened: {
    method: 'GET',
    path: '/lgw/games/opened/numero',
    auth: 'none',
    encrypted: false,
    modId: 'COMM3',
  },
  lotteryVnOpened: {
    method: 'GET',
    path: '/lgw/vn/numeros/opened/game',
    auth: 'none',
    encrypted: false,
    modId: 'AGEANNOUNCE3',
  },
  // With a session, the odds at the member's own prize group.
  lotteryRules: { method: 'GET', path: '/lgw/games/rules', auth: 'optional', encrypted: false },
  lotteryQuote: { method: 'GET', path: '/lgw/games/quote', auth: 'none', encrypted: false },
  lotteryVerify: { method: 'POST', path: '/lgw/draw/verify', auth: 'none', encrypted: false },
  // The original's mobile VN client posts to `/lotto-vn/lgw/betting?t=<ms>`; one gateway path here.
  lotteryBet: { method: 'POST', path: '/lgw/betting', auth: 'member', encrypted: false },
  lotteryMyBets: { method: 'GET', path: '/lgw/bets', auth: 'member', encrypted: false },
  lotteryCancelChase: { method: 'POST', path: '/lgw/bets/chase/cancel', auth: 'member', encrypted: false },
  lotteryPrizeGroups: {
    method: 'GET',
    path: '/wps/agent/lottery/prize-groups',
    auth: 'member',
    encrypted: false,
  },
  lotterySetPrizeGroup: {
    method: 'POST',
    path: '/wps/agent/lottery/prize-group',
    auth: 'member',
    encrypted: false,
  },
  // Platform-wide (issues are shared by every brand): all-brand admins only.
  opsLotteryRun: {
    method: 'POST',
    path: '/ops/lottery/run',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
  opsLotteryCancel: {
    method: 'POST',
    path: '/ops/lottery/cancel',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
  opsLotteryOfficial: {
    method: 'POST',
    path: '/ops/lottery/official',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
  opsLotteryResult: {
    method: 'POST',
    path: '/ops/lottery/result',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
} as const satisfies Record<string, Endpoint>;
