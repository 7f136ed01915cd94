import { socketPath } from '@arcadia/contract';
import { type Socket, io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../seeds/seed.js';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { newMember } from '../../test/factories/payments.js';
import {
  asOperator,
  clientId,
  newOperator,
  sendAsVisitor,
  startVisitor,
} from '../../test/factories/support.js';

let t: TestApp;
let base: string;
let opsToken: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const login = await t.app.inject({
    method: 'POST',
    url: '/ops/session/login',
    payload: demoAccounts.operator,
  });
  opsToken = login.json().value.token;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function connect(auth: Record<string, unknown>) {
  const socket = io(base, { path: socketPath, transports: ['websocket'], auth, reconnection: false });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });

/** The next `event` whose payload passes `match`. */
function next<T = Record<string, unknown>>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** An operator's console socket, joined to the brand's console room. */
async function console_(token = opsToken) {
  const socket = connect({ opsToken: token, merchant: 'demo' });
  await connected(socket);
  return socket;
}

describe('visitor handshake', () => {
  it('refuses an unknown conversation token', async () => {
    await expect(connected(connect({ supportToken: 'y'.repeat(43) }))).rejects.toMatchObject({
      data: { code: 'login.not.session' },
    });
  });
});

describe('live delivery', () => {
  it('a visitor message reaches the console; the operator’s reply reaches the visitor; presence follows the console', async () => {
    const { token, id } = await startVisitor(t, { name: 'Live Visitor' });
    const visitor = connect({ supportToken: token });
    await connected(visitor);
    const firstPresence = next<{ online: boolean }>(visitor, 'support.presence');
    visitor.emit('support.join', {});
    expect(await firstPresence).toEqual({ online: false });

    const cons = await console_();
    const online = next<{ online: boolean }>(visitor, 'support.presence', (p) => p.online);
    cons.emit('support.join', {});
    await online;

    const heard = next<{ conversationId: string; message: { text: string; author: string } }>(
      cons,
      'support.message',
      (p) => p.conversationId === id,
    );
    const queued = next<{ id: string; unread: number }>(cons, 'support.conversation', (p) => p.id === id);
    expect((await sendAsVisitor(t, token, { text: 'Anyone there?' })).statusCode).toBe(200);
    expect((await heard).message).toMatchObject({ text: 'Anyone there?', author: 'visitor' });
    expect(await queued).toMatchObject({ unread: 1, lastMessagePreview: 'Anyone there?' });

    const typing = next(cons, 'support.typing', (p) => p.conversationId === id);
    visitor.emit('support.typing', {});
    expect(await typing).toEqual({ conversationId: id, from: 'participant' });

    const reply = next<{ message: { text: string; author: string } }>(visitor, 'support.message');
    const status = next<{ assignedName: string | null }>(visitor, 'support.status');
    const res = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/support/conversations/${id}/messages`,
      payload: { clientId: clientId(), text: 'Yes, how can I help?' },
      headers: asOperator(opsToken),
    });
    expect(res.statusCode).toBe(200);
    expect((await reply).message).toMatchObject({ text: 'Yes, how can I help?', author: 'operator' });
    expect((await status).assignedName).toBe(demoAccounts.operator.username);

    const offline = next<{ online: boolean }>(visitor, 'support.presence', (p) => !p.online);
    cons.close();
    await offline;
  });

  it('another visitor hears nothing of the conversation', async () => {
    const a = await startVisitor(t);
    const b = await startVisitor(t);
    const socketB = connect({ supportToken: b.token });
    await connected(socketB);
    const heard: unknown[] = [];
    socketB.on('support.message', (p) => heard.push(p));
    const socketA = connect({ supportToken: a.token });
    await connected(socketA);
    const own = next(socketA, 'support.message');
    await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/support/conversations/${a.id}/messages`,
      payload: { clientId: clientId(), text: 'for A only' },
      headers: asOperator(opsToken),
    });
    await own;
    expect(heard).toEqual([]);
  });

  it('a member’s window gets the operator’s reply on the member’s socket', async () => {
    const member = await newMember(t);
    const start = await t.app.inject({
      method: 'POST',
      url: '/wps/support/conversation',
      payload: {},
      headers: { authorization: member.token },
    });
    const id = start.json().value.conversation.id;
    const socket = connect({ token: member.token });
    await connected(socket);
    const presence = next(socket, 'support.presence');
    socket.emit('support.join', {});
    await presence;
    const reply = next<{ conversationId: string }>(socket, 'support.message');
    await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/support/conversations/${id}/messages`,
      payload: { clientId: clientId(), text: 'Hello member' },
      headers: asOperator(opsToken),
    });
    expect((await reply).conversationId).toBe(id);
  });

  it('a finance operator’s socket may not join the console room', async () => {
    const finance = await newOperator(t, 'finance');
    const socket = await console_(finance.token);
    const refused = next<{ code: string }>(socket, 'socket.error');
    socket.emit('support.join', {});
    expect((await refused).code).toBe('forbidden');
  });
});
