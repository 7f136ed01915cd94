import type { Endpoint } from './route.js';

/**
 * The back office's player desk (packages/contract/src/players.ts): every operator role but
 * `content` reads; admin and support change a member's status and reset a password; admin,
 * support and risk write notes.
 */
const READ = ['admin', 'finance', 'support', 'risk'] as const;
const ACT = ['admin', 'support'] as const;
const NOTE = ['admin', 'support', 'risk'] as const;
const base = '/ops/merchants/:merchantCode/players';

export const playersEndpoints = {
  opsPlayerSearch: { method: 'GET', path: base, auth: 'ops', encrypted: false, opsRoles: READ },
  opsPlayerDetail: { method: 'GET', path: `${base}/:account`, auth: 'ops', encrypted: false, opsRoles: READ },
  opsPlayerActivity: {
    method: 'GET',
    path: `${base}/:account/activity`,
    auth: 'ops',
    encrypted: false,
    opsRoles: READ,
  },
  opsPlayerLinked: {
    method: 'GET',
    path: `${base}/:account/linked`,
    auth: 'ops',
    encrypted: false,
    opsRoles: READ,
  },
  opsPlayerStatus: {
    method: 'POST',
    path: `${base}/:account/status`,
    auth: 'ops',
    encrypted: false,
    opsRoles: ACT,
  },
  opsPlayerSessionEnd: {
    method: 'POST',
    path: `${base}/:account/sessions/:sessionId/end`,
    auth: 'ops',
    encrypted: false,
    opsRoles: ACT,
  },
  opsPlayerPasswordReset: {
    method: 'POST',
    path: `${base}/:account/password/reset`,
    auth: 'ops',
    encrypted: false,
    opsRoles: ACT,
  },
  opsPlayerNotes: {
    method: 'GET',
    path: `${base}/:account/notes`,
    auth: 'ops',
    encrypted: false,
    opsRoles: READ,
  },
  opsPlayerNoteAdd: {
    method: 'POST',
    path: `${base}/:account/notes`,
    auth: 'ops',
    encrypted: false,
    opsRoles: NOTE,
  },
} as const satisfies Record<string, Endpoint>;
