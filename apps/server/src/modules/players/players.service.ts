import {
  type PlayerStatus,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type Routes,
  isAgentType,
} from '@arcadia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import type { SessionService } from '../auth/index.js';
import { type BrandService, opsBrandOf } from '../brand/index.js';
import { temporaryPassword } from '../member/index.js';
import { writeAudit } from '../operator/index.js';
import type { PlayersRepository } from './players.repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

type MemberPath = RouteParams<Routes['opsPlayerDetail']>;

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
  mobile: m.mobile_num ? `${m.mobile_dialing_code ? `+${m.mobile_dialing_code} ` : ''}${m.mobile_num}` : null,
  email: m.email,
  createdAt: iso(m.created_at),
  lastLoginAt: isoOrNull(m.last_login_at),
  lastLoginIp: m.last_login_ip,
});

const note = (n: { id: string; author: string; text: string; created_at: Date }) => ({
  id: String(n.id),
  author: n.author,
  text: n.text,
  createdAt: iso(n.created_at),
});

/**
 * The back office's player desk (docs/back-office.md, "Players"): search a brand's members, a
 * member's 360° view, and the manual actions on a member — freeze, close, unfreeze, end a session,
 * reset the password, a note — each with its reason in the operator audit log.
 */
export function createPlayersService(deps: {
  db: Kysely<Database>;
  repository: PlayersRepository;
  brands: BrandService;
  sessions: SessionService;
}) {
  const { db, repository, sessions } = deps;

  /** The brand's member named in an operator path, or 404. */
  async function memberOf(merchantCode: string, account: string) {
    const brand = await opsBrandOf(deps.brands, merchantCode);
    const member = await repository.memberByAccount(brand.id, account);
    if (!member) throw new AppError('not.found', { account });
    return { brand, member };
  }

  return {
    async search(merchantCode: string, query: RouteQuery<Routes['opsPlayerSearch']>) {
      const brand = await opsBrandOf(deps.brands, merchantCode);
      const { count, list } = await repository.search(brand.id, { ...query, q: query.q ?? '' });
      const totalCount = Number(count);
      return {
        list: list.map(row),
        pageNo: query.pageNo,
        totalPages: Math.ceil(totalCount / query.pageSize),
        totalCount,
      };
    },

    async detail(params: MemberPath) {
      const { member: m } = await memberOf(params.merchantCode, params.account);
      const [parent, vip, device, balances, sessionRows, ips] = await repository.profileParts(m);
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
    },

    async activity(params: MemberPath) {
      const { member: m } = await memberOf(params.merchantCode, params.account);
      const [ledger, bets, deposits, withdrawals, bonuses] = await repository.activity(m);
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
    },

    async linked(params: MemberPath) {
      const { brand, member: m } = await memberOf(params.merchantCode, params.account);
      const { rows } = await repository.linked(brand.id, m.id);
      return {
        list: rows.map((r) => ({
          memberId: r.id,
          account: r.account,
          status: r.status,
          createdAt: iso(r.created_at),
          shared: typeof r.shared === 'string' ? JSON.parse(r.shared) : r.shared,
        })),
      };
    },

    /** Freeze, unfreeze or close (audited); a frozen or closed member's sessions end. */
    async setStatus(params: MemberPath, body: RouteBody<Routes['opsPlayerStatus']>, actor: string) {
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
        const changed = await repository.setStatus(tx, m.id, from[body.action], status);
        if (changed.numUpdatedRows === 0n) throw new AppError('player.status', { status: m.status });
        await writeAudit(tx, {
          merchantId: brand.id,
          actor,
          action: `player.${body.action}`,
          target: m.account,
          payload: { account: m.account, from: m.status, to: status, reason: body.reason },
        });
      });
      // A frozen or closed member is refused on its next request already (the status is read
      // with the token); ending the sessions also closes the open site's socket at once.
      const before = await repository.liveSessions(m.id);
      if (status !== 'active') await sessions.revokeAllForMember(m.id, 'frozen');
      return { status, sessionsEnded: status === 'active' ? 0 : before };
    },

    async endSession(
      params: RouteParams<Routes['opsPlayerSessionEnd']>,
      body: RouteBody<Routes['opsPlayerSessionEnd']>,
      actor: string,
    ) {
      const { brand, member: m } = await memberOf(params.merchantCode, params.account);
      const s = await repository.session(m.id, params.sessionId);
      if (!s) throw new AppError('not.found', { session: params.sessionId });
      if (s.revoked_at !== null || new Date(s.expires_at).getTime() <= Date.now())
        throw new AppError('request.state');
      await writeAudit(db, {
        merchantId: brand.id,
        actor,
        action: 'player.session_end',
        target: m.account,
        payload: { account: m.account, session: String(s.id), reason: body.reason },
      });
      await sessions.revoke(String(s.id), 'revoked');
      return { ended: true as const };
    },

    async resetPassword(
      params: MemberPath,
      body: RouteBody<Routes['opsPlayerPasswordReset']>,
      actor: string,
    ) {
      const { brand, member: m } = await memberOf(params.merchantCode, params.account);
      if (m.status === 'closed') throw new AppError('player.status', { status: m.status });
      const password = temporaryPassword();
      const hash = await hashPassword(password);
      await db.transaction().execute(async (tx) => {
        await repository.setTemporaryPassword(tx, m.id, hash);
        await writeAudit(tx, {
          merchantId: brand.id,
          actor,
          action: 'player.password_reset',
          target: m.account,
          payload: { account: m.account, reason: body.reason },
        });
      });
      const before = await repository.liveSessions(m.id);
      await sessions.revokeAllForMember(m.id, 'password_reset');
      return { temporaryPassword: password, sessionsEnded: before };
    },

    async notes(params: MemberPath) {
      const { member: m } = await memberOf(params.merchantCode, params.account);
      const rows = await repository.notes(m.merchant_id, m.id);
      return { list: rows.map(note) };
    },

    async addNote(params: MemberPath, text: string, actor: string) {
      const { brand, member: m } = await memberOf(params.merchantCode, params.account);
      const inserted = await db.transaction().execute(async (tx) => {
        const n = await repository.insertNote(tx, brand.id, m.id, actor, text);
        await writeAudit(tx, {
          merchantId: brand.id,
          actor,
          action: 'player.note',
          target: m.account,
          payload: { account: m.account, reason: text },
        });
        return n;
      });
      return note(inserted);
    },
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
