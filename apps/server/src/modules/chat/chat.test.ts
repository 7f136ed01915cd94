import { chatHostSchema, chatMessageSchema } from '@arcadia/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';
import { newMember } from '../../test/factories/payments.js';

/**
 * Live chat rooms through the app: an operator appoints a host, members read and send messages,
 * tip the host through the ledger (once per request, the brand's commission apart), the host
 * mutes and removes; unread counts and permissions — the ledger checked after every test.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, ...(token ? { headers: { authorization: token } } : {}) });
const post = (url: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: token }, payload });

async function appoint(account: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/merchants/demo/chat/hosts',
    headers: { 'x-ops-key': TEST_OPS_KEY },
    payload: {
      account,
      nickname: `Host ${account.slice(-4)}`,
      commissionPercent: 20,
      reason: 'new host',
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return chatHostSchema.parse(res.json().value);
}

async function balance(memberId: string): Promise<bigint> {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_id', '=', memberId)
    .where('kind', '=', 'main')
    .where('code', '=', 'MAIN')
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

describe('chat rooms', () => {
  it('a host is appointed and listed; members chat; unread counts follow what was read', async () => {
    const host = await newMember(t);
    const model = await appoint(host.account, { bio: 'Evening baccarat talk' });
    expect(model).toMatchObject({ status: 'offline', commissionPercent: 20, bio: 'Evening baccarat talk' });
    const online = await post('/chat/host/status', host.token, { status: 'online' });
    expect(online.json().value.status).toBe('online');
    const list = await get('/wps/relay/CBS_modelList');
    expect(list.statusCode).toBe(200);
    expect(
      list.json().value.list.find((h: { modelId: string }) => h.modelId === model.modelId),
    ).toMatchObject({
      status: 'online',
    });

    const fan = await newMember(t);
    const launch = await get(`/wps/relay/CBS_launchChat?modelId=${model.modelId}`, fan.token);
    expect(launch.json().value).toEqual({ chatUrl: `/chatRoom/${model.modelId}` });
    expect((await get(`/chat/messages?modelId=${model.modelId}`, fan.token)).json().value.list).toEqual([]);

    const hi = await post('/chat/messages', fan.token, {
      modelId: model.modelId,
      text: 'hello <b>there</b>\u0007',
    });
    expect(hi.statusCode, hi.body).toBe(200);
    const msg = chatMessageSchema.parse(hi.json().value);
    expect(msg).toMatchObject({ text: 'hello <b>there</b>', host: false, kind: 'text' });
    const reply = await post('/chat/messages', host.token, { modelId: model.modelId, text: 'welcome!' });
    expect(reply.json().value).toMatchObject({ host: true, sender: model.nickname });

    // The fan read the room before the host answered: one unread.
    const unread = await get('/wps/relay/CBS_unreadCount', fan.token);
    expect(unread.json().value).toEqual({ total: 1, rooms: [{ modelId: model.modelId, unread: 1 }] });
    const read = await get(`/chat/messages?modelId=${model.modelId}`, fan.token);
    expect(read.json().value.list.map((m: { text: string }) => m.text)).toEqual([
      'hello <b>there</b>',
      'welcome!',
    ]);
    expect((await get('/wps/relay/CBS_unreadCount', fan.token)).json().value.total).toBe(0);

    expect((await post('/chat/messages', fan.token, { modelId: '999999', text: 'x' })).json().code).toBe(
      'chat.room_unknown',
    );
    expect((await post('/chat/messages', fan.token, { modelId: model.modelId, text: '' })).statusCode).toBe(
      400,
    );
    expect((await post('/chat/host/status', fan.token, { status: 'online' })).json().code).toBe('forbidden');
  });

  it('a tip moves the money once per request, the brand keeping its commission; the host cannot tip itself', async () => {
    const host = await newMember(t);
    const model = await appoint(host.account, { commissionPercent: 25 });
    const fan = await newMember(t, { fundMinor: 10_000n });
    const body = { modelId: model.modelId, amount: '1000', requestId: 'tip-request-0001' };
    const results = await Promise.all(Array.from({ length: 6 }, () => post('/chat/tips', fan.token, body)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = new Set(results.map((r) => r.json().value.message.messageId));
    expect(ids.size).toBe(1);
    expect(await balance(fan.id)).toBe(9_000n);
    expect(await balance(host.id)).toBe(750n);
    const tips = await t.db.selectFrom('chat_tip').selectAll().where('member_id', '=', fan.id).execute();
    expect(tips).toHaveLength(1);
    expect(tips[0]).toMatchObject({ amount: '1000', commission: '250' });
    const messages = (await get(`/chat/messages?modelId=${model.modelId}`, fan.token)).json().value.list;
    expect(messages.filter((m: { kind: string }) => m.kind === 'tip')).toHaveLength(1);

    const poor = await post('/chat/tips', fan.token, {
      ...body,
      amount: '100000',
      requestId: 'tip-request-0002',
    });
    expect(poor.json().code).toBe('wallet.insufficient');
    expect(await balance(fan.id)).toBe(9_000n);
    const self = await post('/chat/tips', host.token, { ...body, requestId: 'tip-request-0003' });
    expect(self.json().code).toBe('chat.tip_refused');
    const changed = await post('/chat/tips', fan.token, { ...body, amount: '2000' });
    expect(changed.json().code).toBe('duplicate.request');
    expect(await balance(fan.id)).toBe(9_000n);
  });

  it('the host mutes a member and removes a message; an operator removes one too; others may not', async () => {
    const host = await newMember(t);
    const model = await appoint(host.account);
    const fan = await newMember(t);
    const other = await newMember(t);
    const spam = chatMessageSchema.parse(
      (await post('/chat/messages', fan.token, { modelId: model.modelId, text: 'spam spam' })).json().value,
    );
    expect(
      (
        await post('/chat/moderate', other.token, {
          modelId: model.modelId,
          action: 'remove',
          messageId: spam.messageId,
        })
      ).json().code,
    ).toBe('forbidden');
    const removed = await post('/chat/moderate', host.token, {
      modelId: model.modelId,
      action: 'remove',
      messageId: spam.messageId,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get(`/chat/messages?modelId=${model.modelId}`, other.token)).json().value.list).toEqual([]);

    await post('/chat/moderate', host.token, {
      modelId: model.modelId,
      action: 'mute',
      memberId: fan.id,
      minutes: 10,
    });
    const perm = (await get(`/wps/relay/CBS_groupPermission?modelId=${model.modelId}`, fan.token)).json()
      .value;
    expect(perm).toMatchObject({ canChat: false, canTip: true, canModerate: false });
    expect(perm.mutedUntil).not.toBeNull();
    expect(
      (await post('/chat/messages', fan.token, { modelId: model.modelId, text: 'again' })).json().code,
    ).toBe('chat.muted');
    await post('/chat/moderate', host.token, { modelId: model.modelId, action: 'unmute', memberId: fan.id });
    const again = await post('/chat/messages', fan.token, { modelId: model.modelId, text: 'sorry' });
    expect(again.statusCode).toBe(200);
    const hostPerm = (await get(`/wps/relay/CBS_groupPermission?modelId=${model.modelId}`, host.token)).json()
      .value;
    expect(hostPerm).toMatchObject({ canModerate: true, canTip: false });

    const byOps = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/chat/moderate',
      headers: { 'x-ops-key': TEST_OPS_KEY },
      payload: { messageId: again.json().value.messageId, reason: 'off topic' },
    });
    expect(byOps.statusCode, byOps.body).toBe(200);
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('action', '=', 'chat.remove')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    // Retired hosts leave the list and their room closes.
    await appoint(host.account, { active: false });
    const list = (await get('/wps/relay/CBS_modelList')).json().value.list;
    expect(list.some((h: { modelId: string }) => h.modelId === model.modelId)).toBe(false);
    expect((await get(`/chat/messages?modelId=${model.modelId}`, fan.token)).json().code).toBe(
      'chat.room_unknown',
    );
  });
});
