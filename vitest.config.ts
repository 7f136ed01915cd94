import { defineConfig } from 'vitest/config';

const serverTest = { include: ['apps/server/src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'games', include: ['packages/games/src/**/*.test.ts'] } },
      { test: { name: 'server', ...serverTest, env: { TEST_DB: 'pglite' } } },
      // The same integration suite against a real PostgreSQL server when one is configured.
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'server-postgres', ...serverTest, env: { TEST_DB: 'postgres' } } }]
        : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
