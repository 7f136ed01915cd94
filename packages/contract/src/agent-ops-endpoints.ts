import type { Endpoint } from './route.js';

/** The back office's agent tree (packages/contract/src/agent-ops.ts). Admin moves; others read. */
export const agentOpsEndpoints = {
  opsAgentTree: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/agents/tree',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'finance', 'support', 'risk'],
  },
  opsAgentSearch: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/agents/search',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'finance', 'support', 'risk'],
  },
  opsAgentMove: {
    method: 'POST',
    path: '/ops/merchants/:merchantCode/agents/move',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
} as const satisfies Record<string, Endpoint>;
