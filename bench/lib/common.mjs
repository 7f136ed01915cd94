// Helpers shared by the benches. Files under bench/lib/ are not benches: the runner only lists
// bench/*.mjs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Prints one progress line, indented under the runner's header.
 * @param {...unknown} parts
 */
export function log(...parts) {
  if (parts.length === 0 || (parts.length === 1 && parts[0] === '')) console.log('');
  else console.log(' ', ...parts);
}

/**
 * Prints a warning line (stderr), indented like progress.
 * @param {string} message
 */
export function warn(message) {
  console.warn(`  ⚠ ${message}`);
}

/**
 * Median of a non-empty list (mean of the two middle values when the count is even).
 * @param {number[]} values
 * @returns {number}
 */
export function median(values) {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Bytes to kilobytes (1 KB = 1000 bytes, as Vite's build report), rounded to 1 decimal.
 * @param {number} bytes
 * @returns {number}
 */
export function toKB(bytes) {
  return Math.round(bytes / 100) / 10;
}

/**
 * The most recently modified file under the given paths, skipping build output and dependencies.
 * @param {string[]} paths absolute paths (files or directories); missing ones are ignored
 * @returns {{ file: string | null, mtimeMs: number }}
 */
export function newestFile(paths) {
  const skip = new Set(['node_modules', 'dist', '.vite', 'coverage']);
  let latest = 0;
  /** @type {string | null} */
  let latestFile = null;
  /** @param {string} p */
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (!stat.isDirectory()) {
      if (stat.mtimeMs > latest) [latest, latestFile] = [stat.mtimeMs, p];
      return;
    }
    for (const entry of fs.readdirSync(p)) if (!skip.has(entry)) visit(path.join(p, entry));
  };
  paths.forEach(visit);
  return { file: latestFile, mtimeMs: latest };
}

/**
 * Makes sure a workspace's build output exists: builds it when missing (unless `skipBuild`), and
 * warns when it is older than its sources (the figures would describe an old build).
 * @param {object} target
 * @param {string} target.workspace npm workspace name, e.g. "@arcadia/web"
 * @param {string} target.output path of the build output to check, relative to the root
 * @param {string[]} target.sources paths whose changes make the output stale, relative to the root
 * @param {boolean} target.skipBuild never build; fail when the output is missing
 */
export function ensureBuilt({ workspace, output, sources, skipBuild }) {
  const out = path.join(ROOT, output);
  const buildCommand = `npm run build -w ${workspace}`;
  if (!fs.existsSync(out)) {
    if (skipBuild) {
      throw new Error(`${output} is missing and --skip-build was given. Build it first: ${buildCommand}`);
    }
    log(`${output} is missing: running ${buildCommand}`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: ROOT,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (result.error) throw new Error(`${buildCommand} could not start: ${result.error.message}`);
    if (result.status !== 0) throw new Error(`${buildCommand} failed (exit code ${result.status})`);
    if (!fs.existsSync(out)) throw new Error(`${buildCommand} succeeded but ${output} is still missing`);
    return;
  }
  const built = fs.statSync(out).mtimeMs;
  const source = newestFile(sources.map((s) => path.join(ROOT, s)));
  if (source.file && source.mtimeMs > built) {
    warn(
      `${output} is older than ${path.relative(ROOT, source.file)}; the figures describe that older build.` +
        ` Rebuild: ${buildCommand}`,
    );
  }
}
