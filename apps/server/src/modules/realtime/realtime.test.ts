import { randomBytes } from 'node:crypto';
import { socketPath } from '@arcadia/contract';
import { type Socket, io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { createLocalBus } from '../../lib/invalidation-bus.js';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { newMember, ops } from '../../test/factories/payments.js';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { SOCKET_SESSION_SWEEP_MS: 200 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function connect(url: string, auth: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const socket = io(url, {
    path: socketPath,
    transports: ['websocket'],
    auth,
    reconnection: false,
    ...extra,
  });
  sockets.push(socket);
  return socket;
}

/** Resolves once connected, or rejects with the refusal's data. */
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });

function next<T = unknown>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

const adjust = (app: App, account: string, amount: number) =>
  app.inject({
    method: 'POST',
    url: '/ops/merchants/demo/adjustments',
    payload: {
      account,
      amount,
      reason: 'goodwill credit',
      requestId: `rt-${randomBytes(6).toString('hex')}`,
    },
    headers: ops,
  });

describe('handshake', () => {
  it('refuses a socket without a session, or with an unknown token', async () => {
    await expect(connected(connect(base, {}))).rejects.toMatchObject({ data: { code: 'login.not.session' } });
    await expect(connected(connect(base, { token: 'x'.repeat(43) }))).rejects.toMatchObject({
      data: { code: 'login.not.session' },
    });
  });

  it('refuses another origin', async () => {
    const member = await newMember(t);
    const socket = connect(
      base,
      { token: member.token },
      { extraHeaders: { origin: 'http://evil.example' } },
    );
    await expect(connected(socket)).rejects.toBeTruthy();
  });
});

describe('balance.changed', () => {
  it('follows an operator adjustment and a wallet transfer, with the balance after it', async () => {
    const member = await newMember(t);
    const socket = connect(base, { token: member.token });
    await connected(socket);
    const event = next<{ wallet: string; balance: string; currency: string }>(socket, 'balance.changed');
    expect((await adjust(t.app, member.account, 12.5)).statusCode).toBe(200);
    expect(await event).toMatchObject({ wallet: 'MAIN', balance: '1250', currency: 'USD' });
  });

  it('never reaches another member', async () => {
    const [a, b] = [await newMember(t), await newMember(t)];
    const socketB = connect(base, { token: b.token });
    await connected(socketB);
    const heard: unknown[] = [];
    socketB.on('balance.changed', (p) => heard.push(p));
    const socketA = connect(base, { token: a.token });
    await connected(socketA);
    const forA = next(socketA, 'balance.changed');
    await adjust(t.app, a.account, 3);
    await forA;
    expect(heard).toEqual([]);
  });
});

describe('announcement.new', () => {
  it('reaches every socket of the brand when a live announcement is created, not a scheduled one', async () => {
    const member = await newMember(t);
    const socket = connect(base, { token: member.token });
    await connected(socket);
    const heard: { title: Record<string, string> }[] = [];
    socket.on('announcement.new', (p: { title: Record<string, string> }) => heard.push(p));
    const create = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/ops/merchants/demo/announcements', payload, headers: ops });
    const event = next<{ type: string; title: Record<string, string> }>(socket, 'announcement.new');
    expect(
      (
        await create({
          type: 'PL',
          title: { EN: 'Later' },
          startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        })
      ).statusCode,
    ).toBe(200);
    expect((await create({ type: 'PL', title: { EN: 'Now open' } })).statusCode).toBe(200);
    expect(await event).toMatchObject({ type: 'PL', title: { EN: 'Now open' } });
    expect(heard).toHaveLength(1);
  });
});

describe('session.ended', () => {
  it('logging out in one tab ends the socket of the other', async () => {
    const member = await newMember(t);
    const socket = connect(base, { token: member.token });
    await connected(socket);
    const ended = next<{ reason: string }>(socket, 'session.ended');
    const closed = disconnected(socket);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: member.token },
    });
    expect(res.statusCode).toBe(200);
    expect(await ended).toEqual({ reason: 'logout' });
    expect(await closed).toBe('io server disconnect');
  });

  it('an expired session is closed by the sweep', async () => {
    const member = await newMember(t);
    const socket = connect(base, { token: member.token });
    await connected(socket);
    const ended = next<{ reason: string }>(socket, 'session.ended');
    await t.db
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', member.id)
      .execute();
    expect(await ended).toEqual({ reason: 'expired' });
  });
});

describe('abuse', () => {
  it('a malformed or unknown message closes that socket only, with a reason', async () => {
    const [a, b] = [await newMember(t), await newMember(t)];
    const bad = connect(base, { token: a.token });
    const good = connect(base, { token: b.token });
    await Promise.all([connected(bad), connected(good)]);
    const error = next<{ code: string }>(bad, 'socket.error');
    const closed = disconnected(bad);
    bad.emit('topic.join', { topic: 42 });
    expect(await error).toMatchObject({ code: 'request_param_err' });
    expect(await closed).toBe('io server disconnect');
    expect(good.connected).toBe(true);

    const other = connect(base, { token: a.token });
    await connected(other);
    const unknown = next<{ code: string }>(other, 'socket.error');
    other.emit('wallet.steal', {});
    expect(await unknown).toMatchObject({ code: 'unknown.event' });
  });

  it('a flood of messages is cut off by the rate limit', async () => {
    const member = await newMember(t);
    const socket = connect(base, { token: member.token });
    await connected(socket);
    const error = next<{ code: string }>(socket, 'socket.error');
    for (let i = 0; i < 60; i++) socket.emit('topic.leave', { topic: 'lottery:X' });
    expect(await error).toMatchObject({ code: 'rate.limited' });
  });

  it('a frame over the size limit closes the socket', async () => {
    const member = await newMember(t);
    const socket = connect(base, { token: member.token });
    await connected(socket);
    const closed = disconnected(socket);
    socket.emit('topic.join', { topic: `lottery:${'x'.repeat(32 * 1024)}` });
    expect(await closed).toMatch(/transport (close|error)/);
  });

  it('unknown topics are refused', async () => {
    const member = await newMember(t);
    const socket = connect(base, { token: member.token });
    await connected(socket);
    const answer = next(socket, 'topic.joined');
    socket.emit('topic.join', { topic: 'nosuch:1' });
    expect(await answer).toEqual({ topic: 'nosuch:1', ok: false, code: 'topic.refused' });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('several instances over Redis', () => {
  it('a posting on instance A reaches a socket on instance B', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}`;
    const make = () =>
      buildApp({
        config: { ...t.config, REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: prefix },
        database: { ...t.database, close: async () => undefined },
        bus: createLocalBus(),
        logger: false,
      });
    const [a, b] = [await make(), await make()];
    try {
      await b.listen({ port: 0, host: '127.0.0.1' });
      const urlB = `http://127.0.0.1:${(b.server.address() as { port: number }).port}`;
      const member = await newMember(t);
      const socket = connect(urlB, { token: member.token });
      await connected(socket);
      const event = next<{ balance: string }>(socket, 'balance.changed');
      expect((await adjust(a, member.account, 7)).statusCode).toBe(200);
      expect(await event).toMatchObject({ balance: '700' });

      // A logout answered by instance A closes the socket held by instance B.
      const closed = disconnected(socket);
      await a.inject({
        method: 'DELETE',
        url: '/wps/session/logout',
        headers: { authorization: member.token },
      });
      expect(await closed).toBe('io server disconnect');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
