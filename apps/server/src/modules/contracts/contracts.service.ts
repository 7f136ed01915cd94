import {
  type Consolidated,
  type Contract,
  type ContractKindName,
  type ContractOfferBody,
  contractKindNames,
  contractProductType,
} from '@arcadia/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toMajor } from '../../lib/money.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import { writeAudit } from '../operator/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import type { ContractRow, ContractsRepository } from './contracts.repository.js';
import {
  type StoredTerms,
  assertKindEnabled,
  contractSettings,
  headlineRate,
  kindEnabled,
  parseTerms,
  toContract,
  within,
} from './contracts.terms.js';

type Member = AuthedSession['member'];
type Tx = Transaction<Database>;

interface Notice {
  memberId: string;
  event: 'contract.offer' | 'contract.changed';
  payload: { kind: ContractKindName; contractId: string; memberId?: string; status?: Contract['status'] };
}

/**
 * Offers, acceptances, rejections and terminations (docs/contracts.md "States"). Every transition
 * runs in one transaction with its audit row; notifications go out after it commits.
 */
/** The contract history's actor for an operator: the audit actor (`operator:<name>`, `ops-key`) as `operator:<name>`. */
const eventActor = (auditActor: string) =>
  auditActor.startsWith('operator:') ? auditActor : `operator:${auditActor}`;

export function createContractsService(deps: {
  repository: ContractsRepository;
  ledger: LedgerService;
  hub?: RealtimeHub | undefined;
}) {
  const { repository, ledger } = deps;

  function notify(notices: Notice[]) {
    const hub = deps.hub;
    if (!hub) return;
    for (const n of notices) {
      if (n.event === 'contract.offer')
        hub.toMember(n.memberId, 'contract.offer', {
          kind: n.payload.kind,
          contractId: n.payload.contractId,
        });
      else
        hub.toMember(n.memberId, 'contract.changed', {
          kind: n.payload.kind,
          contractId: n.payload.contractId,
          memberId: n.payload.memberId!,
          status: n.payload.status!,
        });
    }
  }

  function assertAgent(brand: Brand, member: { type: number }) {
    if (!brand.settings.agentTypes.includes(member.type)) throw new AppError('error_not_agent');
  }

  const changed = (row: ContractRow, status: Contract['status'], to: string | null): Notice[] => {
    const payload = {
      kind: row.kind as ContractKindName,
      contractId: row.id,
      memberId: row.member_id,
      status,
    };
    const out: Notice[] = [{ memberId: row.member_id, event: 'contract.changed', payload }];
    if (to) out.push({ memberId: to, event: 'contract.changed', payload });
    return out;
  };

  /**
   * Ends the member's live contracts of the kind below it (they were bound to its contract):
   * in force → T, pending offers → R. Returns the notices to send.
   */
  async function endBelow(
    tx: Tx,
    brand: Brand,
    memberId: string,
    kind: ContractKindName,
    actor: string,
    at: Date,
  ) {
    const notices: Notice[] = [];
    for (const row of await repository.liveBelow(tx, memberId, kind)) {
      const status = row.status === 'V' ? 'T' : 'R';
      await repository.setStatus(tx, row.id, status, at);
      await repository.event(tx, {
        merchantId: brand.id,
        kind,
        memberId: row.member_id,
        contractId: row.id,
        action: 'auto_terminate',
        actor,
        fromVersion: row.version,
        toVersion: null,
      });
      notices.push(...changed(row, status, row.payer_id));
    }
    return notices;
  }

  /** Ends one live version (and everything below it when it was in force). */
  async function end(
    tx: Tx,
    brand: Brand,
    row: ContractRow,
    status: 'T' | 'R',
    action: string,
    actor: string,
  ) {
    const at = new Date();
    await repository.setStatus(tx, row.id, status, at);
    await repository.event(tx, {
      merchantId: brand.id,
      kind: row.kind,
      memberId: row.member_id,
      contractId: row.id,
      action,
      actor,
      fromVersion: row.version,
      toVersion: null,
    });
    const notices = changed(row, status, row.payer_id);
    if (row.status === 'V')
      notices.push(...(await endBelow(tx, brand, row.member_id, row.kind as ContractKindName, 'system', at)));
    return notices;
  }

  /**
   * The rule of spec §4: a holder whose new version has a lower rate than a direct downline's
   * contract ends that downline's contract (and what hangs below it).
   */
  async function autoTerminate(
    tx: Tx,
    brand: Brand,
    holder: string,
    kind: ContractKindName,
    terms: StoredTerms,
    period: string | null,
  ) {
    const notices: Notice[] = [];
    for (const row of await repository.paidBy(holder, kind, tx, ['V', 'P', 'E'])) {
      if (within(kind, row.terms as StoredTerms, terms, row.period, period)) continue;
      notices.push(
        ...(await end(tx, brand, row, row.status === 'V' ? 'T' : 'R', 'auto_terminate', 'system')),
      );
    }
    return notices;
  }

  async function higherDownline(
    holder: string,
    kind: ContractKindName,
    terms: StoredTerms,
    period: string | null,
  ) {
    const rows = await repository.paidBy(holder, kind, undefined, ['V']);
    return rows.some((r) => !within(kind, r.terms as StoredTerms, terms, r.period, period));
  }

  /** Makes a pending version the one in force (the caller's accept, or an operator's set). */
  async function putInForce(tx: Tx, brand: Brand, pending: ContractRow, actor: string) {
    const at = new Date();
    const old = await repository.current(pending.member_id, pending.kind, 'V', tx, true);
    if (old) {
      await repository.setStatus(tx, old.id, 'S', at);
      await repository.event(tx, {
        merchantId: brand.id,
        kind: old.kind,
        memberId: old.member_id,
        contractId: old.id,
        action: 'supersede',
        actor,
        fromVersion: old.version,
        toVersion: pending.version,
      });
    }
    await repository.setStatus(tx, pending.id, 'V', at, true);
    await repository.event(tx, {
      merchantId: brand.id,
      kind: pending.kind,
      memberId: pending.member_id,
      contractId: pending.id,
      action: 'accept',
      actor,
      fromVersion: old?.version ?? null,
      toVersion: pending.version,
    });
    const notices = changed(pending, 'V', pending.payer_id);
    notices.push(
      ...(await autoTerminate(
        tx,
        brand,
        pending.member_id,
        pending.kind as ContractKindName,
        pending.terms as StoredTerms,
        pending.period,
      )),
    );
    return notices;
  }

  /** Writes a new version (pending, or in force for an operator's set), replacing a pending one. */
  async function newVersion(
    tx: Tx,
    brand: Brand,
    kind: ContractKindName,
    memberId: string,
    payerId: string | null,
    parsed: { terms: StoredTerms; period: string | null },
    actor: string,
  ) {
    const pending = await repository.current(memberId, kind, 'pending', tx, true);
    if (pending) {
      await repository.setStatus(tx, pending.id, 'S', new Date());
      await repository.event(tx, {
        merchantId: brand.id,
        kind,
        memberId,
        contractId: pending.id,
        action: 'supersede',
        actor,
        fromVersion: pending.version,
        toVersion: null,
      });
    }
    const inForce = await repository.current(memberId, kind, 'V', tx, true);
    const version = await repository.nextVersion(memberId, kind, tx);
    const id = await repository.insert(tx, {
      merchantId: brand.id,
      kind,
      memberId,
      payerId,
      version,
      status: inForce ? 'E' : 'P',
      period: parsed.period,
      terms: parsed.terms,
      topRate: headlineRate(parsed.terms),
      offeredBy: actor,
    });
    await repository.event(tx, {
      merchantId: brand.id,
      kind,
      memberId,
      contractId: id,
      action: inForce ? 'renew' : 'offer',
      actor,
      fromVersion: inForce?.version ?? null,
      toVersion: version,
    });
    return (await repository.byId(brand.id, id, tx))!;
  }

  async function view(brand: Brand, memberId: string, kind: ContractKindName) {
    const [current, pending, history] = await Promise.all([
      repository.current(memberId, kind, 'V'),
      repository.current(memberId, kind, 'pending'),
      repository.history(memberId, kind),
    ]);
    return {
      current: current ? toContract(brand, current) : null,
      pending: pending ? toContract(brand, pending) : null,
      history: history.map((e) => ({
        id: e.id,
        action: e.action as 'offer',
        actor: e.actor,
        fromVersion: e.from_version,
        toVersion: e.to_version,
        at: new Date(e.at).toISOString(),
      })),
      canOffer: current !== undefined,
    };
  }

  return {
    /** The consolidated reply (reference §2.3): pending offers per kind and the page flags. */
    async consolidated(brand: Brand, member: Member): Promise<Consolidated> {
      const isAgent = brand.settings.agentTypes.includes(member.type);
      const settings = contractSettings(brand);
      const offers: Partial<Record<ContractKindName, Consolidated['divtypereq'][string]>> = {};
      for (const kind of contractKindNames) {
        if (!isAgent || !kindEnabled(brand, kind)) continue;
        const pending = await repository.current(member.id, kind, 'pending');
        if (!pending) continue;
        const c = toContract(brand, pending);
        const terms = pending.terms as StoredTerms;
        offers[kind] = {
          id: c.id,
          contractId: c.id,
          status: c.status as 'P' | 'E',
          period: c.period,
          details: c.details,
          hourSalaryRates: kind === 'hourly' ? c.details : [],
          rates: c.rates,
          downlineHigherRate: (await higherDownline(member.id, kind, terms, pending.period)) ? 'Y' : 'N',
        };
      }
      const on = (kind: ContractKindName) => isAgent && kindEnabled(brand, kind);
      return {
        dailysalreqtype: offers.daily ? contractProductType : null,
        dailysalreq: offers.daily ? { [contractProductType]: [offers.daily] } : {},
        divtypereq: offers.dividend ? { [contractProductType]: offers.dividend } : {},
        contracthoursalreq: offers.hourly ? { [contractProductType]: [offers.hourly] } : {},
        realtimesalreqtype: offers.realtime ? contractProductType : null,
        realtimesalreq: offers.realtime ? { [contractProductType]: [offers.realtime] } : {},
        divtypeinfo: on('dividend'),
        dailysalinfotype: on('daily'),
        contracthoursalinfo: on('hourly'),
        realtimesalinfo: on('realtime'),
        contractmrdailysalinfotype: false,
        enableSalary: settings.enableSalary,
        enableContract: settings.enableContract,
      };
    },

    /**
     * The downline's answer: `A` accepts the pending version (`contractId`, or the pending one),
     * `R` rejects it, `C` terminates the version in force. Errors: `contract.state`, 404.
     */
    async process(
      brand: Brand,
      member: Member,
      kind: ContractKindName,
      contractId: string | null,
      status: 'A' | 'R' | 'C',
    ) {
      assertKindEnabled(brand, kind);
      assertAgent(brand, member);
      const actor = `member:${member.account}`;
      const { contract, notices } = await ledger.transaction(async (tx) => {
        const row = contractId
          ? await repository.byId(brand.id, contractId, tx, true)
          : await repository.current(member.id, kind, status === 'C' ? 'V' : 'pending', tx, true);
        if (!row || row.member_id !== member.id || row.kind !== kind)
          throw new AppError('not.found', { contractId });
        if (status === 'C') {
          if (row.status !== 'V') throw new AppError('contract.state', { status: row.status });
          const n = await end(tx, brand, row, 'T', 'terminate', actor);
          return { contract: (await repository.byId(brand.id, row.id, tx))!, notices: n };
        }
        if (row.status !== 'P' && row.status !== 'E')
          throw new AppError('contract.state', { status: row.status });
        if (status === 'R') {
          const n = await end(tx, brand, row, 'R', 'reject', actor);
          return { contract: (await repository.byId(brand.id, row.id, tx))!, notices: n };
        }
        // The payer's contract may have changed since the offer: re-check the ceiling.
        if (row.payer_id) {
          const ceiling = await repository.current(row.payer_id, kind, 'V', tx, true);
          if (!ceiling) throw new AppError('contract.state', { payer: 'no contract in force' });
          if (
            !within(kind, row.terms as StoredTerms, ceiling.terms as StoredTerms, row.period, ceiling.period)
          )
            throw new AppError('contract.rate.above.upline');
        }
        const n = await putInForce(tx, brand, row, actor);
        return { contract: (await repository.byId(brand.id, row.id, tx))!, notices: n };
      });
      notify(notices);
      return toContract(brand, contract);
    },

    /** An upline offers (or renews as a new version) a contract to a direct downline agent. */
    async offer(brand: Brand, member: Member, kind: ContractKindName, body: ContractOfferBody) {
      assertKindEnabled(brand, kind);
      assertAgent(brand, member);
      const target = await repository.member(brand.id, body.memberId);
      if (!target || target.parent_id !== member.id)
        throw new AppError('not.found', { memberId: body.memberId });
      if (!brand.settings.agentTypes.includes(target.type)) throw new AppError('contract.not.agent');
      const parsed = parseTerms(brand, kind, body);
      const actor = `member:${member.account}`;
      const row = await ledger.transaction(async (tx) => {
        const ceiling = await repository.current(member.id, kind, 'V', tx, true);
        if (!ceiling) throw new AppError('contract.upline.none');
        if (!within(kind, parsed.terms, ceiling.terms as StoredTerms, parsed.period, ceiling.period))
          throw new AppError('contract.rate.above.upline');
        return newVersion(tx, brand, kind, target.id, member.id, parsed, actor);
      });
      notify([{ memberId: target.id, event: 'contract.offer', payload: { kind, contractId: row.id } }]);
      return toContract(brand, row);
    },

    /** An upline ends a direct downline's contract in force and withdraws its pending offer. */
    async terminateDownline(brand: Brand, member: Member, kind: ContractKindName, memberId: string) {
      assertKindEnabled(brand, kind);
      assertAgent(brand, member);
      const target = await repository.member(brand.id, memberId);
      if (!target || target.parent_id !== member.id) throw new AppError('not.found', { memberId });
      const actor = `member:${member.account}`;
      const { count, notices } = await ledger.transaction(async (tx) => {
        let count = 0;
        const out: Notice[] = [];
        for (const which of ['pending', 'V'] as const) {
          const row = await repository.current(target.id, kind, which, tx, true);
          if (!row) continue;
          out.push(...(await end(tx, brand, row, which === 'V' ? 'T' : 'R', 'terminate', actor)));
          count += 1;
        }
        return { count, notices: out };
      });
      notify(notices);
      return { terminated: count };
    },

    async mine(brand: Brand, member: Member, kind: ContractKindName) {
      assertKindEnabled(brand, kind);
      assertAgent(brand, member);
      return view(brand, member.id, kind);
    },

    async downlines(
      brand: Brand,
      member: Member,
      kind: ContractKindName,
      q: { pageNo: number; pageSize: number },
    ) {
      assertKindEnabled(brand, kind);
      assertAgent(brand, member);
      const { rows, total } = await repository.directAgents(brand.id, member.id, brand.settings.agentTypes, {
        limit: q.pageSize,
        offset: (q.pageNo - 1) * q.pageSize,
      });
      const contracts = await repository.contractsOf(
        rows.map((r) => r.id),
        kind,
      );
      const ceiling = await repository.current(member.id, kind, 'V');
      return {
        list: rows.map((r) => {
          const mine = contracts.filter((c) => c.member_id === r.id);
          const current = mine.find((c) => c.status === 'V');
          const pending = mine.find((c) => c.status === 'P' || c.status === 'E');
          return {
            member: { id: r.id, account: r.account },
            current: current ? toContract(brand, current) : null,
            pending: pending ? toContract(brand, pending) : null,
          };
        }),
        pageNo: q.pageNo,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
        totalCount: total,
        ceiling: ceiling ? toContract(brand, ceiling) : null,
      };
    },

    async bills(
      brand: Brand,
      member: Member,
      kind: ContractKindName,
      q: {
        scope: 'mine' | 'downlines';
        from?: string | undefined;
        to?: string | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      assertKindEnabled(brand, kind);
      assertAgent(brand, member);
      const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000);
      const page = await repository.bills(
        brand.id,
        kind,
        {
          ...(q.scope === 'mine' ? { memberId: member.id } : { payerId: member.id }),
          ...(q.from ? { from: new Date(`${q.from}T00:00:00Z`) } : {}),
          ...(q.to ? { to: dayAfter(q.to) } : {}),
        },
        { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize },
      );
      const major = (v: string) => toMajor(v, brand.currencyScale);
      return {
        list: page.rows.map((b) => ({
          id: b.id,
          kind: b.kind as ContractKindName,
          contractId: b.contract_id,
          version: b.version,
          member: { id: b.member_id, account: b.account },
          payer: b.payer_id ? { id: b.payer_id, account: b.payer_account ?? '' } : null,
          periodStart: new Date(b.period_start).toISOString(),
          periodEnd: new Date(b.period_end).toISOString(),
          validBet: major(b.valid_bet),
          profitLoss: major(b.profit_loss),
          activeMembers: b.active_members,
          tier: b.tier,
          amount: major(b.amount),
          paid: major(b.paid),
          status: b.status as 'issued',
          updatedAt: new Date(b.updated_at).toISOString(),
        })),
        pageNo: q.pageNo,
        totalPages: Math.max(1, Math.ceil(page.total / q.pageSize)),
        totalCount: page.total,
        totals: { amount: major(page.amount), paid: major(page.paid) },
      };
    },

    // ── operator: top agents ──────────────────────────────────────────────────────────────────

    async topAgent(brand: Brand, memberId: string) {
      const target = await repository.member(brand.id, memberId);
      if (!target) throw new AppError('not.found', { memberId });
      if (target.parent_id !== null || !brand.settings.agentTypes.includes(target.type))
        throw new AppError('contract.not.top');
      return target;
    },

    async opsView(brand: Brand, kind: ContractKindName, memberId: string) {
      const target = await this.topAgent(brand, memberId);
      return view(brand, target.id, kind);
    },

    /** An operator sets a top agent's contract: a new version in force at once (the platform pays). */
    async opsSet(
      brand: Brand,
      kind: ContractKindName,
      memberId: string,
      body: Omit<ContractOfferBody, 'memberId'>,
      operator: string,
    ) {
      assertKindEnabled(brand, kind);
      const target = await this.topAgent(brand, memberId);
      const parsed = parseTerms(brand, kind, body);
      const actor = eventActor(operator);
      const { row, notices } = await ledger.transaction(async (tx) => {
        const pending = await newVersion(tx, brand, kind, target.id, null, parsed, actor);
        const n = await putInForce(tx, brand, pending, actor);
        await writeAudit(tx, {
          merchantId: brand.id,
          actor: operator,
          action: 'contract.set',
          target: `${kind}:${target.id}`,
          payload: { version: pending.version, terms: parsed.terms, period: parsed.period },
        });
        return { row: (await repository.byId(brand.id, pending.id, tx))!, notices: n };
      });
      notify(notices);
      return toContract(brand, row);
    },

    async opsTerminate(brand: Brand, kind: ContractKindName, memberId: string, operator: string) {
      const target = await this.topAgent(brand, memberId);
      const actor = eventActor(operator);
      const { count, notices } = await ledger.transaction(async (tx) => {
        let count = 0;
        const out: Notice[] = [];
        for (const which of ['pending', 'V'] as const) {
          const row = await repository.current(target.id, kind, which, tx, true);
          if (!row) continue;
          out.push(...(await end(tx, brand, row, which === 'V' ? 'T' : 'R', 'terminate', actor)));
          count += 1;
        }
        await writeAudit(tx, {
          merchantId: brand.id,
          actor: operator,
          action: 'contract.terminate',
          target: `${kind}:${target.id}`,
          payload: { terminated: count },
        });
        return { count, notices: out };
      });
      notify(notices);
      return { terminated: count };
    },
  };
}

export type ContractsService = ReturnType<typeof createContractsService>;
