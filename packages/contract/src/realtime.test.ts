import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { socketClientEvents, socketEvents } from './index.js';
import { realtimeClientEvents, realtimeEvents, socketAuthSchema, topicSchema } from './realtime.js';

describe('the socket event contract', () => {
  it('names every event `domain.event` and gives each an object payload', () => {
    for (const [name, schema] of Object.entries({ ...socketEvents, ...socketClientEvents })) {
      expect(name, name).toMatch(/^[a-z]+(\.[a-z]+)+$/);
      expect(schema, name).toBeInstanceOf(z.ZodObject);
    }
  });

  it('joins the core events and client messages', () => {
    for (const name of Object.keys(realtimeEvents)) expect(socketEvents).toHaveProperty([name]);
    for (const name of Object.keys(realtimeClientEvents)) expect(socketClientEvents).toHaveProperty([name]);
  });
});

describe('core event payloads', () => {
  const ok = {
    'balance.changed': { wallet: 'MAIN', balance: '125050', currency: 'USD', at: 1_764_000_000_000 },
    'session.ended': { reason: 'replaced' },
    'announcement.new': { id: '7', type: 'PL', title: { EN: 'Welcome', ZH: '欢迎' } },
    'socket.error': { code: 'rate.limited', message: 'too many messages' },
    'topic.joined': { topic: 'lottery:TXFFC', ok: false, code: 'topic.refused' },
  } satisfies { [K in keyof typeof realtimeEvents]: z.input<(typeof realtimeEvents)[K]> };
  const bad: { [K in keyof typeof realtimeEvents]: unknown } = {
    'balance.changed': { wallet: 'MAIN', balance: '12.50', currency: 'USD', at: 1 },
    'session.ended': { reason: 'bored' },
    'announcement.new': { id: '7', type: 'PL', title: 'Welcome' },
    'socket.error': { code: 'x' },
    'topic.joined': { topic: 'lottery:TXFFC' },
  };

  for (const name of Object.keys(realtimeEvents) as (keyof typeof realtimeEvents)[]) {
    it(`${name}: accepts a real payload and refuses a wrong one`, () => {
      expect(realtimeEvents[name].safeParse(ok[name]).success).toBe(true);
      expect(realtimeEvents[name].safeParse(bad[name]).success).toBe(false);
    });
  }

  it('a balance is an integer string of minor units (never a float)', () => {
    const schema = realtimeEvents['balance.changed'];
    expect(schema.safeParse({ ...ok['balance.changed'], balance: '-300' }).success).toBe(true);
    expect(schema.safeParse({ ...ok['balance.changed'], balance: 125050 }).success).toBe(false);
    expect(schema.safeParse({ ...ok['balance.changed'], balance: '1e3' }).success).toBe(false);
  });
});

describe('handshake and topics', () => {
  it('takes exactly one kind of credential', () => {
    const token = 'a'.repeat(43);
    expect(socketAuthSchema.safeParse({ token }).success).toBe(true);
    expect(socketAuthSchema.safeParse({ opsToken: token, merchant: 'demo' }).success).toBe(true);
    expect(socketAuthSchema.safeParse({ supportToken: token }).success).toBe(true);
    expect(socketAuthSchema.safeParse({}).success).toBe(false);
    expect(socketAuthSchema.safeParse({ token: 'short' }).success).toBe(false);
  });

  it('topics are `<domain>:<key>` with a safe alphabet', () => {
    for (const topic of ['lottery:TXFFC', 'table:12', 'room:bull-bull:3'])
      expect(topicSchema.safeParse(topic).success, topic).toBe(true);
    for (const topic of ['lottery', ':x', 'Lottery:x', 'lottery:a b', 'x:\u0000', `a:${'x'.repeat(100)}`])
      expect(topicSchema.safeParse(topic).success, topic).toBe(false);
  });

  it('client messages are validated before any handler sees them', () => {
    expect(realtimeClientEvents['topic.join'].safeParse({ topic: 42 }).success).toBe(false);
    expect(realtimeClientEvents['topic.join'].safeParse({ topic: 'table:1' }).success).toBe(true);
  });
});
