import { type PlayerSearchField, type PlayerStatus, isAgentType, playersRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { SessionService } from '../auth/session.service.js';
import type { BrandService } from '../brand/brand.service.js';
import { opsBrandOf } from '../brand/index.js';
import { temporaryPassword } from '../member/member.service.js';
import { writeAudit } from '../operator/operator-audit.js';

/** How many rows of each kind the 360° view reads. */
const RECENT = 30;
const SESSIONS = 50;
const LINKED = 100;

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
/** `like` pattern text with its wildcards taken literally. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type MemberEb = ExpressionBuilder<Database, 'member'>;

/** The search conditions for `q` in one field, or null when the text cannot be that field. */
function condition(
  eb: MemberEb,
  by: Exclude<PlayerSearchField, 'any'>,
  q: string,
): Expression<SqlBool> | null {
  switch (by) {
    case 'account':
      return eb('member.account', 'ilike', `${likeText(q)}%`);
    case 'memberId':
      return /^[1-9][0-9]{0,17}$/.test(q) ? eb('member.id', '=', q) : null;
    case 'mobile': {
      const digits = q.replace(/[\s()+-]/g, '');
      if (!/^[0-9]{3,20}$/.test(digits)) return null;
      return eb(
        sql<string>`coalesce(member.mobile_dialing_code, '') || coalesce(member.mobile_num, '')`,
        'like',
        `%${digits}%`,
      );
    }
    case 'email':
      return eb('member.email', 'ilike', `%${likeText(q)}%`);
    case 'ip':
      if (!/^[0-9a-fA-F:.]{2,45}$/.test(q)) return null;
      return eb.or([
        eb('member.created_ip', '=', q),
        eb('member.last_login_ip', '=', q),
        eb.exists(
          eb
            .selectFrom('member_known_ip as k')
            .select('k.ip')
            .whereRef('k.member_id', '=', 'member.id')
            .where('k.ip', '=', q),
        ),
      ]);
    case 'device':
      return eb.exists(
        eb
          .selectFrom('referral as r')
          .select('r.referee_id')
          .whereRef('r.referee_id', '=', 'member.id')
          .where('r.device_id', '=', q),
      );
  }
}

const fields = ['account', 'memberId', 'mobile', 'email', 'ip', 'device'] as const;

/**
 * The back office's player desk (docs/back-office.md, "Players"): search a brand's members, a
 * member's 360° view, and the manual actions on a member — freeze, close, unfreeze, end a session,
 * reset the password, a note — each with its reason in the operator audit log.
 */
export function createPlayersModule(deps: {
  db: Kysely<Database>;
  brands: BrandService;
  sessions: SessionService;
}) {
  const { db, sessions } = deps;

  /** The brand's member named in an operator path, or 404. */
  async function memberOf(merchantCode: string, account: string) {
    const brand = await opsBrandOf(deps.brands, merchantCode);
    const member = await db
      .selectFrom('member')
      .selectAll()
      .where('merchant_id', '=', brand.id)
      .where('account', '=', account)
      .executeTakeFirst();
    if (!member) throw new AppError('not.found', { account });
    return { brand, member };
  }

  const row = (m: {
    id: string;
    account: string;
    nickname: string | null;
    status: PlayerStatus;
    type: number;
    mobile_dialing_code: string | null;
    mobile_num: string | null;
    email: string | null;
    created_at: Date;
    last_login_at: Date | null;
    last_login_ip: string | null;
  }) => ({
    memberId: String(m.id),
    account: m.account,
    nickname: m.nickname,
    status: m.status,
    agent: isAgentType(m.type),
    mobile: m.mobile_num
      ? `${m.mobile_dialing_code ? `+${m.mobile_dialing_code} ` : ''}${m.mobile_num}`
      : null,
    email: m.email,
    createdAt: iso(m.created_at),
    lastLoginAt: isoOrNull(m.last_login_at),
    lastLoginIp: m.last_login_ip,
  });

  return {
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerRoute(app, hooks, playersRoutes.opsPlayerSearch, async ({ params, query }) => {
        const brand = await opsBrandOf(deps.brands, params.merchantCode);
        const q = query.q ?? '';
        const where = (eb: MemberEb) => {
          const all: Expression<SqlBool>[] = [eb('member.merchant_id', '=', brand.id)];
          if (query.status) all.push(eb('member.status', '=', query.status));
          if (q) {
            const wanted = query.by === 'any' ? fields : [query.by];
            const any = wanted.map((f) => condition(eb, f, q)).filter((c) => c !== null);
            // A text that cannot be the field asked for finds nobody.
            all.push(any.length > 0 ? eb.or(any) : sql<SqlBool>`false`);
          }
          return eb.and(all);
        };
        const { count } = await db
          .selectFrom('member')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where(where)
          .executeTakeFirstOrThrow();
        const totalCount = Number(count);
        const list = await db
          .selectFrom('member')
          .select([
            'id',
            'account',
            'nickname',
            'status',
            'type',
            'mobile_dialing_code',
            'mobile_num',
            'email',
            'created_at',
            'last_login_at',
            'last_login_ip',
          ])
          .where(where)
          .orderBy('id', 'desc')
          .limit(query.pageSize)
          .offset((query.pageNo - 1) * query.pageSize)
          .execute();
        return {
          list: list.map(row),
          pageNo: query.pageNo,
          totalPages: Math.ceil(totalCount / query.pageSize),
          totalCount,
        };
      });

      registerRoute(app, hooks, playersRoutes.opsPlayerDetail, async ({ params }) => {
        const { member: m } = await memberOf(params.merchantCode, params.account);
        const [parent, vip, device, balances, sessionRows, ips] = await Promise.all([
          m.parent_id
            ? db
                .selectFrom('member')
                .select(['id', 'account'])
                .where('id', '=', m.parent_id)
                .executeTakeFirst()
            : undefined,
          db.selectFrom('member_vip').select('level').where('member_id', '=', m.id).executeTakeFirst(),
          db.selectFrom('referral').select('device_id').where('referee_id', '=', m.id).executeTakeFirst(),
          db
            .selectFrom('ledger_account')
            .select(['kind', 'code', 'currency', 'balance'])
            .where('merchant_id', '=', m.merchant_id)
            .where('owner_id', '=', m.id)
            .orderBy('kind')
            .orderBy('code')
            .execute(),
          db
            .selectFrom('session')
            .select([
              'id',
              'login_type',
              'ip',
              'user_agent',
              'created_at',
              'last_seen_at',
              'expires_at',
              'revoked_at',
              'revoke_reason',
            ])
            .where('member_id', '=', m.id)
            .orderBy('id', 'desc')
            .limit(SESSIONS)
            .execute(),
          db
            .selectFrom('member_known_ip')
            .select(['ip', 'first_seen_at', 'last_seen_at'])
            .where('member_id', '=', m.id)
            .orderBy('last_seen_at', 'desc')
            .limit(SESSIONS)
            .execute(),
        ]);
        const now = Date.now();
        return {
          profile: {
            ...row(m),
            type: m.type,
            parent: parent ? { memberId: String(parent.id), account: parent.account } : null,
            vipLevel: vip?.level ?? null,
            registerMethod: m.register_method,
            registerUrl: m.register_url,
            domain: m.domain,
            createdIp: m.created_ip,
            registerDevice: device?.device_id ?? null,
            language: m.language,
            mustChangePassword: m.must_change_password,
            passwordChangedAt: iso(m.password_changed_at),
          },
          balances: balances.map((b) => ({
            kind: b.kind,
            code: b.code,
            currency: b.currency,
            balance: String(b.balance),
          })),
          sessions: sessionRows.map((s) => ({
            id: String(s.id),
            loginType: s.login_type,
            ip: s.ip,
            userAgent: s.user_agent,
            createdAt: iso(s.created_at),
            lastSeenAt: iso(s.last_seen_at),
            expiresAt: iso(s.expires_at),
            live: s.revoked_at === null && new Date(s.expires_at).getTime() > now && m.status === 'active',
            revokedAt: isoOrNull(s.revoked_at),
            revokeReason: s.revoke_reason,
          })),
          knownIps: ips.map((i) => ({
            ip: i.ip,
            firstSeenAt: iso(i.first_seen_at),
            lastSeenAt: iso(i.last_seen_at),
          })),
        };
      });

      registerRoute(app, hooks, playersRoutes.opsPlayerActivity, async ({ params }) => {
        const { member: m } = await memberOf(params.merchantCode, params.account);
        const [ledger, bets, deposits, withdrawals, bonuses] = await Promise.all([
          db
            .selectFrom('ledger_entry as e')
            .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
            .innerJoin('ledger_transaction as t', 't.id', 'e.transaction_id')
            .select([
              'e.id',
              'e.created_at',
              't.kind',
              'a.code',
              'e.amount',
              'e.balance_after',
              't.reference',
            ])
            .where('a.owner_id', '=', m.id)
            .where('a.merchant_id', '=', m.merchant_id)
            .orderBy('e.id', 'desc')
            .limit(RECENT)
            .execute(),
          db
            .selectFrom('bet')
            .select(['id', 'placed_at', 'game_code', 'game_type', 'stake', 'payout', 'status'])
            .where('member_id', '=', m.id)
            .orderBy('placed_at', 'desc')
            .limit(RECENT)
            .execute(),
          db
            .selectFrom('deposit_request')
            .select(['id', 'created_at', 'channel', 'amount', 'status'])
            .where('member_id', '=', m.id)
            .orderBy('id', 'desc')
            .limit(RECENT)
            .execute(),
          db
            .selectFrom('withdraw_request')
            .select(['id', 'created_at', 'amount', 'status'])
            .where('member_id', '=', m.id)
            .orderBy('id', 'desc')
            .limit(RECENT)
            .execute(),
          db
            .selectFrom('bonus_grant')
            .select(['id', 'granted_at', 'promotion_id', 'amount', 'required', 'status'])
            .where('member_id', '=', m.id)
            .orderBy('id', 'desc')
            .limit(RECENT)
            .execute(),
        ]);
        return {
          ledger: ledger.map((l) => ({
            id: String(l.id),
            at: iso(l.created_at),
            kind: l.kind,
            account: l.code,
            amount: String(l.amount),
            balanceAfter: l.balance_after === null ? null : String(l.balance_after),
            reference: l.reference,
          })),
          bets: bets.map((b) => ({
            id: String(b.id),
            placedAt: iso(b.placed_at),
            game: b.game_code,
            gameType: b.game_type,
            stake: String(b.stake),
            payout: String(b.payout),
            status: b.status,
          })),
          deposits: deposits.map((d) => ({
            id: String(d.id),
            at: iso(d.created_at),
            channel: d.channel,
            amount: String(d.amount),
            status: d.status,
          })),
          withdrawals: withdrawals.map((w) => ({
            id: String(w.id),
            at: iso(w.created_at),
            amount: String(w.amount),
            status: w.status,
          })),
          bonuses: bonuses.map((b) => ({
            id: String(b.id),
            at: iso(b.granted_at),
            promotionId: String(b.promotion_id),
            amount: String(b.amount),
            required: String(b.required),
            status: b.status,
          })),
        };
      });

      registerRoute(app, hooks, playersRoutes.opsPlayerLinked, async ({ params }) => {
        const { brand, member: m } = await memberOf(params.merchantCode, params.account);
        const { rows } = await sql<{
          id: string;
          account: string;
          status: PlayerStatus;
          created_at: Date;
          shared: { kind: 'ip' | 'device'; value: string }[] | string;
        }>`
          with ips as (
            select created_ip as ip from member where id = ${m.id} and created_ip is not null
            union select ip from member_known_ip where member_id = ${m.id}
          ), devices as (
            select device_id from referral where referee_id = ${m.id} and device_id is not null
          ), hits as (
            select o.id, 'ip' as kind, o.created_ip as value
              from member o join ips on ips.ip = o.created_ip
             where o.merchant_id = ${brand.id} and o.id <> ${m.id}
            union
            select k.member_id, 'ip', k.ip
              from member_known_ip k join ips on ips.ip = k.ip
              join member o on o.id = k.member_id
             where o.merchant_id = ${brand.id} and o.id <> ${m.id}
            union
            select r.referee_id, 'device', r.device_id
              from referral r join devices d on d.device_id = r.device_id
             where r.merchant_id = ${brand.id} and r.referee_id <> ${m.id}
          )
          select o.id::text as id, o.account, o.status, o.created_at,
                 json_agg(json_build_object('kind', h.kind, 'value', h.value) order by h.kind, h.value) as shared
            from hits h join member o on o.id = h.id
           group by o.id
           order by o.id desc
           limit ${LINKED}`.execute(db);
        return {
          list: rows.map((r) => ({
            memberId: r.id,
            account: r.account,
            status: r.status,
            createdAt: iso(r.created_at),
            shared: typeof r.shared === 'string' ? JSON.parse(r.shared) : r.shared,
          })),
        };
      });

      registerRoute(app, hooks, playersRoutes.opsPlayerStatus, async ({ params, body, operator }) => {
        const { brand, member: m } = await memberOf(params.merchantCode, params.account);
        const from: Record<typeof body.action, PlayerStatus[]> = {
          freeze: ['active'],
          unfreeze: ['frozen'],
          close: ['active', 'frozen'],
        };
        const to: Record<typeof body.action, PlayerStatus> = {
          freeze: 'frozen',
          unfreeze: 'active',
          close: 'closed',
        };
        const status = to[body.action];
        await db.transaction().execute(async (tx) => {
          // The status is changed only from the one it was read in (two operators at once: one wins).
          const changed = await tx
            .updateTable('member')
            .set({ status })
            .where('id', '=', m.id)
            .where('status', 'in', from[body.action])
            .executeTakeFirst();
          if (changed.numUpdatedRows === 0n) throw new AppError('player.status', { status: m.status });
          await writeAudit(tx, {
            merchantId: brand.id,
            actor: operator!.actor,
            action: `player.${body.action}`,
            target: m.account,
            payload: { account: m.account, from: m.status, to: status, reason: body.reason },
          });
        });
        // A frozen or closed member is refused on its next request already (the status is read
        // with the token); ending the sessions also closes the open site's socket at once.
        const before = await liveSessions(m.id);
        if (status !== 'active') await sessions.revokeAllForMember(m.id, 'frozen');
        return { status, sessionsEnded: status === 'active' ? 0 : before };
      });

      registerRoute(app, hooks, playersRoutes.opsPlayerSessionEnd, async ({ params, body, operator }) => {
        const { brand, member: m } = await memberOf(params.merchantCode, params.account);
        const s = await db
          .selectFrom('session')
          .select(['id', 'revoked_at', 'expires_at'])
          .where('id', '=', params.sessionId)
          .where('member_id', '=', m.id)
          .executeTakeFirst();
        if (!s) throw new AppError('not.found', { session: params.sessionId });
        if (s.revoked_at !== null || new Date(s.expires_at).getTime() <= Date.now())
          throw new AppError('request.state');
        await writeAudit(db, {
          merchantId: brand.id,
          actor: operator!.actor,
          action: 'player.session_end',
          target: m.account,
          payload: { account: m.account, session: String(s.id), reason: body.reason },
        });
        await sessions.revoke(String(s.id), 'revoked');
        return { ended: true as const };
      });

      registerRoute(app, hooks, playersRoutes.opsPlayerPasswordReset, async ({ params, body, operator }) => {
        const { brand, member: m } = await memberOf(params.merchantCode, params.account);
        if (m.status === 'closed') throw new AppError('player.status', { status: m.status });
        const password = temporaryPassword();
        const hash = await hashPassword(password);
        await db.transaction().execute(async (tx) => {
          await tx
            .updateTable('member')
            .set({ password_hash: hash, password_changed_at: new Date(), must_change_password: true })
            .where('id', '=', m.id)
            .execute();
          await writeAudit(tx, {
            merchantId: brand.id,
            actor: operator!.actor,
            action: 'player.password_reset',
            target: m.account,
            payload: { account: m.account, reason: body.reason },
          });
        });
        const before = await liveSessions(m.id);
        await sessions.revokeAllForMember(m.id, 'password_reset');
        return { temporaryPassword: password, sessionsEnded: before };
      });

      registerRoute(app, hooks, playersRoutes.opsPlayerNotes, async ({ params }) => {
        const { member: m } = await memberOf(params.merchantCode, params.account);
        const rows = await db
          .selectFrom('member_note')
          .select(['id', 'author', 'text', 'created_at'])
          .where('member_id', '=', m.id)
          .where('merchant_id', '=', m.merchant_id)
          .orderBy('id', 'desc')
          .limit(200)
          .execute();
        return { list: rows.map(note) };
      });

      registerRoute(app, hooks, playersRoutes.opsPlayerNoteAdd, async ({ params, body, operator }) => {
        const { brand, member: m } = await memberOf(params.merchantCode, params.account);
        const inserted = await db.transaction().execute(async (tx) => {
          const n = await tx
            .insertInto('member_note')
            .values({ merchant_id: brand.id, member_id: m.id, author: operator!.actor, text: body.text })
            .returning(['id', 'author', 'text', 'created_at'])
            .executeTakeFirstOrThrow();
          await writeAudit(tx, {
            merchantId: brand.id,
            actor: operator!.actor,
            action: 'player.note',
            target: m.account,
            payload: { account: m.account, reason: body.text },
          });
          return n;
        });
        return note(inserted);
      });
    },
  };

  async function liveSessions(memberId: string) {
    const { count } = await db
      .selectFrom('session')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirstOrThrow();
    return Number(count);
  }
}

const note = (n: { id: string; author: string; text: string; created_at: Date }) => ({
  id: String(n.id),
  author: n.author,
  text: n.text,
  createdAt: iso(n.created_at),
});

export type PlayersModule = ReturnType<typeof createPlayersModule>;
