/**
 * Member-centre pages (spec §2, reference §4.2) in menu order, with the whitelabel module that
 * gates each. Page ids are the spec's, verbatim; `securityCenter` is the default page.
 */
/** What the gates read besides the whitelabel: the member's VIP and the brand's programmes. */
export interface MemberMenuState {
  hasVip: boolean;
  /** availablePromo.REFERRAL.enabled (spec §2: invite friends). */
  referral: boolean;
  /** availablePromo.MISSION.enabled. */
  mission: boolean;
}

export interface MemberMenuEntry {
  page: string;
  /** Shown when this returns true for the brand's flattened whitelabel flags and the member's state. */
  gate?: (wl: Record<string, boolean>, member: MemberMenuState) => boolean;
}

export const memberMenu: MemberMenuEntry[] = [
  { page: 'securityCenter' },
  { page: 'transferFund', gate: (wl) => wl.MYWALL !== false },
  { page: 'depositv2', gate: (wl) => !!wl.DEPOSIT && !wl.CREDITMAR3 },
  { page: 'withdraw', gate: (wl) => !!wl.WITHDRAW && !wl.CREDITMAR3 },
  { page: 'transferUpline', gate: (wl) => !!wl.AGETRANSFERUP3 },
  { page: 'personalHistoryCopy' },
  { page: 'transactionHistory' },
  { page: 'personalProfit' },
  { page: 'bonusDetails', gate: (wl) => !!wl.PLYRBT },
  // Spec §2: VIP when the brand runs it (member info's hasVip).
  { page: 'vip', gate: (_wl, member) => member.hasVip },
  { page: 'rewardCenter', gate: (wl) => !!wl.REWCEN3 },
  { page: 'referral', gate: (_wl, member) => member.referral },
  { page: 'missionLeaderboard', gate: (_wl, member) => member.mission },
  { page: 'messageV2', gate: (wl) => !!wl.MAILCEN },
  { page: 'manualRebate', gate: (wl) => !!wl.MANPLAYREB3 },
  { page: 'feedback', gate: (wl) => !!wl.FEEDBACK3 },
];

export const defaultMemberPage = 'securityCenter';
