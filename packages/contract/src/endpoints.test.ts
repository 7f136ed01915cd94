import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.js';
import { routes } from './index.js';

describe('endpoints', () => {
  it('each route carries exactly the wire facts of its endpoint', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const route = routes[name as keyof typeof routes];
      expect(route, name).toBeDefined();
      expect({
        method: route.method,
        path: route.path,
        auth: route.auth,
        encrypted: route.encrypted,
      }).toEqual({
        method: endpoint.method,
        path: endpoint.path,
        auth: endpoint.auth,
        encrypted: endpoint.encrypted,
      });
    }
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('names each method and path once', () => {
    const keys = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
