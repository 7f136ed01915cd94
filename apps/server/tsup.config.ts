import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    main: 'src/main.ts',
    migrate: 'src/cli/migrate.ts',
    seed: 'src/cli/seed.ts',
    'ledger-check': 'src/cli/ledger-check.ts',
    'create-operator': 'src/cli/create-operator.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: true,
  // Workspace packages ship TypeScript sources: bundle them; npm dependencies stay external.
  noExternal: [/^@arcadia\//],
});
