import { socketPath } from '@arcadia/contract';
import { type Socket, io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { newMember } from '../../test/factories/payments.js';
import { inboxClient } from '../../test/factories/inbox.js';

let t: TestApp;
let base: string;
let inbox: ReturnType<typeof inboxClient>;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  inbox = inboxClient(t);
}, 180_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

async function connect(token: string) {
  const socket = io(base, {
    path: socketPath,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

function next<T = unknown>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('inbox events', () => {
  it('an operator message raises inbox.unread on the member’s socket, and nobody else’s', async () => {
    const [member, bystander] = [await newMember(t), await newMember(t)];
    const socket = await connect(member.token);
    const other = await connect(bystander.token);
    const heard: unknown[] = [];
    other.on('inbox.unread', (p) => heard.push(p));
    other.on('inbox.message', (p) => heard.push(p));

    const message = next<{ id: string; title: string; kind: string; broadcast: boolean }>(
      socket,
      'inbox.message',
    );
    const unread = next<{ count: number }>(socket, 'inbox.unread');
    const res = await inbox.send({
      target: 'member',
      account: member.account,
      title: 'Welcome',
      content: 'Hi',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await message).toMatchObject({
      id: res.json().value.id,
      title: 'Welcome',
      kind: 'operator',
      broadcast: false,
    });
    expect(await unread).toEqual({ count: 1 });
    expect(heard).toEqual([]);
  });

  it('a read in one tab tells the member’s other tabs the new count', async () => {
    const member = await newMember(t);
    const tab = await connect(member.token);
    const first = next(tab, 'inbox.unread');
    const sent = (
      await inbox.send({ target: 'member', account: member.account, title: 'A', content: 'a' })
    ).json().value;
    await first;
    const otherTab = await connect(member.token);
    const update = next<{ count: number }>(otherTab, 'inbox.unread');
    await inbox.read(member.token, { ids: [sent.id] });
    expect(await update).toEqual({ count: 0 });
  });

  it('a brand-wide message reaches every member’s socket as one broadcast event', async () => {
    const [a, b] = [await newMember(t), await newMember(t)];
    const [sa, sb] = [await connect(a.token), await connect(b.token)];
    const events = Promise.all([
      next<{ broadcast: boolean; title: string }>(sa, 'inbox.message'),
      next<{ broadcast: boolean; title: string }>(sb, 'inbox.message'),
    ]);
    await inbox.send({ target: 'brand', title: 'For everyone', content: 'x' });
    for (const e of await events) expect(e).toMatchObject({ broadcast: true, title: 'For everyone' });
  });
});
