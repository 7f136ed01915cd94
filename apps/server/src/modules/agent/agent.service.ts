import { randomInt } from 'node:crypto';
import { type AffiliateCode, type Downline, checkRegisterField } from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';
import { toMajor } from '../../lib/money.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/index.js';
import { isUniqueViolation, type MemberService } from '../member/member.service.js';
import type { WalletService } from '../wallet/index.js';
import type { AffiliateRepository } from './agent.affiliates.repository.js';
import type { AgentAnnouncementRepository } from './agent.announcements.repository.js';
import { agentSettings, pageOf, paging } from './agent.periods.js';
import { createAgentReports } from './agent.reports.service.js';
import type { AgentRepository, DownlineRow, DownlineSort } from './agent.repository.js';

export type Member = AuthedSession['member'];

export { agentSettings, daysBetween, periodRange, resolveRange, utcToday } from './agent.periods.js';

/** Code alphabet without look-alikes (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function newAffiliateCode(): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/**
 * The agent centre: an agent's register settings and invitation links, its team
 * (downlines, transfers to them) and announcements; the team reports come from
 * `agent.reports.service.ts`.
 */
export function createAgentService(deps: {
  repository: AgentRepository;
  affiliates: AffiliateRepository;
  announcements: AgentAnnouncementRepository;
  members: MemberService;
  wallet: WalletService;
}) {
  const { repository, affiliates, announcements, members, wallet } = deps;

  const major = (brand: Brand, minor: string | bigint) => toMajor(minor, brand.currencyScale);

  /** Only agents reach the agent centre. */
  function assertAgent(brand: Brand, member: Member) {
    if (!brand.settings.agentTypes.includes(member.type)) throw new AppError('error_not_agent');
  }

  /** The member behind an id if it is in the caller's team (the caller included), else 404. */
  async function inTeam(brand: Brand, agent: Member, memberId: string) {
    const found = await repository.teamMember(brand.id, agent.id, memberId);
    if (!found) throw new AppError('not.found', { memberId });
    return found;
  }

  /** The report's root: the caller, or a member of its team. */
  async function rootOf(brand: Brand, agent: Member, rootId: string | undefined) {
    if (!rootId || rootId === agent.id) return { id: agent.id, account: agent.account };
    const found = await inTeam(brand, agent, rootId);
    return { id: found.id, account: found.account };
  }

  function downline(brand: Brand, r: DownlineRow): Downline {
    return {
      id: r.id,
      account: r.account,
      nickname: r.nickname,
      type: r.type,
      isAgent: brand.settings.agentTypes.includes(r.type),
      level: r.level,
      parent: r.parent_id && r.parent_account ? { id: r.parent_id, account: r.parent_account } : null,
      status: r.status,
      registeredAt: new Date(r.created_at).toISOString(),
      lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
      balance: major(brand, r.balance),
      teamSize: Number(r.team_size),
      directCount: Number(r.direct_count),
    };
  }

  async function downlineDetail(brand: Brand, agent: Member, memberId: string): Promise<Downline> {
    const rows = await repository.downlines(brand.id, agent.id, {
      direct: false,
      onlyId: memberId,
      agentTypes: brand.settings.agentTypes,
      sortBy: 'registeredAt',
      sortOrder: 'desc',
      limit: 1,
      offset: 0,
    });
    if (!rows[0]) throw new AppError('not.found', { memberId });
    return downline(brand, rows[0]);
  }

  function creatableTypes(brand: Brand, member: Member): number[] {
    return agentSettings(brand).createTypes[String(member.type)] ?? [];
  }

  function affiliate(r: {
    id: string;
    code: string;
    member_type: number;
    usage_count: number;
    enabled: boolean;
    created_at: Date;
  }): AffiliateCode {
    return {
      id: r.id,
      code: r.code,
      memberType: r.member_type,
      usageCount: r.usage_count,
      enabled: r.enabled,
      createdAt: new Date(r.created_at).toISOString(),
    };
  }

  return {
    assertAgent,

    registerSettings(brand: Brand, agent: Member) {
      assertAgent(brand, agent);
      return {
        creatableTypes: creatableTypes(brand, agent),
        agentTypes: brand.settings.agentTypes,
        maxAffiliateCodes: agentSettings(brand).maxAffiliateCodes,
        canCreateDirectly: brand.modules.AGEREGDOWN3 !== false,
        canCreateLinks: brand.modules.CREATEAFF3 !== false,
        registerPath: '/register',
      };
    },

    /** A direct downline created by the agent, within the types its own type may create. */
    async createDownline(
      brand: Brand,
      agent: Member,
      body: {
        account: string;
        password: string;
        confirmPassword: string;
        nickname?: string | undefined;
        type: number;
      },
      ip: string,
    ): Promise<Downline> {
      assertAgent(brand, agent);
      if (!creatableTypes(brand, agent).includes(body.type)) {
        throw new AppError('agent.type.not.allowed', { fields: { type: 'not allowed' } });
      }
      const reason = checkRegisterField({ ...brand.registerRules.username, required: true }, body.account);
      if (reason) throw new AppError('request_param_err', { fields: { account: reason } });
      members.checkPassword(brand, body.password);
      if (body.password !== body.confirmPassword) {
        throw new AppError('password.confirmation', { fields: { confirmPassword: 'mismatch' } });
      }
      let id: string;
      try {
        id = await members.create({
          merchantId: brand.id,
          account: body.account,
          password: body.password,
          type: body.type,
          nickname: body.nickname ?? null,
          parentId: agent.id,
          registerMethod: 'AGENT',
          ip,
        });
      } catch (err) {
        if (isUniqueViolation(err, 'member_account_uq'))
          throw new AppError('account.exists', { fields: { account: 'taken' } });
        throw err;
      }
      return downlineDetail(brand, agent, id);
    },

    async affiliateList(brand: Brand, agent: Member, q: { pageNo: number; pageSize: number }) {
      assertAgent(brand, agent);
      const { total, rows } = await affiliates.page(brand.id, agent.id, q);
      return pageOf(rows.map(affiliate), total, q);
    },

    async affiliateCreate(
      brand: Brand,
      agent: Member,
      body: { memberType: number; code?: string | undefined },
    ) {
      assertAgent(brand, agent);
      if (!creatableTypes(brand, agent).includes(body.memberType)) {
        throw new AppError('agent.type.not.allowed', { fields: { memberType: 'not allowed' } });
      }
      const max = agentSettings(brand).maxAffiliateCodes;
      const n = await affiliates.count(brand.id, agent.id);
      if (n >= max) throw new AppError('affiliate.limit', { max });
      // A chosen code that is taken is the caller's to change; a generated one is retried.
      for (let attempt = 0; ; attempt++) {
        const code = body.code ?? newAffiliateCode();
        try {
          const row = await affiliates.insert(brand.id, agent.id, code, body.memberType);
          return affiliate(row);
        } catch (err) {
          if (!isUniqueViolation(err, 'affiliate_code_uq')) throw err;
          if (body.code || attempt >= 4)
            throw new AppError('affiliate.code.exists', { fields: { code: 'taken' } });
        }
      }
    },

    async affiliateUpdate(brand: Brand, agent: Member, affiliateId: string, body: { enabled: boolean }) {
      assertAgent(brand, agent);
      const row = await affiliates.setEnabled(brand.id, agent.id, affiliateId, body.enabled);
      if (!row) throw new AppError('not.found', { affiliateId });
      return affiliate(row);
    },

    async downlineList(
      brand: Brand,
      agent: Member,
      q: {
        rootId?: string | undefined;
        scope: 'direct' | 'all';
        account?: string | undefined;
        level?: number | undefined;
        kind?: 'agent' | 'member' | undefined;
        status?: 'active' | 'frozen' | 'closed' | undefined;
        sortBy: DownlineSort;
        sortOrder: 'asc' | 'desc';
        pageNo: number;
        pageSize: number;
      },
    ) {
      assertAgent(brand, agent);
      const root = await rootOf(brand, agent, q.rootId);
      const rows = await repository.downlines(brand.id, root.id, {
        direct: q.scope === 'direct',
        level: q.level,
        account: q.account,
        kind: q.kind,
        agentTypes: brand.settings.agentTypes,
        status: q.status,
        sortBy: q.sortBy,
        sortOrder: q.sortOrder,
        ...paging(q),
      });
      // Past the last page no row carries the total: count it.
      const filtered = q.level !== undefined || q.account || q.kind || q.status;
      const total = rows[0]
        ? Number(rows[0].total)
        : filtered
          ? 0
          : await repository.downlineCount(brand.id, root.id, q.scope === 'direct');
      return {
        ...pageOf(
          rows.map((r) => downline(brand, r)),
          total,
          q,
        ),
        root,
        path: await repository.pathTo(agent.id, root.id),
      };
    },

    async downlineDetail(brand: Brand, agent: Member, memberId: string) {
      assertAgent(brand, agent);
      return downlineDetail(brand, agent, memberId);
    },

    /** Transfer to a team member through the wallet's team transfer (payment password, ledger). */
    async transfer(
      brand: Brand,
      agent: Member,
      body: { memberId: string; amount: number | string; paymentPassword: string; requestId: string },
    ) {
      assertAgent(brand, agent);
      const target = await inTeam(brand, agent, body.memberId);
      if (target.depth === 0) throw new AppError('not.found', { memberId: body.memberId });
      const result = await wallet.teamTransfer(brand, agent, {
        direction: 'DOWNLINE',
        targetAccount: target.account,
        amount: body.amount,
        paymentPassword: body.paymentPassword,
        requestId: body.requestId,
      });
      return {
        transactionId: result.transactionId,
        amount: result.amount,
        target: { id: target.id, account: target.account },
        replayed: result.replayed,
        balance: result.balance,
      };
    },

    async announcements(
      brand: Brand,
      agent: Member,
      language: string | undefined,
      q: { pageNo: number; pageSize: number },
    ) {
      assertAgent(brand, agent);
      // Without a Language header the brand's default language applies.
      const lang = language ?? brand.defaultLanguage;
      const { total, rows } = await announcements.published(brand.id, lang, q);
      return pageOf(
        rows.map((r) => ({
          id: r.id,
          title: r.title,
          content: r.content,
          language: r.language,
          pinned: r.pinned,
          publishedAt: new Date(r.published_at).toISOString(),
        })),
        total,
        q,
      );
    },

    ...createAgentReports({ repository, assertAgent, inTeam, rootOf }),
  };
}

export type AgentService = ReturnType<typeof createAgentService>;
