import {
  type ChatHost,
  type ChatMessage,
  type RouteBody,
  type RouteQuery,
  type Routes,
  trialTypes,
} from '@arcadia/contract';
import type { Kysely, Selectable } from 'kysely';
import type { ChatHostTable, ChatMessageTable, Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { type Brand, type BrandService, opsBrandOf } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import { writeAudit } from '../operator/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { maskAccount } from '../records/index.js';
import type { ThrottleService } from '../throttle/index.js';
import {
  activeHost,
  activeHostId,
  activeHosts,
  deleteMute,
  insertMessage,
  insertTip,
  mainBalance,
  markMessageRemoved,
  markRead,
  memberByAccount,
  memberOfBrand,
  messageById,
  messagesPage,
  muteInForce,
  tipByRequest,
  unreadByRoom,
  updateHostStatus,
  upsertHost,
  upsertMute,
} from './chat.repository.js';

type HostRow = Selectable<ChatHostTable>;
type MessageRow = Selectable<ChatMessageTable>;

const minute = 60_000;
/** Messages a member may send to one room per minute. */
const SEND_RULE = { limit: 20, windowMs: minute, blockMs: 0 };
/** Viewers are counted at most this often per room (the count asks every instance). */
const VIEWERS_TTL_MS = 10_000;

const iso = (d: Date | string) => new Date(d).toISOString();

/** The member as the rooms see it. */
interface Member {
  id: string;
  type: number;
  account: string;
  nickname: string | null;
}

/** Appoints (or updates, or retires) a member as a host: the operators' route and the demo seed. */
export async function appointHost(
  db: Kysely<Database>,
  h: {
    merchantId: number;
    memberId: string;
    nickname: string;
    bio: string;
    commissionBp: number;
    active: boolean;
  },
): Promise<HostRow> {
  const values = { nickname: h.nickname, bio: h.bio, commission_bp: h.commissionBp, active: h.active };
  return upsertHost(db, h.merchantId, h.memberId, values);
}

/** A host goes online or offline; null when the member is not an active host of the brand. */
export async function setHostStatus(
  db: Kysely<Database>,
  merchantId: number,
  memberId: string,
  status: 'online' | 'offline',
): Promise<HostRow | null> {
  const row = await updateHostStatus(db, merchantId, memberId, status);
  return row ?? null;
}

/** Writes a message to a room (the route's checks done): plain text, control characters dropped. */
export async function postMessage(
  db: Kysely<Database>,
  m: { hostId: string; memberId: string; sender: string; text: string },
): Promise<MessageRow> {
  const text = [...m.text]
    .filter((ch) => {
      const c = ch.codePointAt(0)!;
      return c === 9 || c === 10 || (c >= 32 && c !== 127);
    })
    .join('');
  return insertMessage(db, { host_id: m.hostId, member_id: m.memberId, sender: m.sender, body: text });
}

/**
 * The chat rooms' service (docs/chat.md): the model list, the room's messages and tips (through
 * the ledger), the host's moderation and status, and the operators' appointments — with `chat.*`
 * events on the public topic `chat:<modelId>`.
 */
export function createChatService(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  throttle: ThrottleService;
  brands: BrandService;
  hub?: RealtimeHub;
}) {
  const { db, ledger } = deps;
  const viewers = new Map<string, { n: number; until: number }>();

  async function viewersOf(merchantId: number, hostId: string): Promise<number> {
    const key = `${merchantId}:${hostId}`;
    const hit = viewers.get(key);
    if (hit && hit.until > Date.now()) return hit.n;
    const hub = deps.hub;
    const n = hub ? await hub.topicSize(merchantId, `chat:${hostId}`) : 0;
    viewers.set(key, { n, until: Date.now() + VIEWERS_TTL_MS });
    return n;
  }

  async function hostOut(row: HostRow): Promise<ChatHost> {
    return {
      modelId: String(row.id),
      nickname: row.nickname,
      bio: row.bio,
      status: row.status,
      viewers: await viewersOf(row.merchant_id, String(row.id)),
      commissionPercent: row.commission_bp / 100,
    };
  }

  const messageOut = (row: MessageRow, hostMemberId: string): ChatMessage => ({
    messageId: String(row.id),
    modelId: String(row.host_id),
    sender: row.sender,
    senderId: String(row.member_id),
    host: String(row.member_id) === String(hostMemberId),
    kind: row.kind,
    text: row.body,
    amount: row.amount === null ? null : String(row.amount),
    createdAt: iso(row.created_at),
  });

  async function room(merchantId: number, modelId: string): Promise<HostRow> {
    const row = await activeHost(db, merchantId, modelId);
    if (!row) throw new AppError('chat.room_unknown', { modelId });
    return row;
  }

  async function mutedUntil(hostId: string, memberId: string): Promise<Date | null> {
    const row = await muteInForce(db, hostId, memberId);
    return row ? new Date(row.until) : null;
  }

  const senderName = (m: { nickname: string | null; account: string }) =>
    m.nickname || maskAccount(m.account);

  async function removeMessage(merchantId: number, messageId: string, by: string, hostId?: string) {
    const row = await markMessageRemoved(db, merchantId, messageId, by, hostId);
    if (!row) throw new AppError('not.found', { value: messageId });
    deps.hub?.toTopic(merchantId, `chat:${row.host_id}`, 'chat.removed', {
      modelId: String(row.host_id),
      messageId: String(row.id),
    });
    return row;
  }

  return {
    async modelList(brand: Brand) {
      const rows = await activeHosts(db, brand.id);
      return { list: await Promise.all(rows.map(hostOut)) };
    },

    async launch(brand: Brand, modelId: string) {
      const host = await room(brand.id, modelId);
      return { chatUrl: `/chatRoom/${host.id}` };
    },

    async unread(brand: Brand, memberId: string) {
      const { rows } = await unreadByRoom(db, brand.id, memberId);
      const rooms = rows.map((r) => ({ modelId: String(r.host_id), unread: Number(r.unread) }));
      return { total: rooms.reduce((a, r) => a + r.unread, 0), rooms };
    },

    async permission(brand: Brand, member: Member, modelId: string) {
      const host = await room(brand.id, modelId);
      const muted = await mutedUntil(String(host.id), member.id);
      const isHost = String(host.member_id) === String(member.id);
      return {
        canChat: muted === null,
        canTip: !isHost && !(trialTypes as readonly number[]).includes(member.type),
        canModerate: isHost,
        mutedUntil: muted ? muted.toISOString() : null,
      };
    },

    async messages(brand: Brand, memberId: string, query: RouteQuery<Routes['chatMessages']>) {
      const host = await room(brand.id, query.modelId);
      const rows = await messagesPage(db, host.id, query.before, query.limit);
      // Reading the newest page marks the room read (an empty room is still a visited one).
      if (query.before === undefined) await markRead(db, host.id, memberId, rows[0]?.id ?? '0');
      return {
        host: await hostOut(host),
        list: rows.reverse().map((r) => messageOut(r, host.member_id)),
      };
    },

    async send(brand: Brand, member: Member, body: RouteBody<Routes['chatSend']>) {
      const host = await room(brand.id, body.modelId);
      if (await mutedUntil(String(host.id), member.id)) throw new AppError('chat.muted');
      await deps.throttle.consume(`chat:send:${host.id}:${member.id}`, SEND_RULE);
      // Plain text only: the page shows it as text, never as markup.
      const isHost = String(host.member_id) === String(member.id);
      const row = await postMessage(db, {
        hostId: host.id,
        memberId: member.id,
        sender: isHost ? host.nickname : senderName(member),
        text: body.text,
      });
      await markRead(db, host.id, member.id, row.id);
      const out = messageOut(row, host.member_id);
      deps.hub?.toTopic(brand.id, `chat:${host.id}`, 'chat.message', out);
      return out;
    },

    /** A tip to the host through the ledger (the house's commission kept), once per request id. */
    async tip(brand: Brand, member: Member, body: RouteBody<Routes['chatTip']>) {
      const host = await room(brand.id, body.modelId);
      if (
        String(host.member_id) === String(member.id) ||
        (trialTypes as readonly number[]).includes(member.type)
      )
        throw new AppError('chat.tip_refused');
      const amount = BigInt(body.amount);
      const commission = (amount * BigInt(host.commission_bp)) / 10_000n;
      const done = await ledger.transaction(async (tx) => {
        const from = await ledger.memberAccount(tx, brand.id, member.id, 'main', 'MAIN', brand.currency);
        const to = await ledger.memberAccount(tx, brand.id, host.member_id, 'main', 'MAIN', brand.currency);
        const house = await ledger.systemAccount(tx, brand.id, 'tips_commission', brand.currency);
        const posting = await ledger.post(
          {
            merchantId: brand.id,
            kind: 'TIP',
            idempotencyKey: `tip:${member.id}:${body.requestId}`,
            request: { modelId: body.modelId, amount: body.amount },
            memberId: member.id,
            reference: `chat:${host.id}`,
            entries: [
              { accountId: from.id, amount: -amount },
              { accountId: to.id, amount: amount - commission },
              ...(commission > 0n ? [{ accountId: house, amount: commission }] : []),
            ],
          },
          tx,
        );
        const balance = posting.entries.find((e) => e.accountId === from.id)?.balanceAfter ?? null;
        if (posting.replayed) {
          const tip = await tipByRequest(tx, brand.id, member.id, body.requestId);
          const message = await messageById(tx, tip.message_id!);
          return { message, balance, fresh: false };
        }
        const message = await insertMessage(tx, {
          host_id: host.id,
          member_id: member.id,
          sender: senderName(member),
          kind: 'tip',
          body: '',
          amount,
        });
        await insertTip(tx, {
          merchant_id: brand.id,
          host_id: host.id,
          member_id: member.id,
          request_id: body.requestId,
          amount,
          commission,
          ledger_transaction_id: posting.transactionId,
          message_id: message.id,
        });
        return { message, balance, fresh: true };
      });
      const out = messageOut(done.message, host.member_id);
      if (done.fresh) deps.hub?.toTopic(brand.id, `chat:${host.id}`, 'chat.message', out);
      const balance = done.balance ?? (await mainBalance(db, member.id)).balance;
      return { message: out, balance: String(balance) };
    },

    async moderate(brand: Brand, memberId: string, body: RouteBody<Routes['chatModerate']>) {
      const host = await room(brand.id, body.modelId);
      if (String(host.member_id) !== String(memberId))
        throw new AppError('forbidden', { reason: 'not_host' });
      if (body.action === 'remove') {
        await removeMessage(brand.id, body.messageId, `host:${host.nickname}`, String(host.id));
        return { ok: true as const };
      }
      const target = await memberOfBrand(db, brand.id, body.memberId);
      if (!target) throw new AppError('not.found', { value: body.memberId });
      if (body.action === 'unmute') {
        await deleteMute(db, host.id, target.id);
        return { ok: true as const };
      }
      const until = new Date(Date.now() + body.minutes * minute);
      await upsertMute(db, host.id, target.id, until);
      return { ok: true as const };
    },

    async hostStatus(brand: Brand, memberId: string, status: 'online' | 'offline') {
      const row = await setHostStatus(db, brand.id, memberId, status);
      if (!row) throw new AppError('forbidden', { reason: 'not_host' });
      const out = await hostOut(row);
      deps.hub?.toTopic(brand.id, `chat:${row.id}`, 'chat.host', out);
      return out;
    },

    /** An operator appoints, updates or retires a host (audited). */
    async opsHost(merchantCode: string, body: RouteBody<Routes['opsChatHost']>, actor: string) {
      const brand = await opsBrandOf(deps.brands, merchantCode);
      const member = await memberByAccount(db, brand.id, body.account);
      if (!member) throw new AppError('not.found', { value: body.account });
      const row = await appointHost(db, {
        merchantId: brand.id,
        memberId: member.id,
        nickname: body.nickname,
        bio: body.bio,
        commissionBp: body.commissionPercent * 100,
        active: body.active,
      });
      await writeAudit(db, {
        merchantId: brand.id,
        actor,
        action: 'chat.host',
        target: body.account,
        payload: {
          reason: body.reason,
          nickname: body.nickname,
          bio: body.bio,
          commissionPercent: body.commissionPercent,
          active: body.active,
        },
      });
      return hostOut(row);
    },

    /** An operator removes a message (audited). */
    async opsRemove(merchantCode: string, body: RouteBody<Routes['opsChatModerate']>, actor: string) {
      const brand = await opsBrandOf(deps.brands, merchantCode);
      const row = await removeMessage(brand.id, body.messageId, `operator:${actor}`);
      await writeAudit(db, {
        merchantId: brand.id,
        actor,
        action: 'chat.remove',
        target: `${row.host_id}/${row.id}`,
        payload: { reason: body.reason },
      });
      return { ok: true as const };
    },

    /** Whether a room's topic exists: the brand's active host with that id. */
    async roomExists(merchantId: number, key: string) {
      if (!/^[1-9][0-9]{0,17}$/.test(key)) return false;
      const row = await activeHostId(db, merchantId, key);
      return row !== undefined;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
