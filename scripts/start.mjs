#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir, skip = new Set(['node_modules', 'dist'])) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full, skip) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const shared = ['packages/contract', 'package-lock.json'].map((p) => path.join(root, p));
const sharedStamp = Math.max(
  ...shared.map((p) => (fs.statSync(p).isDirectory() ? newest(p) : fs.statSync(p).mtimeMs)),
);

const targets = [
  { name: '@arcadia/web', src: 'apps/web', out: 'apps/web/dist/index.html' },
  { name: '@arcadia/server', src: 'apps/server', out: 'apps/server/dist/main.js' },
];

for (const target of targets) {
  const out = path.join(root, target.out);
  const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
  const source = Math.max(newest(path.join(root, target.src)), sharedStamp);
  if (built >= source) continue;
  console.log(`Building ${target.name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
