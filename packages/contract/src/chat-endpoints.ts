import type { Endpoint } from './route.js';

/** Live chat rooms' wire paths (packages/contract/src/chat.ts): the original's CBS relay names, then new paths. */
export const chatEndpoints = {
  chatModelList: {
    method: 'GET',
    path: '/wps/relay/CBS_modelList',
    auth: 'none',
    encrypted: false,
    modId: 'CBS3',
  },
  chatLaunch: {
    method: 'GET',
    path: '/wps/relay/CBS_launchChat',
    auth: 'member',
    encrypted: false,
    modId: 'CBS3',
  },
  chatUnread: {
    method: 'GET',
    path: '/wps/relay/CBS_unreadCount',
    auth: 'member',
    encrypted: false,
    modId: 'CBS3',
  },
  chatPermission: {
    method: 'GET',
    path: '/wps/relay/CBS_groupPermission',
    auth: 'member',
    encrypted: false,
    modId: 'CBS3',
  },
  chatMessages: { method: 'GET', path: '/chat/messages', auth: 'member', encrypted: false },
  chatSend: { method: 'POST', path: '/chat/messages', auth: 'member', encrypted: false },
  chatTip: { method: 'POST', path: '/chat/tips', auth: 'member', encrypted: false },
  chatModerate: { method: 'POST', path: '/chat/moderate', auth: 'member', encrypted: false },
  chatHostStatus: { method: 'POST', path: '/chat/host/status', auth: 'member', encrypted: false },
  opsChatHost: {
    method: 'POST',
    path: '/ops/merchants/:merchantCode/chat/hosts',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
  opsChatModerate: {
    method: 'POST',
    path: '/ops/merchants/:merchantCode/chat/moderate',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'support'],
  },
} as const satisfies Record<string, Endpoint>;
