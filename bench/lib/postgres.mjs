// A scratch PostgreSQL database for a bench: check that a server answers, create a fresh database
// on it, and drop that database again, also when the bench fails or is interrupted.
import crypto from 'node:crypto';
import pg from 'pg';
import { log, warn } from './common.mjs';

const CONNECT_TIMEOUT_MS = 3000;

/** The scratch database still to drop: set once created, cleared once dropped. */
/** @type {{ adminUrl: string, name: string } | null} */
let scratch = null;

/**
 * Why PostgreSQL at `url` cannot be used, or null when it answers.
 * @param {string} url
 * @returns {Promise<string | null>}
 */
export async function postgresProblem(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message || err.constructor.name : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates a fresh database `<prefix>_<random>` on the server at `adminUrl`, whose user must be
 * allowed to create databases. Drop it with dropScratchDatabase.
 * @param {string} adminUrl
 * @param {string} prefix only [a-z0-9_], like the random part: the name is safe to quote as is
 * @returns {Promise<{ name: string, url: string }>} its name, and `adminUrl` pointing at it
 */
export async function createScratchDatabase(adminUrl, prefix) {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`create database "${name}"`));
  scratch = { adminUrl, name };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Drops the scratch database, if one was created; reports a failure instead of throwing. */
export async function dropScratchDatabase() {
  if (!scratch) return;
  const { adminUrl, name } = scratch;
  try {
    await withClient(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
    scratch = null;
    log(`dropped database ${name}`);
  } catch (err) {
    warn(`could not drop database ${name}: ${err instanceof Error ? err.message : err}; drop it by hand`);
  }
}

/** For an 'exit' handler: a database cannot be dropped synchronously, so say that it is left. */
export function warnIfNotDropped() {
  if (scratch) warn(`database ${scratch.name} was not dropped; drop it by hand`);
}

/**
 * The URL without its password, for printing.
 * @param {string} url
 */
export function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * Runs `fn` with a client connected to `url`, then closes it.
 * @template T
 * @param {string} url
 * @param {(client: pg.Client) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs CHECKPOINT on the server before a measured run, so no run pays for the checkpoint an
 * earlier one made due: the money benches write WAL fast enough that `max_wal_size` triggers
 * checkpoints, and one landing inside a 10 s run adds its writes to every commit's fsync.
 * Needs a superuser (or, from PostgreSQL 15, the pg_checkpoint role); without, says so and goes on.
 * @param {string} url
 */
export async function checkpoint(url) {
  try {
    await withClient(url, (c) => c.query('checkpoint'));
  } catch (err) {
    log(`(no CHECKPOINT before the run: ${err instanceof Error ? err.message : err})`);
  }
}
