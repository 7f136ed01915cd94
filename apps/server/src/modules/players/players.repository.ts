import type { PlayerSearchField, PlayerStatus } from '@arcadia/contract';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  type Transaction,
  sql,
} from 'kysely';
import type { Database } from '../../db/schema.js';

/** How many rows of each kind the 360° view reads. */
const RECENT = 30;
const SESSIONS = 50;
const LINKED = 100;

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
 * The player desk's queries (docs/back-office.md, "Players"): the search, the 360° view's reads,
 * linked accounts, status and password changes, notes. The service keeps the transactions.
 */
export function createPlayersRepository(db: Kysely<Database>) {
  return {
    /** A page of the brand's members matching the search, and how many match in all. */
    async search(
      merchantId: number,
      query: {
        q: string;
        by: PlayerSearchField;
        status?: PlayerStatus;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const q = query.q;
      const where = (eb: MemberEb) => {
        const all: Expression<SqlBool>[] = [eb('member.merchant_id', '=', merchantId)];
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
      return { count, list };
    },

    /** The brand's member with this account, if any. */
    memberByAccount(merchantId: number, account: string) {
      return db
        .selectFrom('member')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('account', '=', account)
        .executeTakeFirst();
    },

    /** The 360° view's reads, side by side: parent, VIP level, device, balances, sessions, known IPs. */
    profileParts(m: { id: string; parent_id: string | null; merchant_id: number }) {
      return Promise.all([
        m.parent_id
          ? db.selectFrom('member').select(['id', 'account']).where('id', '=', m.parent_id).executeTakeFirst()
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
      ] as const);
    },

    /** The member's recent activity, side by side: ledger entries, bets, deposits, withdrawals, bonuses. */
    activity(m: { id: string; merchant_id: number }) {
      return Promise.all([
        db
          .selectFrom('ledger_entry as e')
          .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
          .innerJoin('ledger_transaction as t', 't.id', 'e.transaction_id')
          .select(['e.id', 'e.created_at', 't.kind', 'a.code', 'e.amount', 'e.balance_after', 't.reference'])
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
      ] as const);
    },

    /** Other members of the brand sharing an IP or a device with this one, newest first. */
    linked(merchantId: number, memberId: string) {
      return sql<{
        id: string;
        account: string;
        status: PlayerStatus;
        created_at: Date;
        shared: { kind: 'ip' | 'device'; value: string }[] | string;
      }>`
          with ips as (
            select created_ip as ip from member where id = ${memberId} and created_ip is not null
            union select ip from member_known_ip where member_id = ${memberId}
          ), devices as (
            select device_id from referral where referee_id = ${memberId} and device_id is not null
          ), hits as (
            select o.id, 'ip' as kind, o.created_ip as value
              from member o join ips on ips.ip = o.created_ip
             where o.merchant_id = ${merchantId} and o.id <> ${memberId}
            union
            select k.member_id, 'ip', k.ip
              from member_known_ip k join ips on ips.ip = k.ip
              join member o on o.id = k.member_id
             where o.merchant_id = ${merchantId} and o.id <> ${memberId}
            union
            select r.referee_id, 'device', r.device_id
              from referral r join devices d on d.device_id = r.device_id
             where r.merchant_id = ${merchantId} and r.referee_id <> ${memberId}
          )
          select o.id::text as id, o.account, o.status, o.created_at,
                 json_agg(json_build_object('kind', h.kind, 'value', h.value) order by h.kind, h.value) as shared
            from hits h join member o on o.id = h.id
           group by o.id
           order by o.id desc
           limit ${LINKED}`.execute(db);
    },

    /** Changes the status only from one of `from` (two operators at once: one wins). */
    setStatus(tx: Transaction<Database>, memberId: string, from: PlayerStatus[], status: PlayerStatus) {
      return tx
        .updateTable('member')
        .set({ status })
        .where('id', '=', memberId)
        .where('status', 'in', from)
        .executeTakeFirst();
    },

    /** A temporary password the member must change at the next login. */
    setTemporaryPassword(tx: Transaction<Database>, memberId: string, hash: string) {
      return tx
        .updateTable('member')
        .set({ password_hash: hash, password_changed_at: new Date(), must_change_password: true })
        .where('id', '=', memberId)
        .execute();
    },

    /** The member's session with this id. */
    session(memberId: string, sessionId: string) {
      return db
        .selectFrom('session')
        .select(['id', 'revoked_at', 'expires_at'])
        .where('id', '=', sessionId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    /** How many of the member's sessions are live. */
    async liveSessions(memberId: string) {
      const { count } = await db
        .selectFrom('session')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    notes(merchantId: number, memberId: string) {
      return db
        .selectFrom('member_note')
        .select(['id', 'author', 'text', 'created_at'])
        .where('member_id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
    },

    insertNote(
      tx: Transaction<Database>,
      merchantId: number,
      memberId: string,
      author: string,
      text: string,
    ) {
      return tx
        .insertInto('member_note')
        .values({ merchant_id: merchantId, member_id: memberId, author, text })
        .returning(['id', 'author', 'text', 'created_at'])
        .executeTakeFirstOrThrow();
    },
  };
}

export type PlayersRepository = ReturnType<typeof createPlayersRepository>;
