#!/usr/bin/env node
// Bench runner: `node bench/run.mjs <name> [args…]` runs bench/<name>.mjs; with no name it lists
// the benches. See bench/README.md.
//
// A bench module exports:
//   description: string                        one line, shown in the list and the header
//   usage?: string                             its arguments, shown in the list
//   run(args: string[]): Promise<Figures>      prints progress lines, returns the figures
// Figures are a flat object of numbers. The key's suffix names the unit (…KB, …Ms, …Count).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** @typedef {Record<string, number>} Figures */
/**
 * @typedef {object} BenchModule
 * @property {string} description
 * @property {string} [usage]
 * @property {(args: string[]) => Promise<Figures>} run
 */

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');
const self = path.basename(fileURLToPath(import.meta.url));

/** Names of the available benches: bench/*.mjs except this runner. */
function benchNames() {
  return fs
    .readdirSync(benchDir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.mjs') && e.name !== self && !e.name.startsWith('_'))
    .map((e) => e.name.slice(0, -'.mjs'.length))
    .sort();
}

/**
 * @param {string} name
 * @returns {Promise<BenchModule>}
 */
async function loadBench(name) {
  const mod = await import(pathToFileURL(path.join(benchDir, `${name}.mjs`)).href);
  if (typeof mod.run !== 'function') throw new Error(`bench/${name}.mjs does not export run(args)`);
  if (typeof mod.description !== 'string') throw new Error(`bench/${name}.mjs does not export description`);
  return mod;
}

async function list() {
  const names = benchNames();
  console.log('Usage: node bench/run.mjs <name> [args…]   (or: npm run bench -- <name> [args…])\n');
  if (names.length === 0) {
    console.log('No benches found in bench/.');
    return;
  }
  console.log('Benches:');
  const width = Math.max(...names.map((n) => n.length));
  for (const name of names) {
    try {
      const bench = await loadBench(name);
      console.log(`  ${name.padEnd(width)}  ${bench.description}`);
      if (bench.usage) console.log(`  ${''.padEnd(width)}  args: ${bench.usage}`);
    } catch (err) {
      console.log(`  ${name.padEnd(width)}  (cannot load: ${err instanceof Error ? err.message : err})`);
    }
  }
}

/**
 * Git commit of the working tree (read-only), or null outside a repository.
 * @returns {{ commit: string, dirty: boolean } | null}
 */
function gitInfo() {
  try {
    /** @type {import('node:child_process').ExecFileSyncOptionsWithStringEncoding} */
    const opts = { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] };
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], opts).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], opts).trim() !== '';
    return { commit, dirty };
  } catch {
    return null;
  }
}

function environment() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cpuCount: cpus.length,
    memoryGB: Math.round(os.totalmem() / 1e8) / 10,
    git: gitInfo(),
  };
}

/**
 * Unit shown for a figure, from its key's suffix.
 * @param {string} key
 */
function unitOf(key) {
  if (/KB$/.test(key)) return 'KB';
  if (/Ms$/.test(key)) return 'ms';
  return '';
}

/**
 * @param {string} key
 * @param {unknown} value
 */
function formatValue(key, value) {
  if (typeof value !== 'number') return String(value);
  if (!Number.isFinite(value)) return String(value);
  if (unitOf(key) === 'KB') return value.toFixed(1);
  if (Number.isInteger(value)) return String(value);
  // Ratios sit near their targets (0.5, 1.0): one decimal would print 0.47 as 0.5.
  return Math.abs(value) < 10 ? value.toFixed(2) : value.toFixed(1);
}

/** @param {Figures} figures */
function printTable(figures) {
  const rows = Object.entries(figures).map(([key, value]) => [key, formatValue(key, value), unitOf(key)]);
  const header = ['figure', 'value', 'unit'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (/** @type {string[]} */ cells) =>
    `  ${cells[0].padEnd(widths[0])}  ${cells[1].padStart(widths[1])}  ${cells[2].padEnd(widths[2])}`.trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => '─'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

/**
 * @param {string} name
 * @param {string[]} args
 */
async function runBench(name, args) {
  const bench = await loadBench(name);
  const env = environment();
  const startedAt = new Date();
  const git = env.git ? `commit ${env.git.commit}${env.git.dirty ? ' (uncommitted changes)' : ''}` : 'no git';
  console.log(`▸ bench ${name}: ${bench.description}`);
  console.log(
    `  ${startedAt.toISOString()} · node ${env.node} · ${env.platform} · ${env.cpuCount}× ${env.cpu} · ${git}`,
  );
  if (args.length > 0) console.log(`  args: ${args.join(' ')}`);
  console.log('');

  const t0 = performance.now();
  const figures = await bench.run(args);
  const durationMs = Math.round(performance.now() - t0);
  if (!figures || typeof figures !== 'object') throw new Error(`bench ${name} returned no figures`);

  console.log('');
  console.log(`▸ results (${(durationMs / 1000).toFixed(1)} s)`);
  printTable(figures);

  // ISO 8601 with ':' replaced by '-' so the file name is valid on every file system.
  const stamp = startedAt.toISOString().replace(/:/g, '-');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}-${stamp}.json`);
  const record = {
    bench: name,
    description: bench.description,
    args,
    startedAt: startedAt.toISOString(),
    durationMs,
    environment: env,
    figures,
  };
  fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log('');
  console.log(`  saved ${path.relative(process.cwd(), file) || file}`);
}

async function main() {
  const [name, ...args] = process.argv.slice(2);
  if (!name || name === '--help' || name === '-h' || name === 'list') {
    await list();
    return;
  }
  const names = benchNames();
  if (!names.includes(name)) {
    console.error(`✖ Unknown bench "${name}". Available: ${names.join(', ') || '(none)'}`);
    console.error('  Run `node bench/run.mjs` to list them with descriptions.');
    process.exit(1);
  }
  await runBench(name, args);
}

main().catch((err) => {
  console.error('');
  console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
  if (process.env.BENCH_DEBUG && err instanceof Error && err.stack) console.error(err.stack);
  process.exit(1);
});
