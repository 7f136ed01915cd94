import type { Endpoint } from './route.js';

/**
 * Every wire path, once, with its method and auth need. Zod-free so the web app can import it
 * without carrying the schemas: the schemas live beside each domain's routes.
 */
export const endpoints = {
  systemStatus: { method: 'GET', path: '/wps/system/status', auth: 'none', encrypted: false, modId: 'COMM3' },
  systemDomainRoute: {
    method: 'GET',
    path: '/wps/system/domainRoute',
    auth: 'none',
    encrypted: false,
    modId: 'COMM3',
  },
  systemWhitelabel: {
    method: 'GET',
    path: '/wps/system/whitelabel',
    auth: 'none',
    encrypted: false,
    modId: 'COMM3',
  },
  systemRegisterSettings: {
    method: 'GET',
    path: '/wps/system/setting/register',
    auth: 'none',
    encrypted: false,
    modId: 'REG3',
  },
  systemCountry: {
    method: 'GET',
    path: '/wps/system/country',
    auth: 'none',
    encrypted: false,
    modId: 'COMM3',
  },
  systemHelpCenter: {
    method: 'GET',
    path: '/wps/system/helpCenter',
    auth: 'none',
    encrypted: false,
    modId: 'COMM3',
  },
  feedback: { method: 'PUT', path: '/wps/feedback', auth: 'optional', encrypted: false, modId: 'FEEDBACK3' },
  opsGetAvailability: {
    method: 'GET',
    path: '/ops/merchants/:merchantCode/availability',
    auth: 'ops',
    encrypted: false,
  },
  opsSetAvailability: {
    method: 'PUT',
    path: '/ops/merchants/:merchantCode/availability',
    auth: 'ops',
    encrypted: false,
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
