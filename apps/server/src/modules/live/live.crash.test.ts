import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { livePayout } from '@arcadia/games';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.js';
import { encryptBodyForTest } from '../../lib/body-crypto.js';
import { checkLedger } from '../ledger/index.js';

/**
 * A live table's server is killed with SIGKILL while a round with bets is being dealt (betting
 * closed, the result shown, nothing paid yet), then restarted on the same PostgreSQL database:
 * the round is completed from its seed — every bet paid exactly its return once — and the ledger
 * is sound.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];
let dbName: string | undefined;
const TABLE = 'LIVE_ROULETTE';

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
      JOBS_ENABLED: '1',
      LOG_LEVEL: 'error',
      STATIC_DIR: '/nonexistent',
    },
    stdio: 'ignore',
  });
  children.push(child);
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

interface Round {
  roundId: string;
  roundNo: number;
  status: string;
  closesAt: string;
  result: unknown;
}

async function round(base: string): Promise<Round | null> {
  const res = await fetch(`${base}/live/tables?tableCode=${TABLE}`);
  const body = (await res.json()) as { value: { list: { round: Round | null }[] } };
  return body.value.list[0]!.round;
}

async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn().catch(() => null);
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function mainBalance(db: Awaited<ReturnType<typeof createDatabase>>['db']): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account as a')
    .innerJoin('member as m', 'm.id', 'a.owner_id')
    .select('a.balance')
    .where('m.account', '=', 'demoplayer')
    .where('a.kind', '=', 'main')
    .where('a.code', '=', 'MAIN')
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

describe.runIf(adminUrl && process.env.TEST_DB === 'postgres')(
  'a live table killed mid-round (PostgreSQL)',
  () => {
    it(
      'completes the round from its seed on restart: every bet paid once, the ledger sound',
      { timeout: 150_000 },
      async () => {
        dbName = `arcadia_live_crash_${randomBytes(5).toString('hex')}`;
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

        const direct = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
        const before = await mainBalance(direct.db);
        await direct.close();
        // A round with at least 8 seconds of betting left.
        const open = await until('a betting round', async () => {
          const r = await round(base);
          return r?.status === 'betting' && Date.parse(r.closesAt) - Date.now() > 8_000 ? r : null;
        });
        const spots = ['red', 'black', 'n17', 'dozen2', 'odd', 'high'];
        for (const spot of spots) {
          const res = await fetch(`${base}/live/bets`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: token },
            body: JSON.stringify({
              tableCode: TABLE,
              roundId: open.roundId,
              bets: [{ spot, amount: '500' }],
            }),
          });
          expect(res.status, await res.clone().text()).toBe(200);
        }
        // Betting closes, the result is dealt — and the server dies before it pays.
        await until('the deal', async () => (await round(base))?.status === 'dealing');
        first.kill('SIGKILL');
        await new Promise((r) => setTimeout(r, 500));

        await startServer(url.toString(), port);
        const check = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
        try {
          const done = await until(
            'the round settled after the restart',
            async () => {
              const row = await check.db
                .selectFrom('live_round')
                .select(['status', 'result'])
                .where('id', '=', open.roundId)
                .executeTakeFirstOrThrow();
              return row.status === 'settled' ? row : null;
            },
            40_000,
          );
          const bets = await check.db
            .selectFrom('live_bet')
            .select(['spot', 'stake', 'payout', 'status', 'id'])
            .where('round_id', '=', open.roundId)
            .execute();
          expect(bets).toHaveLength(spots.length);
          for (const b of bets) {
            expect(['won', 'lost']).toContain(b.status);
            expect(BigInt(b.payout)).toBe(livePayout(BigInt(b.stake), b.spot, done.result!));
          }
          // Each bet's result reached the wallet exactly once: the balance moved by −stakes + payouts.
          const after = await mainBalance(check.db);
          const stakes = bets.reduce((a, b) => a + BigInt(b.stake), 0n);
          const payouts = bets.reduce((a, b) => a + BigInt(b.payout), 0n);
          expect(after).toBe(before - stakes + payouts);
          expect(await checkLedger(check.db)).toEqual([]);
        } finally {
          await check.close();
        }
      },
    );
  },
);
