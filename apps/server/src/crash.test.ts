import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './db/database.js';
import { encryptBodyForTest } from './lib/body-crypto.js';
import { checkLedger } from './modules/ledger/ledger.check.js';

/**
 * The server is killed with SIGKILL in the middle of a burst of transfers, then restarted on the
 * same PostgreSQL database: the ledger is sound, every acknowledged transfer is there exactly
 * once, and re-sending every request (acknowledged or not) never applies anything twice.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];
let dbName: string | undefined;

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  if (adminUrl && dbName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DEMO: '1',
      LOG_LEVEL: 'error',
      STATIC_DIR: '/nonexistent',
    },
    stdio: 'ignore',
  });
  children.push(child);
  // Generous: the server compiles its TypeScript on start, slow on a busy machine.
  const until = Date.now() + 150_000;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

describe.runIf(adminUrl && process.env.TEST_DB === 'postgres')(
  'crash during a burst of transfers (PostgreSQL)',
  () => {
    it('loses nothing acknowledged and applies nothing twice', { timeout: 420_000 }, async () => {
      dbName = `arcadia_crash_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(adminUrl!);
      url.pathname = `/${dbName}`;

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const first = await startServer(url.toString(), port);
      const key = (
        (await (await fetch(`${base}/wps/session/key/rsa`)).json()) as { value: { publicKey: string } }
      ).value;
      const { header, body } = encryptBodyForTest(key.publicKey, {
        username: 'demoplayer',
        password: 'demo1234',
      });
      const login = await fetch(`${base}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', encryption: header },
        body: JSON.stringify(body),
      });
      const token = ((await login.json()) as { value: { token: string } }).value.token;

      const transfer = (requestId: string, out: boolean) =>
        fetch(`${base}/wps/relay/GCS_walletTransfer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify({
            fromWallet: out ? 'MAIN' : 'PT',
            toWallet: out ? 'PT' : 'MAIN',
            amount: '0.01',
            requestId,
          }),
        });

      const acknowledged = new Map<string, string>();
      const sent: { requestId: string; out: boolean }[] = [];
      let stop = false;
      const worker = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const requestId = `crash-${w}-${i}`;
          const out = i % 2 === 0;
          sent.push({ requestId, out });
          try {
            const res = await transfer(requestId, out);
            if (res.ok)
              acknowledged.set(
                requestId,
                ((await res.json()) as { value: { transactionId: string } }).value.transactionId,
              );
          } catch {
            return; // the server died under us
          }
        }
      };
      const sumBalance = async () => {
        const res = await fetch(`${base}/wps/v2/wallets/balance`, { headers: { authorization: token } });
        return ((await res.json()) as { value: { sumBalance: number } }).value.sumBalance;
      };
      // Transfers move money between the member's own wallets: its total never changes.
      const totalBefore = await sumBalance();

      const workers = Array.from({ length: 8 }, (_, w) => worker(w));
      while (acknowledged.size < 40) await new Promise((r) => setTimeout(r, 10));
      first.kill('SIGKILL');
      stop = true;
      await Promise.all(workers);

      await startServer(url.toString(), port);
      const check = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
      try {
        expect(await checkLedger(check.db)).toEqual([]);
        const rows = await check.db
          .selectFrom('ledger_transaction')
          .select(['id', 'idempotency_key'])
          .where('idempotency_key', 'like', 'transfer:%:crash-%')
          .execute();
        const byKey = new Map(rows.map((r) => [r.idempotency_key.split(':').pop()!, r.id]));
        expect(byKey.size).toBe(rows.length);
        for (const [requestId, txId] of acknowledged) expect(byKey.get(requestId)).toBe(txId);

        // Clients retry everything they sent: each request ends up applied exactly once. Those the
        // database kept (acknowledged or not) replay their transaction; the others apply now.
        const retries = await Promise.all(
          sent.map((s) =>
            transfer(s.requestId, s.out).then(
              async (r) =>
                ({ status: r.status, ...((await r.json()) as object) }) as {
                  status: number;
                  value: { replayed: boolean; transactionId: string };
                },
            ),
          ),
        );
        const afterRows = await check.db
          .selectFrom('ledger_transaction')
          .select(['id', 'idempotency_key'])
          .where('idempotency_key', 'like', 'transfer:%:crash-%')
          .execute();
        const afterByKey = new Map(afterRows.map((r) => [r.idempotency_key.split(':').pop()!, r.id]));
        expect(afterRows).toHaveLength(sent.length);
        expect(afterByKey.size).toBe(sent.length);
        for (const [i, reply] of retries.entries()) {
          const { requestId } = sent[i]!;
          expect(reply.status, requestId).toBe(200);
          expect(reply.value, requestId).toMatchObject({
            replayed: byKey.has(requestId),
            transactionId: afterByKey.get(requestId),
          });
          const original = acknowledged.get(requestId);
          if (original) expect(reply.value.transactionId).toBe(original);
        }
        expect(await checkLedger(check.db)).toEqual([]);
        expect(await sumBalance()).toBe(totalBefore);
      } finally {
        await check.close();
      }
    });
  },
);
