import type { Endpoint } from './route.js';

const READERS = ['admin', 'content'] as const;

/** The back office's Brand page (packages/contract/src/brand-admin.ts). */
export const brandAdminEndpoints = {
  opsBrandCreate: {
    method: 'POST',
    path: '/ops/brands',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
  opsBrandGet: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/brand',
    auth: 'ops',
    encrypted: false,
    opsRoles: READERS,
  },
  opsBrandUpdate: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/brand',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
  opsBrandLook: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/brand/look',
    auth: 'ops',
    encrypted: false,
    opsRoles: READERS,
  },
  opsBrandLogo: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/brand/logo',
    auth: 'ops',
    encrypted: false,
    opsRoles: READERS,
  },
  opsBrandModules: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/brand/modules',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
  opsBrandRegisterRules: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/brand/register-rules',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
  opsBrandAvailability: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/brand/availability',
    auth: 'ops',
    encrypted: false,
    opsRoles: ['admin'],
  },
} as const satisfies Record<string, Endpoint>;
