// Bundles the server with esbuild: workspace packages (TypeScript sources) go into the bundle;
// npm dependencies stay external and load from node_modules at run time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const outdir = path.join(root, 'dist');

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    migrate: 'src/cli/migrate.ts',
    seed: 'src/cli/seed.ts',
    'ledger-check': 'src/cli/ledger-check.ts',
    'create-operator': 'src/cli/create-operator.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  splitting: true,
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
});
console.log(`server built into ${path.relative(process.cwd(), outdir) || 'dist'}`);
