import { describe, expect, it } from 'vitest';
import { socketEvents } from './index.js';
import { agentMessageBodySchema, inboxReadBodySchema, opsInboxSendBodySchema } from './inbox.js';

const summary = {
  id: '42',
  kind: 'operator',
  title: 'Welcome',
  notice: null,
  sender: null,
  createdAt: '2026-11-25T01:00:00.000Z',
  broadcast: false,
};

describe('inbox events', () => {
  it('are part of the one event map', () => {
    expect(Object.keys(socketEvents)).toEqual(expect.arrayContaining(['inbox.unread', 'inbox.message']));
  });

  it('inbox.unread carries a count that is a whole number, never negative', () => {
    const schema = socketEvents['inbox.unread'];
    expect(schema.parse({ count: 3 })).toEqual({ count: 3 });
    expect(schema.safeParse({ count: -1 }).success).toBe(false);
    expect(schema.safeParse({ count: 1.5 }).success).toBe(false);
    expect(schema.safeParse({}).success).toBe(false);
  });

  it('inbox.message summarises the message: id, title, kind, time, notice, broadcast', () => {
    const schema = socketEvents['inbox.message'];
    expect(schema.parse(summary)).toEqual(summary);
    const notice = {
      ...summary,
      kind: 'system',
      notice: { code: 'deposit_credited', params: { amount: '80.00', currency: 'USD', depositId: '7' } },
    };
    expect(schema.parse(notice)).toEqual(notice);
    expect(schema.safeParse({ ...summary, kind: 'spam' }).success).toBe(false);
    expect(schema.safeParse({ ...summary, id: 'abc' }).success).toBe(false);
    expect(schema.safeParse({ ...summary, notice: { code: 'unknown', params: {} } }).success).toBe(false);
    const { broadcast: _, ...withoutBroadcast } = summary;
    expect(schema.safeParse(withoutBroadcast).success).toBe(false);
  });
});

describe('inbox bodies', () => {
  it('read takes ids or all, not both and not neither', () => {
    expect(inboxReadBodySchema.safeParse({ ids: ['1', '2'] }).success).toBe(true);
    expect(inboxReadBodySchema.safeParse({ all: true }).success).toBe(true);
    expect(inboxReadBodySchema.safeParse({}).success).toBe(false);
    expect(inboxReadBodySchema.safeParse({ ids: ['1'], all: true }).success).toBe(false);
    expect(inboxReadBodySchema.safeParse({ ids: [] }).success).toBe(false);
  });

  it('an operator message needs an account unless it goes to the whole brand', () => {
    const base = { title: 'Hi', content: 'Hello' };
    expect(opsInboxSendBodySchema.safeParse({ ...base, target: 'brand' }).success).toBe(true);
    expect(opsInboxSendBodySchema.safeParse({ ...base, target: 'member' }).success).toBe(false);
    expect(opsInboxSendBodySchema.safeParse({ ...base, target: 'team', account: 'agent1' }).success).toBe(
      true,
    );
    expect(opsInboxSendBodySchema.safeParse({ ...base, target: 'vip' }).success).toBe(false);
    expect(
      opsInboxSendBodySchema.safeParse({ ...base, target: 'brand', sendAt: '2026-12-01T10:00:00Z' }).success,
    ).toBe(true);
    expect(opsInboxSendBodySchema.safeParse({ ...base, target: 'brand', sendAt: 'tomorrow' }).success).toBe(
      false,
    );
    expect(opsInboxSendBodySchema.safeParse({ target: 'brand', title: ' ', content: 'x' }).success).toBe(
      false,
    );
  });

  it('an agent message to one member needs its account', () => {
    expect(agentMessageBodySchema.safeParse({ target: 'all', title: 'a', content: 'b' }).success).toBe(true);
    expect(agentMessageBodySchema.safeParse({ target: 'member', title: 'a', content: 'b' }).success).toBe(
      false,
    );
  });
});
