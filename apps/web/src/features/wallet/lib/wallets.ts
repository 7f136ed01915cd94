import type { LedgerKind } from '../api/wallet';

/** The main wallet's code on the wire; every other wallet is a transfer-mode vendor's code. */
export const MAIN = 'MAIN';

/**
 * Ledger kinds in the order the account-record filter lists them. Typed against the contract
 * both ways: a kind missing here or one the contract does not know fails to compile.
 */
const kindSet = {
  DEPOSIT: true,
  WITHDRAW: true,
  WITHDRAW_PAID: true,
  WITHDRAW_REVERSAL: true,
  TRANSFER_IN: true,
  TRANSFER_OUT: true,
  TRANSFER_UPLINE: true,
  TRANSFER_DOWNLINE: true,
  ADJUSTMENT: true,
  BET: true,
  WIN: true,
  BET_REFUND: true,
  DIVIDEND: true,
  DAILY_WAGE: true,
  HOURLY_SALARY: true,
  REALTIME_SALARY: true,
  LOTTERY_REBATE: true,
  SPORTS_RESETTLE: true,
  REBATE: true,
  VIP_BONUS: true,
  POINTS_EARN: true,
  POINTS_REDEEM: true,
  POINTS_CONVERT: true,
  POINTS_REFUND: true,
  POINTS_CASH: true,
  BONUS: true,
  BONUS_FORFEIT: true,
  RED_ENVELOPE_SEND: true,
  RED_ENVELOPE_GRAB: true,
  RED_ENVELOPE_REFUND: true,
  REFERRAL: true,
  MISSION_REWARD: true,
  TIP: true,
  PVP_BUY_IN: true,
  PVP_CASH_OUT: true,
  PVP_RAKE: true,
} as const satisfies Record<LedgerKind, true>;

export const ledgerKinds = Object.keys(kindSet) as LedgerKind[];
