import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { newMember, ops } from '../../test/factories/payments.js';
import { eventually, inboxClient } from '../../test/factories/inbox.js';

let t: TestApp;
let inbox: ReturnType<typeof inboxClient>;
// A fresh database migrates and seeds first; on a busy machine that can take over a minute.
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  inbox = inboxClient(t);
}, 180_000);
afterAll(() => t?.close());

const rows = async (table: 'inbox_message' | 'inbox_recipient') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function sendTo(account: string, title: string, content = `<p>${title}</p>`) {
  const res = await inbox.send({ target: 'member', account, title, content });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: string; recipientCount: number; status: string };
}

describe('a member’s inbox', () => {
  it('pages newest first, with the unread count', async () => {
    const m = await newMember(t);
    for (let i = 1; i <= 5; i++) await sendTo(m.account, `Message ${i}`);
    const first = await inbox.page(m.token, '?pageNo=1&pageSize=2');
    expect(first).toMatchObject({ pageNo: 1, totalPages: 3, totalCount: 5, unread: 5 });
    expect(first.list.map((x) => x.title)).toEqual(['Message 5', 'Message 4']);
    expect(first.list[0]).toMatchObject({ kind: 'operator', read: false, notice: null, sender: null });
    const last = await inbox.page(m.token, '?pageNo=3&pageSize=2');
    expect(last.list.map((x) => x.title)).toEqual(['Message 1']);
    const beyond = await inbox.page(m.token, '?pageNo=9&pageSize=2');
    expect(beyond).toMatchObject({ list: [], totalCount: 5 });
    expect(await inbox.unread(m.token)).toBe(5);
  });

  it('opens a message, marks it (or all) read, and deletes for this member only', async () => {
    const m = await newMember(t);
    const a = await sendTo(m.account, 'First');
    const b = await sendTo(m.account, 'Second');
    const detail = await inbox.detail(m.token, a.id);
    expect(detail.json().value).toMatchObject({
      id: a.id,
      title: 'First',
      content: '<p>First</p>',
      read: false,
    });

    const read = await inbox.read(m.token, { ids: [a.id] });
    expect(read.json().value).toEqual({ updated: 1, unread: 1 });
    expect((await inbox.read(m.token, { ids: [a.id] })).json().value).toEqual({ updated: 0, unread: 1 });
    expect((await inbox.detail(m.token, a.id)).json().value.read).toBe(true);

    expect((await inbox.read(m.token, { all: true })).json().value).toEqual({ updated: 1, unread: 0 });
    const removed = await inbox.remove(m.token, [b.id]);
    expect(removed.json().value).toEqual({ deleted: 1, unread: 0 });
    expect((await inbox.page(m.token)).list.map((x) => x.id)).toEqual([a.id]);
    expect((await inbox.detail(m.token, b.id)).statusCode).toBe(404);
    // The message row stays: deleting is the member's own state.
    expect(await t.db.selectFrom('inbox_message').select('id').where('id', '=', b.id).execute()).toHaveLength(
      1,
    );
  });

  it('never shows, reads or deletes another member’s message', async () => {
    const [owner, other] = [await newMember(t), await newMember(t)];
    const msg = await sendTo(owner.account, 'Private');
    const peek = await inbox.detail(other.token, msg.id);
    expect(peek.statusCode).toBe(404);
    expect(peek.json().code).toBe('not.found');
    expect((await inbox.read(other.token, { ids: [msg.id] })).json().value).toEqual({
      updated: 0,
      unread: 0,
    });
    expect((await inbox.remove(other.token, [msg.id])).json().value).toEqual({ deleted: 0, unread: 0 });
    expect(await inbox.page(other.token)).toMatchObject({ list: [], totalCount: 0 });
    const mine = await inbox.page(owner.token);
    expect(mine.list).toEqual([expect.objectContaining({ id: msg.id, read: false })]);
  });

  it('refuses bad input and visitors', async () => {
    const m = await newMember(t);
    expect((await inbox.read(m.token, {})).statusCode).toBe(400);
    expect((await inbox.read(m.token, { ids: ['1'], all: true })).statusCode).toBe(400);
    expect((await inbox.remove(m.token, [])).statusCode).toBe(400);
    expect((await inbox.detail(m.token, 'abc')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/wps/relay/CSP_unreadCount' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is closed to trial accounts (they skip the unread fetch)', async () => {
    const key = (await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).json().value;
    const { importPublicKey, wrapRandomNonce } = await import('../../../../web/src/lib/body-crypto.js');
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { os: 'linux', platform: 'W' },
      headers: { encryption: await wrapRandomNonce(await importPublicKey(key)), 'x-gateway-version': '3' },
    });
    const token = res.json().value.token as string;
    const unread = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/CSP_unreadCount',
      headers: { authorization: token },
    });
    expect(unread.statusCode).toBe(403);
    expect(unread.json().code).toBe('in_need_true_account');
  });
});

describe('messages to everyone of the brand', () => {
  it('write one row, reach every member registered before, and keep read state per member', async () => {
    const [a, b] = [await newMember(t), await newMember(t)];
    const recipientsBefore = await rows('inbox_recipient');
    const res = await inbox.send({
      target: 'brand',
      title: 'Maintenance tonight',
      content: 'From 02:00 to 03:00.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().value;
    expect(sent).toMatchObject({ target: 'brand', account: null, status: 'sent' });
    expect(sent.recipientCount).toBeGreaterThanOrEqual(2);
    // No per-member rows at send time.
    expect(await rows('inbox_recipient')).toBe(recipientsBefore);

    const later = await newMember(t);
    expect((await inbox.page(later.token)).list.map((x) => x.id)).not.toContain(sent.id);

    const unreadA = await inbox.unread(a.token);
    const unreadB = await inbox.unread(b.token);
    expect((await inbox.page(a.token)).list[0]).toMatchObject({
      id: sent.id,
      read: false,
      content: 'From 02:00 to 03:00.',
    });
    expect((await inbox.read(a.token, { ids: [sent.id] })).json().value).toEqual({
      updated: 1,
      unread: unreadA - 1,
    });
    expect(await inbox.unread(b.token)).toBe(unreadB);
    expect((await inbox.remove(b.token, [sent.id])).json().value).toEqual({
      deleted: 1,
      unread: unreadB - 1,
    });
    expect((await inbox.page(b.token)).list.map((x) => x.id)).not.toContain(sent.id);
    expect((await inbox.page(a.token)).list[0]).toMatchObject({ id: sent.id, read: true });
    // A read message deleted later: its row changes, it disappears.
    expect((await inbox.remove(a.token, [sent.id])).json().value.deleted).toBe(1);
    expect((await inbox.page(a.token)).list.map((x) => x.id)).not.toContain(sent.id);

    const list = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/inbox/messages?pageSize=5',
      headers: ops,
    });
    expect(list.json().value.list.find((x: { id: string }) => x.id === sent.id)).toMatchObject({
      readCount: 1,
    });
  });
});

describe('members on a break', () => {
  it('get no brand broadcast sent during their break, but still get one sent before and messages to them', async () => {
    const m = await newMember(t);
    const before = await inbox.send({ target: 'brand', title: 'Before the break', content: 'Hello.' });
    expect(before.statusCode, before.body).toBe(200);
    const breakRes = await t.app.inject({
      method: 'POST',
      url: '/wps/member/rg/exclusion',
      payload: { kind: 'cooloff', hours: 24, confirm: true },
      headers: { authorization: m.token },
    });
    expect(breakRes.statusCode, breakRes.body).toBe(200);
    const unread = await inbox.unread(m.token);
    const promo = await inbox.send({
      target: 'brand',
      title: 'Weekend reload bonus',
      content: 'Deposit now!',
    });
    expect(promo.statusCode, promo.body).toBe(200);
    const personal = await sendTo(m.account, 'About your account');

    const ids = (await inbox.page(m.token)).list.map((x) => x.id);
    expect(ids).toContain(before.json().value.id);
    expect(ids).toContain(personal.id);
    expect(ids).not.toContain(promo.json().value.id);
    expect(await inbox.unread(m.token)).toBe(unread + 1);
    // Another member, not on a break, gets the broadcast.
    const other = await newMember(t, {});
    const late = await inbox.send({ target: 'brand', title: 'Second promo', content: 'Play now!' });
    expect((await inbox.page(other.token)).list.map((x) => x.id)).toContain(late.json().value.id);
    expect((await inbox.page(m.token)).list.map((x) => x.id)).not.toContain(late.json().value.id);
  });
});

describe('sanitising', () => {
  it('removes scripts, event handlers and javascript: links, keeps formatting and safe links', async () => {
    const m = await newMember(t);
    const msg = await sendTo(
      m.account,
      'Formatted',
      '<p onclick="steal()">Hello <b>there</b><script>alert(1)</script></p>' +
        '<a href="javascript:alert(2)">bad</a> <a href="https://example.com/x" onmouseover="x()">good</a>' +
        '<img src="x" onerror="alert(3)"><img src="https://cdn.example.com/a.png" alt="a">' +
        '<iframe src="https://evil.example"></iframe><style>p{}</style>',
    );
    const { content } = (await inbox.detail(m.token, msg.id)).json().value as { content: string };
    expect(content).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|iframe|style|alert\(/i);
    expect(content).toContain('<p>Hello <b>there</b></p>');
    expect(content).toContain('<a target="_blank" rel="noopener noreferrer nofollow">bad</a>');
    expect(content).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">good</a>',
    );
    expect(content).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">good</a><img src="https://cdn.example.com/a.png" alt="a" />',
    );
  });

  it('keeps a plain-text message’s line breaks, and refuses a body that is nothing but unsafe HTML', async () => {
    const m = await newMember(t);
    const plain = await sendTo(m.account, 'Plain', 'Line one\nLine two & <3');
    expect((await inbox.detail(m.token, plain.id)).json().value.content).toBe(
      'Line one<br>Line two &amp; &lt;3',
    );
    const before = await rows('inbox_message');
    const empty = await inbox.send({
      target: 'member',
      account: m.account,
      title: 'Empty',
      content: '<script>alert(1)</script>',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().value.fields).toHaveProperty('content');
    expect(await rows('inbox_message')).toBe(before);
  });
});

describe('system notices', () => {
  it('tell the member when a bank deposit is credited, after the money committed', async () => {
    const m = await newMember(t);
    const { depositId } = (
      await t.app.inject({
        method: 'POST',
        url: '/wps/transaction/deposit',
        payload: { channel: 'BANK', amount: 80, requestId: `inbox-dep-${Date.now()}` },
        headers: { authorization: m.token },
      })
    ).json().value;
    const approve = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${depositId}/approve`,
      payload: {},
      headers: ops,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const page = await eventually(async () => {
      const p = await inbox.page(m.token);
      expect(p.list).toHaveLength(1);
      return p;
    });
    expect(page.list[0]).toMatchObject({
      kind: 'system',
      title: 'Deposit credited',
      notice: { code: 'deposit_credited', params: { amount: '80.00', currency: 'USD', depositId } },
    });
    expect(page.list[0]!.content).toContain(`#${depositId} of 80.00 USD`);
    expect(page.unread).toBe(1);
    // Approving again replays: no second notice.
    await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${depositId}/approve`,
      payload: {},
      headers: ops,
    });
    await new Promise((r) => setTimeout(r, 100));
    expect((await inbox.page(m.token)).totalCount).toBe(1);
  });

  it('tell the member when a withdrawal is rejected, and when the password changes', async () => {
    const m = await newMember(t, { fundMinor: 10_000n, paymentPassword: '246810' });
    const w = await t.encrypted(
      'POST',
      '/wps/v2/transaction/withdraw',
      { amount: 20, paymentPassword: '246810', requestId: `inbox-wd-${Date.now()}` },
      { authorization: m.token },
    );
    expect(w.statusCode, w.body).toBe(200);
    const { withdrawId } = w.json().value;
    await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/withdrawals/${withdrawId}/reject`,
      payload: { reason: 'bank details wrong' },
      headers: ops,
    });
    const changed = await t.encrypted(
      'POST',
      '/wps/member/password',
      { oldPassword: 'secret123', newPassword: 'secret456', confirmNewPassword: 'secret456' },
      { authorization: m.token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const codes = await eventually(async () => {
      const p = await inbox.page(m.token);
      expect(p.list).toHaveLength(2);
      return p.list.map((x) => x.notice?.code);
    });
    expect(codes.sort()).toEqual(['password_changed', 'withdrawal_rejected']);
  });
});
