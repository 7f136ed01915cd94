import type { Endpoint } from './route.js';

/** The back office's content and catalogue desks' own wire paths (packages/contract/src/content.ts). */
export const contentEndpoints = {
  opsContentUpload: {
    method: 'POST',
    path: '/ops/merchants/:merchantCode/content/uploads',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'content'],
  },
  opsContentPreview: {
    method: 'POST',
    path: '/ops/merchants/:merchantCode/content/preview',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'content', 'support'],
  },
  opsHelpTopicList: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/content/help',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'content', 'support'],
  },
  opsHelpTopicSave: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/content/help',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'content'],
  },
  opsHelpTopicDelete: {
    method: 'DELETE',
    path: '/ops/merchants/:merchantCode/content/help/:topicId',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin', 'content'],
  },
  opsVendorCredentialSet: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/catalogue/vendors/:vassalage/credential',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
} as const satisfies Record<string, Endpoint>;
