import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBrand } from '../../seeds/brands/demo.js';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { createBrandRepository } from '../brand/index.js';
import { newMember } from '../../test/factories/payments.js';
import {
  asOperator,
  asVisitor,
  clientId,
  jpegBytes,
  newOperator,
  opsKey,
  pngBase64,
  sendAsVisitor,
  startVisitor,
} from '../../test/factories/support.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  await createBrandRepository(t.db).insertFromFile({ ...demoBrand, code: 'other', name: 'Other Brand' });
});
afterAll(() => t.close());

const current = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/wps/support/conversation', headers });
const history = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/wps/support/conversation/messages${query}`, headers });
const ops = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
  headers: Record<string, string> = opsKey,
) =>
  t.app.inject({
    method,
    url: `/ops/merchants/demo/support${path}`,
    headers,
    ...(payload ? { payload } : {}),
  });

describe('visitor start', () => {
  it('opens a conversation with a name and a contact, and returns a token stored only as its hash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/support/conversation',
      payload: { name: '  Ann  ', contact: 'Ann@Example.com' },
    });
    expect(res.statusCode).toBe(200);
    const { token, conversation, online } = res.json().value;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(conversation).toMatchObject({ status: 'open', name: 'Ann', assignedName: null, closedAt: null });
    expect(online).toBe(false);
    const row = await t.db
      .selectFrom('support_conversation')
      .selectAll()
      .where('id', '=', conversation.id)
      .executeTakeFirstOrThrow();
    expect(row.visitor_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.contact).toBe('ann@example.com');

    const again = await current(asVisitor(token));
    expect(again.json().value).toMatchObject({ as: 'visitor', conversation: { id: conversation.id } });
  });

  it('refuses a missing name or a contact that is neither an email address nor a phone number', async () => {
    for (const payload of [
      { name: '', contact: 'a@b.co' },
      { name: 'Bob', contact: 'call me maybe' },
      { name: 'Bob', contact: '12345' },
      { name: 'Bob\u0007', contact: '+66 81 234 5678' },
      {},
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/wps/support/conversation', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('request_param_err');
    }
    const phone = await t.app.inject({
      method: 'POST',
      url: '/wps/support/conversation',
      payload: { name: 'Bob', contact: '+66 81 234 5678' },
    });
    expect(phone.statusCode).toBe(200);
  });

  it('without a token, or with an unknown or expired one, there is no conversation', async () => {
    expect((await current({})).json().value).toMatchObject({ as: 'visitor', conversation: null });
    expect((await current(asVisitor('x'.repeat(43)))).json().value.conversation).toBeNull();
    const { token, id } = await startVisitor(t);
    await t.db
      .updateTable('support_conversation')
      .set({ last_message_at: new Date(Date.now() - 31 * 24 * 3_600_000) })
      .where('id', '=', id)
      .execute();
    expect((await current(asVisitor(token))).json().value.conversation).toBeNull();
    const send = await sendAsVisitor(t, token, { text: 'hello?' });
    expect(send.statusCode).toBe(401);
  });

  it('is limited per IP', async () => {
    const remoteAddress = '10.99.0.1';
    for (let i = 0; i < 10; i++) await startVisitor(t, { remoteAddress });
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/support/conversation',
      payload: { name: 'Eleven', contact: 'eleven@example.com' },
      remoteAddress,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('member start', () => {
  it('a member writes as themselves and keeps one open conversation', async () => {
    const member = await newMember(t);
    const headers = { authorization: member.token };
    expect((await current(headers)).json().value).toMatchObject({ as: 'member', conversation: null });
    const first = await t.app.inject({
      method: 'POST',
      url: '/wps/support/conversation',
      payload: {},
      headers,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ token: null, conversation: { name: member.account } });
    const second = await t.app.inject({
      method: 'POST',
      url: '/wps/support/conversation',
      payload: {},
      headers,
    });
    expect(second.json().value.conversation.id).toBe(first.json().value.conversation.id);

    const sent = await t.app.inject({
      method: 'POST',
      url: '/wps/support/conversation/messages',
      payload: { clientId: clientId(), text: 'Where is my deposit?' },
      headers,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().value).toMatchObject({ author: 'member', authorName: member.account });
    const queue = await ops('GET', '/conversations');
    const row = queue
      .json()
      .value.list.find((c: { id: string }) => c.id === first.json().value.conversation.id);
    expect(row).toMatchObject({ kind: 'member', account: member.account, memberId: member.id, unread: 1 });
  });
});

describe('send and history', () => {
  it('stores text as typed (plain, never interpreted), refuses control characters and overlong text', async () => {
    const { token } = await startVisitor(t);
    const html = '<img src=x onerror=alert(1)> <b>bold</b> & "quotes"';
    const res = await sendAsVisitor(t, token, { text: `  ${html}\n` });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ author: 'visitor', authorName: 'Vera Visitor', text: html });
    for (const text of ['x'.repeat(2001), 'bell\u0007', '   ']) {
      const bad = await sendAsVisitor(t, token, { text });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('request_param_err');
    }
    expect((await sendAsVisitor(t, token, {})).statusCode).toBe(400);
  });

  it('a retry with the same clientId stores the message once', async () => {
    const { token, id } = await startVisitor(t);
    const key = clientId();
    const a = await sendAsVisitor(t, token, { clientId: key, text: 'once' });
    const b = await sendAsVisitor(t, token, { clientId: key, text: 'once' });
    expect(b.json().value.id).toBe(a.json().value.id);
    const rows = await t.db
      .selectFrom('support_message')
      .select('id')
      .where('conversation_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('pages history newest first, each page oldest first', async () => {
    const { token } = await startVisitor(t);
    for (let i = 1; i <= 5; i++)
      expect((await sendAsVisitor(t, token, { text: `m${i}` })).statusCode).toBe(200);
    const page1 = (await history(asVisitor(token), '?limit=2')).json().value;
    expect(page1.list.map((m: { text: string }) => m.text)).toEqual(['m4', 'm5']);
    expect(page1.hasMore).toBe(true);
    const page2 = (await history(asVisitor(token), `?limit=2&before=${page1.list[0].id}`)).json().value;
    expect(page2.list.map((m: { text: string }) => m.text)).toEqual(['m2', 'm3']);
    const page3 = (await history(asVisitor(token), `?limit=2&before=${page2.list[0].id}`)).json().value;
    expect(page3).toMatchObject({ hasMore: false, list: [{ text: 'm1' }] });
  });
});

describe('attachments', () => {
  it('takes a PNG and a JPEG by their bytes and serves them back to the participant and operators', async () => {
    const { token } = await startVisitor(t);
    const png = pngBase64();
    const sent = await sendAsVisitor(t, token, { attachment: `data:image/png;base64,${png}` });
    expect(sent.statusCode).toBe(200);
    const { attachment, text } = sent.json().value;
    expect(text).toBeNull();
    expect(attachment).toMatchObject({ mime: 'image/png', size: Buffer.from(png, 'base64').length });
    expect(attachment.width).toBeGreaterThan(0);
    const back = await t.app.inject({
      method: 'GET',
      url: `/wps/support/conversation/attachments/${attachment.id}`,
      headers: asVisitor(token),
    });
    expect(back.json().value).toEqual({ mime: 'image/png', data: png });
    const forOps = await ops('GET', `/attachments/${attachment.id}`);
    expect(forOps.json().value.data).toBe(png);

    // Named and declared as a PNG, but a JPEG: it is stored as what it is.
    const jpeg = await sendAsVisitor(t, token, {
      text: 'photo.png',
      attachment: `data:image/png;base64,${jpegBytes(640, 480).toString('base64')}`,
    });
    expect(jpeg.json().value.attachment).toMatchObject({ mime: 'image/jpeg', width: 640, height: 480 });
  });

  it('refuses a .png whose bytes are not an image, a truncated PNG, bad base64 and more than 5 MB', async () => {
    const { token } = await startVisitor(t);
    const cases: [string, string][] = [
      [
        `data:image/png;base64,${Buffer.from('MZ\x90\x00 this is an executable, not a picture').toString('base64')}`,
        'not_png_or_jpeg',
      ],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'), 'not_png_or_jpeg'],
      [Buffer.from(pngBase64(), 'base64').subarray(0, 20).toString('base64'), 'not_png_or_jpeg'],
      ['not base64 at all!', 'not_base64'],
      [Buffer.concat([jpegBytes(), Buffer.alloc(5 * 1024 * 1024)]).toString('base64'), 'too_large'],
    ];
    for (const [attachment, reason] of cases) {
      const res = await sendAsVisitor(t, token, { attachment });
      expect(res.statusCode, reason).toBe(400);
      expect(res.json()).toMatchObject({ code: 'support.attachment.invalid', value: { reason } });
    }
    const stored = await t.db.selectFrom('support_attachment').select('id').execute();
    expect(stored.length).toBeGreaterThan(0);
  });
});

describe('access control', () => {
  it('a visitor sees only their own conversation: another visitor’s attachment is 404', async () => {
    const a = await startVisitor(t, { name: 'Alice' });
    const b = await startVisitor(t, { name: 'Bert' });
    const sent = await sendAsVisitor(t, a.token, { text: 'secret of A', attachment: pngBase64() });
    const attachmentId = sent.json().value.attachment.id;
    const steal = await t.app.inject({
      method: 'GET',
      url: `/wps/support/conversation/attachments/${attachmentId}`,
      headers: asVisitor(b.token),
    });
    expect(steal.statusCode).toBe(404);
    const bHistory = (await history(asVisitor(b.token))).json().value;
    expect(bHistory.list).toEqual([]);
    const anonymous = await history({});
    expect(anonymous.statusCode).toBe(401);
    // The token is for its brand only.
    const elsewhere = await current({ ...asVisitor(a.token), merchant: 'other' });
    expect(elsewhere.json().value.conversation).toBeNull();
  });

  it('an operator of another brand reaches neither the brand nor its conversations', async () => {
    const { id } = await startVisitor(t);
    const other = await newOperator(t, 'support', 'other');
    const list = await ops('GET', '/conversations', undefined, asOperator(other.token));
    expect(list.statusCode).toBe(404);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/ops/merchants/other/support/conversations/${id}`,
      headers: asOperator(other.token),
    });
    expect(detail.statusCode).toBe(404);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/other/support/conversations/${id}/messages`,
      payload: { clientId: clientId(), text: 'hi' },
      headers: asOperator(other.token),
    });
    expect(reply.statusCode).toBe(404);
  });

  it('finance operators may not use the console; support operators may', async () => {
    const finance = await newOperator(t, 'finance');
    const res = await ops('GET', '/conversations', undefined, asOperator(finance.token));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    const support = await newOperator(t, 'support');
    expect((await ops('GET', '/conversations', undefined, asOperator(support.token))).statusCode).toBe(200);
    expect((await ops('GET', '/conversations', undefined, {})).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('20 messages a minute per conversation, then 429', async () => {
    const { token } = await startVisitor(t);
    for (let i = 0; i < 20; i++) {
      const res = await sendAsVisitor(t, token, { text: `n${i}` }, `10.50.${i}.1`);
      expect(res.statusCode).toBe(200);
    }
    const res = await sendAsVisitor(t, token, { text: 'one too many' }, '10.50.99.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().value.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('60 messages a minute per IP, across conversations', async () => {
    const ip = '10.60.0.1';
    const tokens = [];
    for (let i = 0; i < 4; i++) tokens.push((await startVisitor(t)).token);
    let sent = 0;
    for (const token of tokens.slice(0, 3))
      for (let i = 0; i < 20; i++) {
        expect((await sendAsVisitor(t, token, { text: `x${i}` }, ip)).statusCode).toBe(200);
        sent++;
      }
    expect(sent).toBe(60);
    const res = await sendAsVisitor(t, tokens[3]!, { text: 'over' }, ip);
    expect(res.statusCode).toBe(429);
  });
});

describe('operators', () => {
  it('queue, assign, reply, read, close — audited — and the history stays browsable', async () => {
    const { token, id } = await startVisitor(t, { name: 'Queue Test' });
    await sendAsVisitor(t, token, { text: 'first' });
    await sendAsVisitor(t, token, { text: 'second' });
    const agent = await newOperator(t, 'support');
    const as = asOperator(agent.token);

    const queue = (await ops('GET', '/conversations?q=queue%20test', undefined, as)).json().value;
    expect(queue.list).toHaveLength(1);
    expect(queue.list[0]).toMatchObject({ id, unread: 2, lastMessagePreview: 'second', assignedName: null });

    const assigned = await ops('POST', `/conversations/${id}/assign`, {}, as);
    expect(assigned.json().value).toMatchObject({ assignedName: agent.username });
    const reply = await ops(
      'POST',
      `/conversations/${id}/messages`,
      { clientId: clientId(), text: 'How can I help?' },
      as,
    );
    expect(reply.json().value).toMatchObject({ author: 'operator', authorName: agent.username });
    const read = await ops('POST', `/conversations/${id}/read`, {}, as);
    expect(read.json().value.unread).toBe(0);

    const visitorView = (await history(asVisitor(token))).json().value.list;
    expect(visitorView.map((m: { text: string }) => m.text)).toEqual(['first', 'second', 'How can I help?']);

    const closed = await ops('POST', `/conversations/${id}/close`, {}, as);
    expect(closed.json().value).toMatchObject({ status: 'closed', closedBy: agent.username });
    const late = await sendAsVisitor(t, token, { text: 'still there?' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('support.conversation.closed');
    const lateReply = await ops(
      'POST',
      `/conversations/${id}/messages`,
      { clientId: clientId(), text: 'x' },
      as,
    );
    expect(lateReply.statusCode).toBe(409);
    expect((await current(asVisitor(token))).json().value.conversation.status).toBe('closed');

    const closedList = (await ops('GET', '/conversations?status=closed&q=queue', undefined, as)).json().value;
    expect(closedList.list.map((c: { id: string }) => c.id)).toContain(id);
    const transcript = (await ops('GET', `/conversations/${id}/messages`, undefined, as)).json().value;
    expect(transcript.list).toHaveLength(3);

    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'actor'])
      .where('target', '=', `support_conversation:${id}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'support.assign', actor: `operator:${agent.username}` },
      { action: 'support.close', actor: `operator:${agent.username}` },
    ]);
  });

  it('answering an unassigned conversation takes it (audited); a member starts anew after a close', async () => {
    const member = await newMember(t);
    const headers = { authorization: member.token };
    const start = await t.app.inject({
      method: 'POST',
      url: '/wps/support/conversation',
      payload: {},
      headers,
    });
    const id = start.json().value.conversation.id;
    await ops('POST', `/conversations/${id}/messages`, { clientId: clientId(), text: 'Hello from us' });
    const detail = (await ops('GET', `/conversations/${id}`)).json().value;
    expect(detail.assignedName).toBe('ops-key');
    await ops('POST', `/conversations/${id}/close`, {});
    const again = await t.app.inject({
      method: 'POST',
      url: '/wps/support/conversation',
      payload: {},
      headers,
    });
    expect(again.json().value.conversation.id).not.toBe(id);
    expect(again.json().value.conversation.status).toBe('open');
  });

  it('canned replies: create, list, update, delete, each audited', async () => {
    const agent = await newOperator(t, 'support');
    const as = asOperator(agent.token);
    const created = await ops('POST', '/canned', { title: 'Greeting', body: 'Hello! How can I help?' }, as);
    expect(created.statusCode).toBe(200);
    const { id } = created.json().value;
    const updated = await ops(
      'PUT',
      `/canned/${id}`,
      { title: 'Greeting', body: 'Hi there!', sortOrder: 2 },
      as,
    );
    expect(updated.json().value).toMatchObject({ body: 'Hi there!', sortOrder: 2 });
    const list = (await ops('GET', '/canned', undefined, as)).json().value.list;
    expect(list.find((c: { id: string }) => c.id === id)).toMatchObject({ title: 'Greeting' });
    expect((await ops('DELETE', `/canned/${id}`, undefined, as)).json().value).toEqual({ deleted: true });
    expect((await ops('DELETE', `/canned/${id}`, undefined, as)).statusCode).toBe(404);
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('target', '=', `support_canned_reply:${id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'support.canned.create',
      'support.canned.update',
      'support.canned.delete',
    ]);
    const otherBrand = await newOperator(t, 'support', 'other');
    expect((await ops('GET', '/canned', undefined, asOperator(otherBrand.token))).statusCode).toBe(404);
  });
});

describe('CSP_ImUrl', () => {
  it('names the socket path and says nobody is online', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/relay/CSP_ImUrl' });
    expect(res.json().value).toEqual({ url: '/ws', online: false });
  });
});
