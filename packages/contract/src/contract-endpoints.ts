import type { Endpoint } from './route.js';

/**
 * Agent contracts' wire paths (packages/contract/src/contracts.ts), joined into `endpoints`. The
 * process calls keep the original's relay names and verbs (reference §2.3); the agent-centre and
 * operator paths are ours.
 */
export const contractEndpoints = {
  contractConsolidated: {
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    auth: 'member',
    encrypted: false,
    modId: 'AGENTPOLICY3',
    trial: false,
  },
  processDividendReq: {
    method: 'GET',
    path: '/wps/relay/MCS2_processDividendReq',
    auth: 'member',
    encrypted: false,
    modId: 'SIGNCONDIV3',
    trial: false,
  },
  processDailySalary: {
    method: 'GET',
    path: '/wps/relay/MCS2_processDailySalContract',
    auth: 'member',
    encrypted: false,
    modId: 'DAILYSALCONT3',
    trial: false,
  },
  processContractHourSalary: {
    method: 'POST',
    path: '/wps/relay/MCS2_processContractHourSalary',
    auth: 'member',
    encrypted: false,
    modId: 'HOURSAL3',
    trial: false,
  },
  processRealTimeSalaryContract: {
    method: 'POST',
    path: '/wps/relay/MCSFE_processRealTimeSalaryContract',
    auth: 'member',
    encrypted: false,
    modId: 'RTSALARY3',
    trial: false,
  },
  agentContractMine: {
    method: 'GET',
    path: '/wps/agent/contracts/:kind/mine',
    auth: 'member',
    encrypted: false,
    modId: 'AGENTPOLICY3',
    trial: false,
  },
  agentContractDownlines: {
    method: 'GET',
    path: '/wps/agent/contracts/:kind/downlines',
    auth: 'member',
    encrypted: false,
    modId: 'AGENTPOLICY3',
    trial: false,
  },
  agentContractOffer: {
    method: 'POST',
    path: '/wps/agent/contracts/:kind/offer',
    auth: 'member',
    encrypted: false,
    modId: 'AGENTPOLICY3',
    trial: false,
  },
  agentContractTerminate: {
    method: 'POST',
    path: '/wps/agent/contracts/:kind/terminate',
    auth: 'member',
    encrypted: false,
    modId: 'AGENTPOLICY3',
    trial: false,
  },
  agentContractBills: {
    method: 'GET',
    path: '/wps/agent/contracts/:kind/bills',
    auth: 'member',
    encrypted: false,
    modId: 'AGENTPOLICY3',
    trial: false,
  },
  opsContractGet: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/contracts/:kind/:memberId',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'finance'],
  },
  opsContractSet: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/contracts/:kind/:memberId',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'finance'],
  },
  opsContractTerminate: {
    method: 'DELETE',
    path: '/ops/merchants/:merchantCode/contracts/:kind/:memberId',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'finance'],
  },
  opsContractSettle: {
    method: 'POST',
    path: '/ops/merchants/:merchantCode/contracts/:kind/settle',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'finance'],
  },
} as const satisfies Record<string, Endpoint>;
