import {
  type AgentMessageBody,
  type AgentSentMessage,
  INBOX_SCHEDULE_MAX_DAYS,
  type InboxMessage,
  type InboxMessageSummary,
  type InboxNoticeCode,
  type OpsInboxMessage,
  type OpsInboxSendBody,
  isTrialType,
  trialTypes,
} from '@arcadia/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/brand.service.js';
import type { RealtimeHub } from '../realtime/index.js';
import type { ThrottleService } from '../throttle/throttle.service.js';
import { noticeText } from './inbox.notices.js';
import type { InboxRepository, InboxRow, MessageRow, NewMessage } from './inbox.repository.js';
import { hasVisibleContent, sanitizeMessageHtml } from './inbox.sanitize.js';

type Member = AuthedSession['member'];
type Paging = { pageNo: number; pageSize: number };

const DAY_MS = 86_400_000;
/** An agent may send this many platform messages an hour (each can reach its whole team). */
export const agentSendRule = { limit: 30, windowMs: 3_600_000, blockMs: 0 };
/** Unread counts are computed for this many recipients per statement after a team delivery. */
const COUNT_BATCH = 1000;

const iso = (d: Date | string) => new Date(d).toISOString();
const pageOf = <T>(list: T[], total: number, q: Paging) => ({
  list,
  pageNo: q.pageNo,
  totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
  totalCount: total,
});

/** A delivered message and who it reached: member ids, or null for everyone of the brand. */
interface Delivery {
  message: MessageRow;
  recipients: string[] | null;
  senderName: string | null;
}

export interface InboxServiceDeps {
  repository: InboxRepository;
  hub: RealtimeHub;
  throttle: ThrottleService;
  log: { error(obj: object, msg: string): void };
  now?: () => number;
}

export function createInboxService(deps: InboxServiceDeps) {
  const { repository: repo, throttle, log } = deps;
  const now = deps.now ?? Date.now;

  function notice(row: MessageRow) {
    return row.notice_code
      ? {
          code: row.notice_code as InboxNoticeCode,
          params: (row.notice_params ?? {}) as Record<string, string>,
        }
      : null;
  }

  function memberView(row: InboxRow): InboxMessage {
    return {
      id: String(row.id),
      kind: row.kind,
      title: row.title,
      notice: notice(row),
      sender: row.kind === 'agent' ? row.sender_name : null,
      createdAt: iso(row.sent_at!),
      content: row.content,
      read: row.read_at !== null,
    };
  }

  function summary(d: Delivery): InboxMessageSummary {
    const m = d.message;
    return {
      id: String(m.id),
      kind: m.kind,
      title: m.title,
      notice: notice(m),
      sender: m.kind === 'agent' ? d.senderName : null,
      createdAt: iso(m.sent_at!),
      broadcast: d.recipients === null,
    };
  }

  /** Body text as stored: sanitised, and still showing something. */
  function cleanContent(content: string) {
    const html = sanitizeMessageHtml(content);
    if (!hasVisibleContent(html)) {
      throw new AppError('request_param_err', {
        fields: { content: 'nothing is left once unsafe HTML is removed' },
      });
    }
    return html;
  }

  /**
   * Delivers a scheduled message inside the caller's transaction: marks it sent (once) and writes
   * its recipients. Null when it was already delivered or cancelled.
   */
  async function deliverIn(
    tx: Transaction<Database>,
    id: string,
    senderName: string | null,
  ): Promise<Delivery | null> {
    const message = await repo.markSent(tx, id);
    if (!message) return null;
    if (message.audience === 'brand') {
      const count = await repo.brandMemberCount(tx, message.merchant_id, trialTypes);
      await repo.setRecipientCount(tx, message.id, count);
      return { message: { ...message, recipient_count: count }, recipients: null, senderName };
    }
    const recipients = await repo.addRecipients(tx, message, trialTypes);
    await repo.setRecipientCount(tx, message.id, recipients.length);
    return { message: { ...message, recipient_count: recipients.length }, recipients, senderName };
  }

  /**
   * After the commit: `inbox.message` to each recipient and their new unread counts (one statement
   * per thousand members), or one `inbox.message` to the brand's room for a broadcast — each
   * client adds one to its count, so no count is computed per member.
   */
  async function publish(d: Delivery) {
    const { hub } = deps;
    const event = summary(d);
    const merchantId = d.message.merchant_id;
    if (d.recipients === null) {
      hub.toBrand(merchantId, 'inbox.message', event);
      return;
    }
    for (const id of d.recipients) hub.toMember(id, 'inbox.message', event);
    for (let i = 0; i < d.recipients.length; i += COUNT_BATCH) {
      const counts = await repo.unreadCounts(merchantId, d.recipients.slice(i, i + COUNT_BATCH));
      for (const [memberId, count] of counts) hub.toMember(memberId, 'inbox.unread', { count });
    }
  }

  /** Publishes without ever failing the caller: the message is stored, the push is a courtesy. */
  function publishQuietly(d: Delivery | null) {
    if (!d) return;
    publish(d).catch((err: unknown) => log.error({ err, messageId: d.message.id }, 'inbox push failed'));
  }

  /** The member's new count to all their tabs (after a read or delete in one of them). */
  function pushUnread(memberId: string, count: number) {
    try {
      deps.hub.toMember(memberId, 'inbox.unread', { count });
    } catch (err) {
      log.error({ err, memberId }, 'inbox push failed');
    }
  }

  /** `sendAt` as a Date: in the future and at most 90 days ahead; undefined: now. */
  function scheduleTime(sendAt: string | undefined): Date | null {
    if (sendAt === undefined) return null;
    const at = new Date(sendAt);
    if (at.getTime() <= now())
      throw new AppError('request_param_err', { fields: { sendAt: 'must be in the future' } });
    if (at.getTime() > now() + INBOX_SCHEDULE_MAX_DAYS * DAY_MS) {
      throw new AppError('request_param_err', {
        fields: { sendAt: `at most ${INBOX_SCHEDULE_MAX_DAYS} days ahead` },
      });
    }
    return at;
  }

  async function opsView(rows: OpsRow[]): Promise<OpsInboxMessage[]> {
    const reads = await repo.readCounts(rows.map((r) => String(r.id)));
    return rows.map((r) => ({
      id: String(r.id),
      kind: r.kind,
      // An agent's message to its whole team reads as a team message.
      target: r.target,
      account: r.target_account,
      title: r.title,
      content: r.content,
      status: r.status,
      sendAt: iso(r.send_at),
      sentAt: r.sent_at ? iso(r.sent_at) : null,
      recipientCount: r.recipient_count,
      readCount: reads.get(String(r.id)) ?? 0,
      createdBy: r.kind === 'agent' && r.sender_account ? `agent:${r.sender_account}` : r.created_by,
      createdAt: iso(r.created_at),
    }));
  }

  async function agentView(rows: AgentRow[]): Promise<AgentSentMessage[]> {
    const reads = await repo.readCounts(rows.map((r) => String(r.id)));
    return rows.map((r) => ({
      id: String(r.id),
      target: r.target === 'direct' ? 'direct' : r.target === 'member' ? 'member' : 'all',
      account: r.target === 'member' ? r.target_account : null,
      title: r.title,
      recipientCount: r.recipient_count ?? 0,
      readCount: reads.get(String(r.id)) ?? 0,
      sentAt: iso(r.sent_at ?? r.send_at),
    }));
  }

  const assertAgent = (brand: Brand, member: Member) => {
    if (!brand.settings.agentTypes.includes(member.type)) throw new AppError('error_not_agent');
  };

  return {
    // ── the member's inbox ──────────────────────────────────────────────────────────────────

    /** A page of the member's messages, newest first, with the unread count. */
    async list(brand: Brand, member: Member, q: Paging) {
      const [{ rows, total }, unread] = await Promise.all([
        repo.inboxPage(brand.id, member.id, q.pageSize, (q.pageNo - 1) * q.pageSize),
        repo.unreadCount(brand.id, member.id),
      ]);
      return { ...pageOf(rows.map(memberView), total, q), unread };
    },

    /** One message of the member's inbox; someone else's (or a deleted one) is 404. */
    async detail(brand: Brand, member: Member, id: string) {
      const row = await repo.inboxMessage(brand.id, member.id, id);
      if (!row) throw new AppError('not.found', { id });
      return memberView(row);
    },

    unread: (brand: Brand, member: Member) => repo.unreadCount(brand.id, member.id),

    /** Marks messages read; the member's other tabs hear the new count. */
    async read(
      brand: Brand,
      member: Member,
      body: { ids?: string[] | undefined; all?: boolean | undefined },
    ) {
      const updated = await repo.markRead(brand.id, member.id, body.all ? null : (body.ids ?? []));
      const unread = await repo.unreadCount(brand.id, member.id);
      if (updated > 0) pushUnread(member.id, unread);
      return { updated, unread };
    },

    /** Deletes messages for this member only (soft: other members keep theirs). */
    async remove(brand: Brand, member: Member, ids: string[]) {
      const deleted = await repo.markDeleted(brand.id, member.id, ids);
      const unread = await repo.unreadCount(brand.id, member.id);
      if (deleted > 0) pushUnread(member.id, unread);
      return { deleted, unread };
    },

    // ── system notices ──────────────────────────────────────────────────────────────────────

    /**
     * A system notice to one member, delivered and pushed at once. Never throws: it runs after
     * the change it reports has committed (a deposit, a withdrawal decision, a password change)
     * and must not make that change look failed. Resolves when stored (or the failure logged).
     */
    async notify(brand: Brand, memberId: string, code: InboxNoticeCode, params: Record<string, string>) {
      try {
        const text = noticeText(code, params);
        const delivery = await repo.transaction(async (tx) => {
          const row = await repo.insertMessage(tx, {
            merchantId: brand.id,
            kind: 'system',
            target: 'member',
            targetMemberId: memberId,
            senderMemberId: null,
            createdBy: 'system',
            title: text.title,
            content: sanitizeMessageHtml(text.content),
            notice: { code, params },
            sendAt: null,
          });
          return deliverIn(tx, row.id, null);
        });
        publishQuietly(delivery);
      } catch (err) {
        log.error({ err, code, memberId }, 'inbox notice failed');
      }
    },

    // ── operators ───────────────────────────────────────────────────────────────────────────

    /**
     * An operator message to a member, an agent's team or the whole brand, now or at `sendAt`.
     * The message, its audit line and (when sent now) its delivery are one transaction.
     */
    async opsSend(brand: Brand, body: OpsInboxSendBody, actor: string) {
      const content = cleanContent(body.content);
      const sendAt = scheduleTime(body.sendAt);
      let targetMemberId: string | null = null;
      let account: string | null = null;
      if (body.target !== 'brand') {
        const found = await repo.memberByAccount(brand.id, body.account!);
        if (!found || isTrialType(found.type)) throw new AppError('not.found', { account: body.account });
        if (body.target === 'team' && !brand.settings.agentTypes.includes(found.type)) {
          throw new AppError('request_param_err', { fields: { account: 'not an agent' } });
        }
        targetMemberId = found.id;
        account = found.account;
      }
      const input: NewMessage = {
        merchantId: brand.id,
        kind: 'operator',
        target: body.target,
        targetMemberId,
        senderMemberId: null,
        createdBy: actor,
        title: body.title,
        content,
        notice: null,
        sendAt,
      };
      const { row, delivery } = await repo.transaction(async (tx) => {
        const created = await repo.insertMessage(tx, input);
        await repo.audit(tx, {
          merchantId: brand.id,
          actor,
          action: sendAt ? 'inbox.schedule' : 'inbox.send',
          target: `inbox:${created.id}`,
          payload: { target: body.target, account, title: body.title, sendAt: sendAt?.toISOString() ?? null },
        });
        const delivered = sendAt ? null : await deliverIn(tx, created.id, null);
        return { row: delivered?.message ?? created, delivery: delivered };
      });
      publishQuietly(delivery);
      const [view] = await opsView([{ ...row, target_account: account, sender_account: null }]);
      return view!;
    },

    /** Cancels a scheduled message (audited); one already delivered or cancelled is a 409. */
    async opsCancel(brand: Brand, id: string, actor: string) {
      const row = await repo.transaction(async (tx) => {
        const cancelled = await repo.cancel(tx, brand.id, id);
        if (!cancelled) {
          const existing = await repo.message(tx, brand.id, id);
          if (!existing || existing.kind === 'system') throw new AppError('not.found', { messageId: id });
          throw new AppError('request.state', { status: existing.status });
        }
        await repo.audit(tx, {
          merchantId: brand.id,
          actor,
          action: 'inbox.cancel',
          target: `inbox:${id}`,
          payload: { title: cancelled.title, sendAt: iso(cancelled.send_at) },
        });
        return cancelled;
      });
      const { rows } = await repo.opsPage(brand.id, { limit: 1, offset: 0, id: row.id });
      const [view] = await opsView(rows);
      return view!;
    },

    async opsList(brand: Brand, q: Paging & { status?: MessageRow['status'] | undefined }) {
      const { rows, total } = await repo.opsPage(brand.id, {
        status: q.status,
        limit: q.pageSize,
        offset: (q.pageNo - 1) * q.pageSize,
      });
      return pageOf(await opsView(rows), total, q);
    },

    // ── agents ──────────────────────────────────────────────────────────────────────────────

    /**
     * An agent's platform message to its own downlines: all of them, the direct ones, or one
     * member of its team (anyone else: 404, as if the account did not exist). Delivered at once.
     */
    async agentSend(brand: Brand, agent: Member, body: AgentMessageBody) {
      assertAgent(brand, agent);
      const content = cleanContent(body.content);
      let targetMemberId = agent.id;
      let account: string | null = null;
      if (body.target === 'member') {
        const found = await repo.downlineByAccount(brand.id, agent.id, body.account!);
        if (!found) throw new AppError('not.found', { account: body.account });
        targetMemberId = found.id;
        account = found.account;
      }
      await throttle.consume(`inbox.agent:${agent.id}`, agentSendRule);
      const delivery = await repo.transaction(async (tx) => {
        const created = await repo.insertMessage(tx, {
          merchantId: brand.id,
          kind: 'agent',
          target: body.target === 'all' ? 'team' : body.target,
          targetMemberId,
          senderMemberId: agent.id,
          createdBy: `member:${agent.id}`,
          title: body.title,
          content,
          notice: null,
          sendAt: null,
        });
        return (await deliverIn(tx, created.id, agent.nickname || agent.account))!;
      });
      publishQuietly(delivery);
      const [view] = await agentView([{ ...delivery.message, target_account: account }]);
      return view!;
    },

    async agentSent(brand: Brand, agent: Member, q: Paging) {
      assertAgent(brand, agent);
      const { rows, total } = await repo.sentByMember(
        brand.id,
        agent.id,
        q.pageSize,
        (q.pageNo - 1) * q.pageSize,
      );
      return pageOf(await agentView(rows), total, q);
    },

    // ── the delivery job ────────────────────────────────────────────────────────────────────

    /**
     * Delivers scheduled messages whose time has come, each in its own transaction. Idempotent:
     * a message is marked sent only from `scheduled`, so a second run (or a second instance)
     * finds nothing to do. Returns how many it delivered.
     */
    async deliverDue(limit = 100): Promise<number> {
      let delivered = 0;
      for (const id of await repo.due(limit)) {
        const delivery = await repo.transaction((tx) => deliverIn(tx, id, null));
        if (delivery) {
          delivered += 1;
          publishQuietly(delivery);
        }
      }
      return delivered;
    },
  };
}

type OpsRow = MessageRow & { target_account: string | null; sender_account: string | null };
type AgentRow = MessageRow & { target_account: string | null };

export type InboxService = ReturnType<typeof createInboxService>;
