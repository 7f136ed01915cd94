import { describe, expect, it } from 'vitest';
import { socketClientEvents, socketEvents } from './index.js';
import {
  isSupportName,
  supportClientEvents,
  supportContactKind,
  supportEvents,
  supportSendBodySchema,
  supportVisitorStartSchema,
} from './support.js';

const message = {
  id: '12',
  conversationId: '7',
  author: 'operator',
  authorName: 'alice',
  text: 'Hello <b>there</b>',
  attachment: null,
  clientId: 'abcdefgh',
  createdAt: '2026-11-25T10:00:00.000Z',
};
const conversation = {
  id: '7',
  status: 'open',
  name: 'Vera',
  assignedName: 'alice',
  createdAt: '2026-11-25T09:59:00.000Z',
  lastMessageAt: '2026-11-25T10:00:00.000Z',
  closedAt: null,
};

describe('support events', () => {
  it('join the channel’s event maps', () => {
    for (const name of Object.keys(supportEvents)) expect(socketEvents).toHaveProperty([name]);
    for (const name of Object.keys(supportClientEvents)) expect(socketClientEvents).toHaveProperty([name]);
  });

  it('support.message carries a whole message; text stays as typed', () => {
    const parsed = supportEvents['support.message'].parse({ conversationId: '7', message });
    expect(parsed.message.text).toBe('Hello <b>there</b>');
    expect(
      supportEvents['support.message'].safeParse({
        conversationId: '7',
        message: { ...message, author: 'bot' },
      }).success,
    ).toBe(false);
    const withImage = {
      ...message,
      text: null,
      attachment: { id: '3', mime: 'image/png', size: 100, width: 10, height: 10 },
    };
    expect(
      supportEvents['support.message'].safeParse({ conversationId: '7', message: withImage }).success,
    ).toBe(true);
    expect(
      supportEvents['support.message'].safeParse({
        conversationId: '7',
        message: { ...withImage, attachment: { ...withImage.attachment, mime: 'image/gif' } },
      }).success,
    ).toBe(false);
  });

  it('support.status and support.conversation: the participant’s view and the queue row', () => {
    expect(supportEvents['support.status'].safeParse(conversation).success).toBe(true);
    expect(supportEvents['support.status'].safeParse({ ...conversation, status: 'pending' }).success).toBe(
      false,
    );
    const row = {
      ...conversation,
      kind: 'visitor',
      contact: 'vera@example.com',
      memberId: null,
      account: null,
      assignedOperatorId: '4',
      unread: 2,
      lastMessagePreview: 'Hello',
      closedBy: null,
    };
    expect(supportEvents['support.conversation'].safeParse(row).success).toBe(true);
    expect(supportEvents['support.conversation'].safeParse({ ...row, unread: 1.5 }).success).toBe(false);
  });

  it('support.typing and support.presence', () => {
    expect(supportEvents['support.typing'].safeParse({ conversationId: '7', from: 'operator' }).success).toBe(
      true,
    );
    expect(supportEvents['support.typing'].safeParse({ conversationId: 'x', from: 'operator' }).success).toBe(
      false,
    );
    expect(supportEvents['support.presence'].parse({ online: true })).toEqual({ online: true });
    expect(supportClientEvents['support.typing'].safeParse({}).success).toBe(true);
    expect(supportClientEvents['support.typing'].safeParse({ conversationId: '1 or 1=1' }).success).toBe(
      false,
    );
  });
});

describe('support rules', () => {
  it('a contact is an email address or a phone number', () => {
    expect(supportContactKind('ann@example.com')).toBe('email');
    expect(supportContactKind(' +66 (81) 234-5678 ')).toBe('phone');
    expect(supportContactKind('0812345678')).toBe('phone');
    for (const bad of ['ann@', 'ann@example', '12345', 'call me', '+1234567890123456', '']) {
      expect(supportContactKind(bad), bad).toBeNull();
    }
  });

  it('a name is 1–40 characters without control characters', () => {
    expect(isSupportName('Ann')).toBe(true);
    expect(isSupportName('   ')).toBe(false);
    expect(isSupportName('x'.repeat(41))).toBe(false);
    expect(isSupportName('a\u0000b')).toBe(false);
    expect(supportVisitorStartSchema.safeParse({ name: ' Ann ', contact: 'ann@example.com' }).data).toEqual({
      name: 'Ann',
      contact: 'ann@example.com',
    });
  });

  it('a message needs text or an attachment, and a sender key', () => {
    expect(supportSendBodySchema.safeParse({ clientId: 'abcdefgh', text: 'hi' }).success).toBe(true);
    expect(supportSendBodySchema.safeParse({ clientId: 'abcdefgh', attachment: 'iVBO' }).success).toBe(true);
    expect(supportSendBodySchema.safeParse({ clientId: 'abcdefgh' }).success).toBe(false);
    expect(supportSendBodySchema.safeParse({ clientId: 'short', text: 'hi' }).success).toBe(false);
    expect(supportSendBodySchema.safeParse({ clientId: 'abcdefgh', text: 'x'.repeat(2001) }).success).toBe(
      false,
    );
    expect(supportSendBodySchema.safeParse({ clientId: 'abcdefgh', text: 'tab\tand\nnewline' }).success).toBe(
      true,
    );
    expect(supportSendBodySchema.safeParse({ clientId: 'abcdefgh', text: 'esc\u001b[31m' }).success).toBe(
      false,
    );
  });
});
