/**
 * Agent-centre left navigation in the spec's order (spec §2), with the module that gates each
 * (reference §4.3). `page` ids are the spec's, verbatim; entries without one are actions. The agent
 * home shows an entry only when its gate passes AND the app has a page for it, so the contract and
 * salary pages appear once their pages exist instead of as empty placeholders.
 */
export interface AgentMenuEntry {
  key: string;
  page?: string;
  gate?: (wl: Record<string, boolean>) => boolean;
}

/** Reference §4.3 `menuIsShow`: these stay visible even when their module is off. */
const alwaysShown = ['AGEINFO3', 'AGENTANNOUNCE3', 'AGEDOWNTRANS3'];
const module = (id: string) => (wl: Record<string, boolean>) => alwaysShown.includes(id) || !!wl[id];

export const agentMenu: AgentMenuEntry[] = [
  // The member centre's deposit and withdrawal pages, under the same modules (reference §4.2).
  { key: 'deposit', gate: (wl) => !!wl.DEPOSIT && !wl.CREDITMAR3 },
  { key: 'withdraw', gate: (wl) => !!wl.WITHDRAW && !wl.CREDITMAR3 },
  { key: 'agentAnnouncement', page: 'agentAnnouncement', gate: module('AGENTANNOUNCE3') },
  { key: 'agentTeamOverview', page: 'agentTeamOverview', gate: module('AGEINFO3') },
  {
    key: 'registerCenter',
    page: 'registerCenter',
    gate: (wl) => !!wl.REGCEN && (!!wl.AGEREGDOWN3 || !!wl.CREATEAFF3 || !!wl.AFFMAN3),
  },
  { key: 'downlineManagmentView', page: 'downlineManagmentView', gate: module('DOWNMAN') },
  {
    key: 'personalHistoryCopy',
    page: 'personalHistoryCopy',
    gate: (wl) => !!wl.TRANSBETREPMEM3 || !!wl.TEAMBETTING3,
  },
  { key: 'palStatementsAgentCopy', page: 'palStatementsAgentCopy', gate: module('AGETEAMPNL3') },
  { key: 'agentRevenueReport', page: 'agentRevenueReport', gate: module('AGEREV3') },
  {
    key: 'agentDownlineTransactionDetailsCopy',
    page: 'agentDownlineTransactionDetailsCopy',
    gate: module('AGEDOWNTRANS3'),
  },
  { key: 'agentDividendRecordCopy2', page: 'agentDividendRecordCopy2', gate: module('DIVIDEND') },
  { key: 'agentDailyWages2', page: 'agentDailyWages2', gate: module('DAYSAL') },
  { key: 'agentHourSalary', page: 'agentHourSalary', gate: module('HOURSAL3') },
  { key: 'agentRealtimeSalary', page: 'agentRealtimeSalary', gate: module('RTSALARY3') },
  // Reference §4.3: agentRedRain, "agent transfer to multiple downlines".
  { key: 'agentRedRain', page: 'agentRedRain', gate: module('AGENTRANSMULTDOWN3') },
  { key: 'platformMessages', gate: module('INBOX3') },
  { key: 'customerService' },
];

export const defaultAgentPage = 'agentTeamOverview';
