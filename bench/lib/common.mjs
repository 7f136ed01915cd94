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
 * The value of a whole-number option, checked against its range.
 * @param {string} flag the option's name without dashes, for the message
 * @param {string | undefined} value as parseArgs returned it
 * @param {number} min
 * @param {number} max
 * @param {string} [what] what it must be, for the message
 * @returns {number}
 */
export function wholeNumberOption(flag, value, min, max, what = 'a whole number') {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`--${flag} must be ${what} from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/**
 * Text (a server's output, a reply) indented and marked as quoted under a message; "(no output)"
 * when empty, so an empty quote is not mistaken for a missing one.
 * @param {string} text
 */
export function indent(text) {
  const trimmed = text.trim();
  return trimmed ? trimmed.replace(/^/gm, '    | ') : '    (no output)';
}

/**
 * Makes sure a workspace's build output exists and is current: builds it when it is missing, and
 * rebuilds it when it is older than its sources, since a stale build would silently benchmark old
 * code. With `skipBuild` it never builds: a missing output fails, a stale one only warns.
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
    build(workspace, output);
    return;
  }
  const built = fs.statSync(out).mtimeMs;
  const source = newestFile(sources.map((s) => path.join(ROOT, s)));
  if (!source.file || source.mtimeMs <= built) return;
  const stale = `${output} is older than ${path.relative(ROOT, source.file)}`;
  if (skipBuild) {
    warn(`${stale}; the figures describe that older build. Rebuild: ${buildCommand}`);
    return;
  }
  log(`${stale}: rebuilding with ${buildCommand}`);
  build(workspace, output);
}

/**
 * Runs the workspace's build script, its output shown as it goes; fails unless it exits 0 and
 * leaves `output` behind.
 * @param {string} workspace
 * @param {string} output relative to the root
 */
function build(workspace, output) {
  const buildCommand = `npm run build -w ${workspace}`;
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.error) throw new Error(`${buildCommand} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${buildCommand} failed (exit code ${result.status})`);
  if (!fs.existsSync(path.join(ROOT, output))) {
    throw new Error(`${buildCommand} succeeded but ${output} is still missing`);
  }
}
