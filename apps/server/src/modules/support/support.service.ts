import {
  type OpsSupportConversation,
  type SupportCannedReply,
  type SupportConversation,
  type SupportMessage,
  type SupportSendBody,
  supportContactKind,
  supportVisitorStartSchema,
} from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../auth/index.js';
import type { OperatorIdentity } from '../operator/index.js';
import type { ThrottleRule } from '../throttle/index.js';
import type { ThrottleService } from '../throttle/index.js';
import { parseAttachment } from './support.images.js';
import type { CannedRow, ConversationRow, MessageRow, SupportRepository } from './support.repository.js';

const minute = 60_000;

/** Send and start limits (docs/support.md "Limits"); counters are shared by every instance. */
export const supportThrottles = {
  sendPerConversation: { limit: 20, windowMs: minute, blockMs: 0 },
  sendPerIp: { limit: 60, windowMs: minute, blockMs: 0 },
  attachmentsPerConversation: { limit: 20, windowMs: 60 * minute, blockMs: 0 },
  startPerIp: { limit: 10, windowMs: 60 * minute, blockMs: 0 },
} satisfies Record<string, ThrottleRule>;

/** A visitor's token stops working this long after the conversation's last message. */
export const VISITOR_TOKEN_TTL_MS = 30 * 24 * 60 * minute;

const PREVIEW_CHARS = 80;
const IMAGE_PREVIEW = '[image]';

/** Who is calling a participant route: a member by session, or a visitor by conversation token. */
export type Caller =
  { kind: 'member'; memberId: string; name: string } | { kind: 'visitor'; token: string | null };

export interface ClientInfo {
  ip: string;
}

/** Where the service announces what happened; the real-time glue (support.realtime.ts) delivers. */
export interface SupportNotifier {
  message(conversation: ConversationRow, message: SupportMessage): void;
  /** The participant's view changed (assigned, closed). */
  status(conversation: ConversationRow, view: SupportConversation): void;
  /** The queue row changed. */
  queue(conversation: ConversationRow, view: OpsSupportConversation): void;
  /** Whether an operator of the brand has the console open. */
  online(merchantId: number): Promise<boolean>;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function participantView(row: ConversationRow): SupportConversation {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    assignedName: row.assigned_name,
    createdAt: iso(row.created_at),
    lastMessageAt: iso(row.last_message_at),
    closedAt: row.closed_at ? iso(row.closed_at) : null,
  };
}

export function opsView(row: ConversationRow): OpsSupportConversation {
  return {
    ...participantView(row),
    kind: row.member_id === null ? 'visitor' : 'member',
    contact: row.contact,
    memberId: row.member_id,
    account: row.account,
    assignedOperatorId: row.assigned_operator_id,
    unread: row.unread_for_operators,
    lastMessagePreview: row.last_message_preview,
    closedBy: row.closed_by,
  };
}

function messageView(row: MessageRow): SupportMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    author: row.author,
    authorName: row.author_name,
    text: row.body,
    attachment:
      row.attachment_id !== null && row.mime !== null
        ? { id: row.attachment_id, mime: row.mime, size: row.size!, width: row.width!, height: row.height! }
        : null,
    clientId: row.client_id,
    createdAt: iso(row.created_at),
  };
}

function cannedView(row: CannedRow): SupportCannedReply {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    sortOrder: row.sort_order,
    updatedAt: iso(row.updated_at),
  };
}

const preview = (text: string | undefined) =>
  text === undefined ? IMAGE_PREVIEW : text.replace(/\s+/g, ' ').slice(0, PREVIEW_CHARS);

export function createSupportService(deps: {
  repository: SupportRepository;
  throttle: ThrottleService;
  notify: SupportNotifier;
  /** Now, in ms (tests move it). */
  now?: () => number;
}) {
  const { repository: repo, throttle, notify } = deps;
  const now = deps.now ?? Date.now;

  /** A visitor token's conversation, while the token is live; undefined otherwise. */
  async function byToken(merchantId: number, token: string | null) {
    if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    const row = await repo.byTokenHash(merchantId, hashToken(token));
    if (!row || new Date(row.last_message_at).getTime() + VISITOR_TOKEN_TTL_MS < now()) return undefined;
    return row;
  }

  /** The caller's conversation: the member's open or latest, or the visitor's. */
  const conversationOf = (merchantId: number, caller: Caller) =>
    caller.kind === 'member'
      ? repo.latestForMember(merchantId, caller.memberId)
      : byToken(merchantId, caller.token);

  async function requireConversation(merchantId: number, caller: Caller) {
    const row = await conversationOf(merchantId, caller);
    // A participant without a conversation (or with a dead token) is not a participant.
    if (!row) throw new AppError('login.not.session');
    return row;
  }

  /**
   * Stores a message and announces it. Text is kept as typed (trimmed): the clients render it as
   * text. A retry with the same `clientId` returns the stored message and announces nothing.
   */
  async function post(
    merchantId: number,
    conversationId: string,
    author: { kind: 'visitor' | 'member' | 'operator'; name: string; operator?: OperatorIdentity },
    body: SupportSendBody,
  ) {
    const attachment = body.attachment === undefined ? null : parseAttachment(body.attachment);
    const result = await repo.transaction(async (tx) => {
      const locked = await repo.lock(tx, merchantId, conversationId);
      if (!locked) throw new AppError('not.found', { conversationId });
      if (locked.status !== 'open') throw new AppError('support.conversation.closed');
      const stored = await repo.insertMessage(tx, {
        conversationId,
        author: author.kind,
        operatorId: author.operator?.id ?? null,
        authorName: author.name,
        body: body.text ?? null,
        clientId: body.clientId,
        attachment: attachment && {
          mime: attachment.mime,
          width: attachment.width,
          height: attachment.height,
          bytes: attachment.bytes,
        },
        preview: preview(body.text),
      });
      // An operator answering a waiting conversation takes it.
      let assigned = false;
      if (stored.created && author.operator && locked.assigned_operator_id === null) {
        await repo.assign(tx, conversationId, author.operator.id, author.operator.username);
        await repo.audit(tx, {
          merchantId,
          actor: author.operator.actor,
          action: 'support.assign',
          target: `support_conversation:${conversationId}`,
          payload: { operator: author.operator.username, auto: true },
        });
        assigned = true;
      }
      return { ...stored, assigned, message: messageView((await repo.message(tx, stored.id))!) };
    });
    if (result.created) {
      const row = (await repo.byId(merchantId, conversationId))!;
      notify.message(row, result.message);
      notify.queue(row, opsView(row));
      if (result.assigned) notify.status(row, participantView(row));
    }
    return result.message;
  }

  async function history(conversationId: string, query: { before?: string | undefined; limit: number }) {
    const rows = await repo.page(conversationId, query.before, query.limit);
    const hasMore = rows.length > query.limit;
    return { list: rows.slice(0, query.limit).reverse().map(messageView), hasMore };
  }

  async function opsConversation(merchantId: number, id: string) {
    const row = await repo.byId(merchantId, id);
    if (!row) throw new AppError('not.found', { conversationId: id });
    return row;
  }

  return {
    /** The caller's conversation (null when none) and whether an operator is online. */
    async current(merchantId: number, caller: Caller) {
      const row = await conversationOf(merchantId, caller);
      return {
        as: caller.kind,
        conversation: row ? participantView(row) : null,
        online: await notify.online(merchantId),
      };
    },

    /**
     * Opens a conversation. A member gets the open one back (or a new one); a visitor always gets a
     * new one and its token, which is returned here once and stored only as a hash.
     */
    async start(
      merchantId: number,
      caller: Caller,
      body: { name?: string | undefined; contact?: string | undefined },
      client: ClientInfo,
    ) {
      if (caller.kind === 'member') {
        const open = await repo.openForMember(merchantId, caller.memberId);
        let row = open;
        if (!row) {
          await throttle.consume(`support:start:ip:${client.ip}`, supportThrottles.startPerIp);
          await repo.insertConversation({
            merchantId,
            memberId: caller.memberId,
            tokenHash: null,
            name: caller.name,
            contact: null,
            ip: client.ip,
          });
          row = (await repo.openForMember(merchantId, caller.memberId))!;
          notify.queue(row, opsView(row));
        }
        return { conversation: participantView(row), token: null, online: await notify.online(merchantId) };
      }
      const parsed = supportVisitorStartSchema.safeParse(body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
        throw new AppError('request_param_err', { fields });
      }
      await throttle.consume(`support:start:ip:${client.ip}`, supportThrottles.startPerIp);
      const { token, hash } = newToken();
      const contact = parsed.data.contact;
      const id = (await repo.insertConversation({
        merchantId,
        memberId: null,
        tokenHash: hash,
        name: parsed.data.name,
        // Phone numbers are kept as typed; the kind check above is what makes them acceptable.
        contact: supportContactKind(contact) === 'email' ? contact.toLowerCase() : contact,
        ip: client.ip,
      }))!;
      const row = (await repo.byId(merchantId, id))!;
      notify.queue(row, opsView(row));
      return { conversation: participantView(row), token, online: await notify.online(merchantId) };
    },

    async history(merchantId: number, caller: Caller, query: { before?: string | undefined; limit: number }) {
      const row = await requireConversation(merchantId, caller);
      return history(row.id, query);
    },

    /** A participant's message, rate-limited per conversation and per IP. */
    async send(merchantId: number, caller: Caller, body: SupportSendBody, client: ClientInfo) {
      const row = await requireConversation(merchantId, caller);
      if (row.status !== 'open') throw new AppError('support.conversation.closed');
      await throttle.consume(`support:send:conv:${row.id}`, supportThrottles.sendPerConversation);
      await throttle.consume(`support:send:ip:${client.ip}`, supportThrottles.sendPerIp);
      if (body.attachment !== undefined)
        await throttle.consume(`support:attach:conv:${row.id}`, supportThrottles.attachmentsPerConversation);
      const name = caller.kind === 'member' ? caller.name : row.name;
      return post(merchantId, row.id, { kind: caller.kind, name }, body);
    },

    /** An image of the caller's own conversation; any other id is 404. */
    async attachment(merchantId: number, caller: Caller, attachmentId: string) {
      const row = await requireConversation(merchantId, caller);
      const file = await repo.attachment(row.id, merchantId, attachmentId);
      if (!file) throw new AppError('not.found', { attachmentId });
      return { mime: file.mime, data: Buffer.from(file.bytes).toString('base64') };
    },

    /** For the socket handshake: the live conversation behind a visitor token. */
    visitorConversation: byToken,

    /** For typing notices: the member's open conversation id. */
    async openConversationOfMember(merchantId: number, memberId: string) {
      return (await repo.openForMember(merchantId, memberId))?.id ?? null;
    },

    /** For typing notices: the conversation, when it belongs to the brand. */
    conversationOfBrand: (merchantId: number, id: string) => repo.byId(merchantId, id),

    // ── operators ─────────────────────────────────────────────────────────────────────────
    async opsList(
      merchantId: number,
      query: { status: 'open' | 'closed'; q?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const { rows, total } = await repo.list(merchantId, {
        status: query.status,
        q: query.q || undefined,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        list: rows.map(opsView),
        pageNo: query.pageNo,
        totalPages: Math.ceil(total / query.pageSize),
        totalCount: total,
        online: await notify.online(merchantId),
      };
    },

    async opsDetail(merchantId: number, id: string) {
      return opsView(await opsConversation(merchantId, id));
    },

    async opsHistory(merchantId: number, id: string, query: { before?: string | undefined; limit: number }) {
      await opsConversation(merchantId, id);
      return history(id, query);
    },

    opsSend(merchantId: number, id: string, body: SupportSendBody, operator: OperatorIdentity) {
      return post(merchantId, id, { kind: 'operator', name: operator.username, operator }, body);
    },

    /** Takes the conversation for the caller (again: nothing changes, nothing is audited). */
    async opsAssign(merchantId: number, id: string, operator: OperatorIdentity) {
      const changed = await repo.transaction(async (tx) => {
        const locked = await repo.lock(tx, merchantId, id);
        if (!locked) throw new AppError('not.found', { conversationId: id });
        if (locked.status !== 'open') throw new AppError('support.conversation.closed');
        if (locked.assigned_operator_id === operator.id && operator.id !== null) return false;
        await repo.assign(tx, id, operator.id, operator.username);
        await repo.audit(tx, {
          merchantId,
          actor: operator.actor,
          action: 'support.assign',
          target: `support_conversation:${id}`,
          payload: { operator: operator.username, previous: locked.assigned_operator_id },
        });
        return true;
      });
      const row = await opsConversation(merchantId, id);
      if (changed) {
        notify.status(row, participantView(row));
        notify.queue(row, opsView(row));
      }
      return opsView(row);
    },

    /** Closes the conversation; its history stays browsable. Closing again changes nothing. */
    async opsClose(merchantId: number, id: string, operator: OperatorIdentity) {
      const changed = await repo.transaction(async (tx) => {
        const locked = await repo.lock(tx, merchantId, id);
        if (!locked) throw new AppError('not.found', { conversationId: id });
        if (locked.status !== 'open') return false;
        await repo.close(tx, id, operator.username);
        await repo.audit(tx, {
          merchantId,
          actor: operator.actor,
          action: 'support.close',
          target: `support_conversation:${id}`,
          payload: {},
        });
        return true;
      });
      const row = await opsConversation(merchantId, id);
      if (changed) {
        notify.status(row, participantView(row));
        notify.queue(row, opsView(row));
      }
      return opsView(row);
    },

    async opsRead(merchantId: number, id: string) {
      const before = await opsConversation(merchantId, id);
      if (before.unread_for_operators === 0) return opsView(before);
      await repo.markRead(merchantId, id);
      const row = await opsConversation(merchantId, id);
      notify.queue(row, opsView(row));
      return opsView(row);
    },

    async opsAttachment(merchantId: number, attachmentId: string) {
      const file = await repo.attachment(null, merchantId, attachmentId);
      if (!file) throw new AppError('not.found', { attachmentId });
      return { mime: file.mime, data: Buffer.from(file.bytes).toString('base64') };
    },

    // ── canned replies ────────────────────────────────────────────────────────────────────
    async cannedList(merchantId: number) {
      return { list: (await repo.cannedList(merchantId)).map(cannedView) };
    },

    async cannedCreate(
      merchantId: number,
      input: { title: string; body: string; sortOrder: number },
      operator: OperatorIdentity,
      limit: number,
    ) {
      return repo.transaction(async (tx) => {
        if ((await repo.cannedCount(tx, merchantId)) >= limit)
          throw new AppError('request_param_err', { fields: { _: `at most ${limit} canned replies` } });
        const row = await repo.cannedInsert(tx, merchantId, input);
        await repo.audit(tx, {
          merchantId,
          actor: operator.actor,
          action: 'support.canned.create',
          target: `support_canned_reply:${row.id}`,
          payload: input,
        });
        return cannedView(row);
      });
    },

    async cannedUpdate(
      merchantId: number,
      id: string,
      input: { title: string; body: string; sortOrder: number },
      operator: OperatorIdentity,
    ) {
      return repo.transaction(async (tx) => {
        const row = await repo.cannedUpdate(tx, merchantId, id, input);
        if (!row) throw new AppError('not.found', { cannedId: id });
        await repo.audit(tx, {
          merchantId,
          actor: operator.actor,
          action: 'support.canned.update',
          target: `support_canned_reply:${id}`,
          payload: input,
        });
        return cannedView(row);
      });
    },

    async cannedDelete(merchantId: number, id: string, operator: OperatorIdentity) {
      return repo.transaction(async (tx) => {
        const row = await repo.cannedDelete(tx, merchantId, id);
        if (!row) throw new AppError('not.found', { cannedId: id });
        await repo.audit(tx, {
          merchantId,
          actor: operator.actor,
          action: 'support.canned.delete',
          target: `support_canned_reply:${id}`,
          payload: { title: row.title },
        });
        return { deleted: true as const };
      });
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
