import { type ChatHost, type ChatMessage, chatRoutes, trialTypes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ChatHostTable, ChatMessageTable, Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { BrandService } from '../brand/brand.service.js';
import { opsBrandOf } from '../brand/index.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { writeAudit } from '../operator/operator-audit.js';
import type { RealtimeHub } from '../realtime/index.js';
import { maskAccount } from '../records/records.service.js';
import type { ThrottleService } from '../throttle/throttle.service.js';

type HostRow = Selectable<ChatHostTable>;
type MessageRow = Selectable<ChatMessageTable>;

const minute = 60_000;
/** Messages a member may send to one room per minute. */
const SEND_RULE = { limit: 20, windowMs: minute, blockMs: 0 };
/** Viewers are counted at most this often per room (the count asks every instance). */
const VIEWERS_TTL_MS = 10_000;

const iso = (d: Date | string) => new Date(d).toISOString();

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
  return db
    .insertInto('chat_host')
    .values({ merchant_id: h.merchantId, member_id: h.memberId, ...values })
    .onConflict((oc) => oc.columns(['merchant_id', 'member_id']).doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A host goes online or offline; null when the member is not an active host of the brand. */
export async function setHostStatus(
  db: Kysely<Database>,
  merchantId: number,
  memberId: string,
  status: 'online' | 'offline',
): Promise<HostRow | null> {
  const row = await db
    .updateTable('chat_host')
    .set({ status })
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('active', '=', true)
    .returningAll()
    .executeTakeFirst();
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
  return db
    .insertInto('chat_message')
    .values({ host_id: m.hostId, member_id: m.memberId, sender: m.sender, body: text })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Live chat rooms with hosts (docs/chat.md): the model list, the room's messages and tips, the
 * host's moderation and status, and the operators' appointments — with `chat.*` events on the
 * public topic `chat:<modelId>`.
 */
export function createChatModule(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  throttle: ThrottleService;
  brands: BrandService;
  hub: () => RealtimeHub | undefined;
}) {
  const { db, ledger } = deps;
  const viewers = new Map<string, { n: number; until: number }>();

  async function viewersOf(merchantId: number, hostId: string): Promise<number> {
    const key = `${merchantId}:${hostId}`;
    const hit = viewers.get(key);
    if (hit && hit.until > Date.now()) return hit.n;
    const hub = deps.hub();
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
    const row = await db
      .selectFrom('chat_host')
      .selectAll()
      .where('id', '=', modelId)
      .where('merchant_id', '=', merchantId)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!row) throw new AppError('chat.room_unknown', { modelId });
    return row;
  }

  async function mutedUntil(hostId: string, memberId: string): Promise<Date | null> {
    const row = await db
      .selectFrom('chat_mute')
      .select('until')
      .where('host_id', '=', hostId)
      .where('member_id', '=', memberId)
      .where('until', '>', new Date())
      .executeTakeFirst();
    return row ? new Date(row.until) : null;
  }

  /** The last message a member has seen in a room (only ever moves forward). */
  async function markRead(hostId: string, memberId: string, messageId: string) {
    await db
      .insertInto('chat_read')
      .values({ host_id: hostId, member_id: memberId, last_message_id: messageId })
      .onConflict((oc) =>
        oc.columns(['member_id', 'host_id']).doUpdateSet({
          last_message_id: sql`greatest(chat_read.last_message_id, excluded.last_message_id)`,
        }),
      )
      .execute();
  }

  const senderName = (m: { nickname: string | null; account: string }) =>
    m.nickname || maskAccount(m.account);

  async function removeMessage(merchantId: number, messageId: string, by: string, hostId?: string) {
    const row = await db
      .updateTable('chat_message')
      .set({ removed_at: new Date(), removed_by: by })
      .where('id', '=', messageId)
      .where('removed_at', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('chat_host as h')
            .select('h.id')
            .whereRef('h.id', '=', 'chat_message.host_id')
            .where('h.merchant_id', '=', merchantId),
        ),
      )
      .$if(hostId !== undefined, (q) => q.where('host_id', '=', hostId!))
      .returning(['id', 'host_id'])
      .executeTakeFirst();
    if (!row) throw new AppError('not.found', { value: messageId });
    deps.hub()?.toTopic(merchantId, `chat:${row.host_id}`, 'chat.removed', {
      modelId: String(row.host_id),
      messageId: String(row.id),
    });
    return row;
  }

  return {
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerRoute(app, hooks, chatRoutes.chatModelList, async ({ brand }) => {
        const rows = await db
          .selectFrom('chat_host')
          .selectAll()
          .where('merchant_id', '=', brand.id)
          .where('active', '=', true)
          .orderBy(sql`status = 'online'`, 'desc')
          .orderBy('id')
          .execute();
        return { list: await Promise.all(rows.map(hostOut)) };
      });

      registerRoute(app, hooks, chatRoutes.chatLaunch, async ({ brand, query }) => {
        const host = await room(brand.id, query.modelId);
        return { chatUrl: `/chatRoom/${host.id}` };
      });

      registerRoute(app, hooks, chatRoutes.chatUnread, async ({ brand, session }) => {
        const { rows } = await sql<{ host_id: string; unread: string }>`
          select r.host_id, (select count(*) from chat_message m
                             where m.host_id = r.host_id and m.id > r.last_message_id
                               and m.removed_at is null and m.member_id <> r.member_id) as unread
          from chat_read r join chat_host h on h.id = r.host_id
          where r.member_id = ${session!.member.id} and h.merchant_id = ${brand.id} and h.active`.execute(db);
        const rooms = rows.map((r) => ({ modelId: String(r.host_id), unread: Number(r.unread) }));
        return { total: rooms.reduce((a, r) => a + r.unread, 0), rooms };
      });

      registerRoute(app, hooks, chatRoutes.chatPermission, async ({ brand, session, query }) => {
        const host = await room(brand.id, query.modelId);
        const member = session!.member;
        const muted = await mutedUntil(String(host.id), member.id);
        const isHost = String(host.member_id) === String(member.id);
        return {
          canChat: muted === null,
          canTip: !isHost && !(trialTypes as readonly number[]).includes(member.type),
          canModerate: isHost,
          mutedUntil: muted ? muted.toISOString() : null,
        };
      });

      registerRoute(app, hooks, chatRoutes.chatMessages, async ({ brand, session, query }) => {
        const host = await room(brand.id, query.modelId);
        const rows = await db
          .selectFrom('chat_message')
          .selectAll()
          .where('host_id', '=', host.id)
          .where('removed_at', 'is', null)
          .$if(query.before !== undefined, (q) => q.where('id', '<', query.before!))
          .orderBy('id', 'desc')
          .limit(query.limit)
          .execute();
        // Reading the newest page marks the room read (an empty room is still a visited one).
        if (query.before === undefined) await markRead(host.id, session!.member.id, rows[0]?.id ?? '0');
        return {
          host: await hostOut(host),
          list: rows.reverse().map((r) => messageOut(r, host.member_id)),
        };
      });

      registerRoute(app, hooks, chatRoutes.chatSend, async ({ brand, session, body }) => {
        const host = await room(brand.id, body.modelId);
        const member = session!.member;
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
        await markRead(host.id, member.id, row.id);
        const out = messageOut(row, host.member_id);
        deps.hub()?.toTopic(brand.id, `chat:${host.id}`, 'chat.message', out);
        return out;
      });

      registerRoute(app, hooks, chatRoutes.chatTip, async ({ brand, session, body }) => {
        const host = await room(brand.id, body.modelId);
        const member = session!.member;
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
            const tip = await tx
              .selectFrom('chat_tip')
              .select('message_id')
              .where('merchant_id', '=', brand.id)
              .where('member_id', '=', member.id)
              .where('request_id', '=', body.requestId)
              .executeTakeFirstOrThrow();
            const message = await tx
              .selectFrom('chat_message')
              .selectAll()
              .where('id', '=', tip.message_id!)
              .executeTakeFirstOrThrow();
            return { message, balance, fresh: false };
          }
          const message = await tx
            .insertInto('chat_message')
            .values({
              host_id: host.id,
              member_id: member.id,
              sender: senderName(member),
              kind: 'tip',
              body: '',
              amount,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await tx
            .insertInto('chat_tip')
            .values({
              merchant_id: brand.id,
              host_id: host.id,
              member_id: member.id,
              request_id: body.requestId,
              amount,
              commission,
              ledger_transaction_id: posting.transactionId,
              message_id: message.id,
            })
            .execute();
          return { message, balance, fresh: true };
        });
        const out = messageOut(done.message, host.member_id);
        if (done.fresh) deps.hub()?.toTopic(brand.id, `chat:${host.id}`, 'chat.message', out);
        const balance =
          done.balance ??
          (
            await db
              .selectFrom('ledger_account')
              .select('balance')
              .where('owner_id', '=', member.id)
              .where('kind', '=', 'main')
              .where('code', '=', 'MAIN')
              .executeTakeFirstOrThrow()
          ).balance;
        return { message: out, balance: String(balance) };
      });

      registerRoute(app, hooks, chatRoutes.chatModerate, async ({ brand, session, body }) => {
        const host = await room(brand.id, body.modelId);
        if (String(host.member_id) !== String(session!.member.id))
          throw new AppError('forbidden', { reason: 'not_host' });
        if (body.action === 'remove') {
          await removeMessage(brand.id, body.messageId, `host:${host.nickname}`, String(host.id));
          return { ok: true as const };
        }
        const target = await db
          .selectFrom('member')
          .select('id')
          .where('id', '=', body.memberId)
          .where('merchant_id', '=', brand.id)
          .executeTakeFirst();
        if (!target) throw new AppError('not.found', { value: body.memberId });
        if (body.action === 'unmute') {
          await db
            .deleteFrom('chat_mute')
            .where('host_id', '=', host.id)
            .where('member_id', '=', target.id)
            .execute();
          return { ok: true as const };
        }
        const until = new Date(Date.now() + body.minutes * minute);
        await db
          .insertInto('chat_mute')
          .values({ host_id: host.id, member_id: target.id, until })
          .onConflict((oc) => oc.columns(['host_id', 'member_id']).doUpdateSet({ until }))
          .execute();
        return { ok: true as const };
      });

      registerRoute(app, hooks, chatRoutes.chatHostStatus, async ({ brand, session, body }) => {
        const row = await setHostStatus(db, brand.id, session!.member.id, body.status);
        if (!row) throw new AppError('forbidden', { reason: 'not_host' });
        const out = await hostOut(row);
        deps.hub()?.toTopic(brand.id, `chat:${row.id}`, 'chat.host', out);
        return out;
      });

      registerRoute(app, hooks, chatRoutes.opsChatHost, async ({ params, body, operator }) => {
        const brand = await opsBrandOf(deps.brands, params.merchantCode);
        const member = await db
          .selectFrom('member')
          .select('id')
          .where('merchant_id', '=', brand.id)
          .where('account', '=', body.account)
          .executeTakeFirst();
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
          actor: operator!.username,
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
      });

      registerRoute(app, hooks, chatRoutes.opsChatModerate, async ({ params, body, operator }) => {
        const brand = await opsBrandOf(deps.brands, params.merchantCode);
        const row = await removeMessage(brand.id, body.messageId, `operator:${operator!.username}`);
        await writeAudit(db, {
          merchantId: brand.id,
          actor: operator!.username,
          action: 'chat.remove',
          target: `${row.host_id}/${row.id}`,
          payload: { reason: body.reason },
        });
        return { ok: true as const };
      });

      // Anyone may watch a room of the brand: the topic exists when the host does.
      deps.hub()?.openTopics('chat', async (identity, key) => {
        if (!/^[1-9][0-9]{0,17}$/.test(key)) return false;
        const row = await db
          .selectFrom('chat_host')
          .select('id')
          .where('id', '=', key)
          .where('merchant_id', '=', identity.merchantId)
          .where('active', '=', true)
          .executeTakeFirst();
        return row !== undefined;
      });
    },
  };
}
