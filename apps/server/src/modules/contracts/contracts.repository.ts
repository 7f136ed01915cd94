import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { AgentContractTable, ContractBillTable, Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type ContractRow = Selectable<AgentContractTable> & { account: string; payer_account: string | null };
export type BillRow = Selectable<ContractBillTable> & {
  account: string;
  payer_account: string | null;
  version: number;
};

/** A contract holder's team figures for a period (minor units). */
export interface FiguresRow {
  agent_id: string;
  valid_bet: string;
  profit_loss: string;
  active_members: number | string;
}

export interface MemberRef {
  id: string;
  account: string;
  type: number;
  parent_id: string | null;
  status: string;
}

/** Only SQL: agent contracts, their events, bills and the settlement markers. */
export function createContractsRepository(db: Kysely<Database>) {
  const contractSelect = (q: Db) =>
    q
      .selectFrom('agent_contract as c')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .leftJoin('member as p', 'p.id', 'c.payer_id')
      .selectAll('c')
      .select(['m.account', 'p.account as payer_account']);

  return {
    db,

    async member(merchantId: number, id: string, q: Db = db): Promise<MemberRef | undefined> {
      return q
        .selectFrom('member')
        .select(['id', 'account', 'type', 'parent_id', 'status'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The version in force (`V`) or the pending offer (`P`/`E`) of a member, locked in a transaction. */
    async current(memberId: string, kind: string, which: 'V' | 'pending', q: Db = db, lock = false) {
      let query = contractSelect(q)
        .where('c.member_id', '=', memberId)
        .where('c.kind', '=', kind)
        .where('c.status', 'in', which === 'V' ? ['V'] : ['P', 'E']);
      if (lock) query = query.forUpdate('c');
      return (await query.executeTakeFirst()) as ContractRow | undefined;
    },

    async byId(merchantId: number, id: string, q: Db = db, lock = false) {
      let query = contractSelect(q).where('c.merchant_id', '=', merchantId).where('c.id', '=', id);
      if (lock) query = query.forUpdate('c');
      return (await query.executeTakeFirst()) as ContractRow | undefined;
    },

    async nextVersion(memberId: string, kind: string, q: Db) {
      const row = await q
        .selectFrom('agent_contract')
        .select(sql<number>`coalesce(max(version), 0) + 1`.as('v'))
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow();
      return Number(row.v);
    },

    async insert(
      q: Db,
      row: {
        merchantId: number;
        kind: string;
        memberId: string;
        payerId: string | null;
        version: number;
        status: string;
        period: string | null;
        terms: unknown;
        topRate: bigint;
        offeredBy: string;
        acceptedAt?: Date | null;
      },
    ) {
      const { id } = await q
        .insertInto('agent_contract')
        .values({
          merchant_id: row.merchantId,
          kind: row.kind,
          member_id: row.memberId,
          payer_id: row.payerId,
          version: row.version,
          status: row.status,
          period: row.period,
          terms: JSON.stringify(row.terms),
          top_rate: row.topRate.toString(),
          offered_by: row.offeredBy,
          accepted_at: row.acceptedAt ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async setStatus(q: Db, id: string, status: string, at: Date, accepted = false) {
      await q
        .updateTable('agent_contract')
        .set(accepted ? { status, accepted_at: at } : { status, ended_at: at })
        .where('id', '=', id)
        .execute();
    },

    async event(
      q: Db,
      e: {
        merchantId: number;
        kind: string;
        memberId: string;
        contractId: string | null;
        action: string;
        actor: string;
        fromVersion: number | null;
        toVersion: number | null;
      },
    ) {
      await q
        .insertInto('agent_contract_event')
        .values({
          merchant_id: e.merchantId,
          kind: e.kind,
          member_id: e.memberId,
          contract_id: e.contractId,
          action: e.action,
          actor: e.actor,
          from_version: e.fromVersion,
          to_version: e.toVersion,
        })
        .execute();
    },

    async history(memberId: string, kind: string, limit = 50) {
      return db
        .selectFrom('agent_contract_event')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Contracts in force or pending that the member pays (its direct downlines'). */
    async paidBy(payerId: string, kind: string, q: Db = db, statuses = ['V']) {
      return (await contractSelect(q)
        .where('c.payer_id', '=', payerId)
        .where('c.kind', '=', kind)
        .where('c.status', 'in', statuses)
        .execute()) as ContractRow[];
    },

    /** Live contracts (in force or pending) of the kind anywhere below the member, locked. */
    async liveBelow(q: Db, memberId: string, kind: string) {
      return (await contractSelect(q)
        .where('c.kind', '=', kind)
        .where('c.status', 'in', ['V', 'P', 'E'])
        .where('c.member_id', 'in', (s) =>
          s
            .selectFrom('member_tree')
            .select('descendant_id')
            .where('ancestor_id', '=', memberId)
            .where('depth', '>', 0),
        )
        .forUpdate('c')
        .execute()) as ContractRow[];
    },

    async directAgents(
      merchantId: number,
      parentId: string,
      agentTypes: number[],
      page: { limit: number; offset: number },
    ) {
      const base = db
        .selectFrom('member')
        .where('merchant_id', '=', merchantId)
        .where('parent_id', '=', parentId)
        .where('type', 'in', agentTypes);
      const [rows, count] = await Promise.all([
        base.select(['id', 'account']).orderBy('id').limit(page.limit).offset(page.offset).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async contractsOf(memberIds: string[], kind: string) {
      if (memberIds.length === 0) return [];
      return (await contractSelect(db)
        .where('c.member_id', 'in', memberIds)
        .where('c.kind', '=', kind)
        .where('c.status', 'in', ['V', 'P', 'E'])
        .execute()) as ContractRow[];
    },

    // ── settlement ───────────────────────────────────────────────────────────────────────────

    /** Marks a period computed; false when another run already did (the caller then skips it). */
    async claimPeriod(q: Db, merchantId: number, kind: string, code: string, start: Date) {
      const row = await q
        .insertInto('contract_period_done')
        .values({ merchant_id: merchantId, kind, period_code: code, period_start: start })
        .onConflict((oc) => oc.doNothing())
        .returning('kind')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Contract versions in force at `at` (accepted by then, not ended by then), with their holder's depth. */
    async holdersAt(q: Db, merchantId: number, kind: string, at: Date, period: string | null) {
      let query = q
        .selectFrom('agent_contract as c')
        .select([
          'c.id',
          'c.member_id',
          'c.payer_id',
          'c.terms',
          'c.version',
          sql<number>`(select count(*) from member_tree t where t.descendant_id = c.member_id)::int`.as(
            'depth',
          ),
        ])
        .where('c.merchant_id', '=', merchantId)
        .where('c.kind', '=', kind)
        .where('c.accepted_at', '<=', at)
        .where((eb) => eb.or([eb('c.ended_at', 'is', null), eb('c.ended_at', '>', at)]))
        .where('c.status', 'in', ['V', 'S', 'T']);
      if (period) query = query.where('c.period', '=', period);
      return query.orderBy('depth').orderBy('c.member_id').execute();
    },

    /** Team figures over whole UTC days from the team rollups (`team_day`). */
    async teamDays(q: Db, agentIds: string[], from: string, toExclusive: string): Promise<FiguresRow[]> {
      if (agentIds.length === 0) return [];
      const r = await sql<FiguresRow>`
        select agent_id::text as agent_id, coalesce(sum(valid_bet), 0)::text as valid_bet,
               coalesce(sum(payout - stake), 0)::text as profit_loss, coalesce(max(active_members), 0) as active_members
        from team_day
        where agent_id = any(${sql.val(agentIds)}::bigint[]) and day >= ${from}::date and day < ${toExclusive}::date
        group by agent_id`.execute(q);
      return r.rows;
    },

    /** Distinct active members of each team over several days (member rollups through the closure). */
    async activeOverDays(q: Db, agentIds: string[], from: string, toExclusive: string, threshold: bigint) {
      if (agentIds.length === 0) return [];
      const r = await sql<{ agent_id: string; n: number | string }>`
        select t.ancestor_id::text as agent_id, count(*) as n from (
          select member_id, sum(valid_bet) as v from member_stat_daily
          where day >= ${from}::date and day < ${toExclusive}::date group by member_id
        ) s
        join member_tree t on t.descendant_id = s.member_id
        where t.ancestor_id = any(${sql.val(agentIds)}::bigint[]) and s.v >= ${threshold.toString()}::bigint and s.v > 0
        group by t.ancestor_id`.execute(q);
      return r.rows;
    },

    /** Team figures of one clock hour from the hourly member rollups. */
    async teamHour(q: Db, merchantId: number, agentIds: string[], hour: Date, threshold: bigint) {
      if (agentIds.length === 0) return [];
      const r = await sql<FiguresRow>`
        with s as (
          select member_id, sum(valid_bet) as v, sum(payout - stake) as pl from member_stat_hourly
          where merchant_id = ${merchantId} and hour = ${hour}::timestamptz group by member_id
        )
        select t.ancestor_id::text as agent_id, coalesce(sum(s.v), 0)::text as valid_bet,
               coalesce(sum(s.pl), 0)::text as profit_loss,
               count(*) filter (where s.v >= ${threshold.toString()}::bigint and s.v > 0) as active_members
        from s join member_tree t on t.descendant_id = s.member_id
        where t.ancestor_id = any(${sql.val(agentIds)}::bigint[])
        group by t.ancestor_id`.execute(q);
      return r.rows;
    },

    /**
     * Real-time salary of a window per holder: the rounds settled in it (recorded as paid) and the
     * recorded rounds rolled back in it (reversed), each at the holder's rates, floored per round.
     */
    async realtimeWindow(
      q: Db,
      merchantId: number,
      holders: { id: string; win: bigint; loss: bigint; bet: bigint }[],
      start: Date,
      end: Date,
    ) {
      if (holders.length === 0) return [];
      // Rounds of the window by members inside some holder's team, recorded first.
      await sql`
        insert into contract_rt_round (bet_id, merchant_id, member_id, stake, payout, window_start)
        select b.id, b.merchant_id, b.member_id, b.stake, b.payout, ${start}::timestamptz
        from bet b
        where b.merchant_id = ${merchantId} and b.status = 'settled'
          and b.settled_at >= ${start}::timestamptz and b.settled_at < ${end}::timestamptz
          and exists (select 1 from member_tree t where t.descendant_id = b.member_id
                      and t.ancestor_id = any(${sql.val(holders.map((h) => h.id))}::bigint[]))
        on conflict (bet_id) do nothing`.execute(q);
      await sql`
        update contract_rt_round r set reversed_in = ${start}::timestamptz
        from bet b
        where b.id = r.bet_id and r.merchant_id = ${merchantId} and r.reversed_in is null
          and r.window_start < ${start}::timestamptz and b.status = 'void'
          and b.settled_at >= ${start}::timestamptz and b.settled_at < ${end}::timestamptz
`.execute(q);
      const r = await sql<{
        agent_id: string;
        paid: string;
        reversed: string;
        rounds: string;
        valid_bet: string;
        profit_loss: string;
      }>`
        with h (agent_id, win, loss, bet) as (
          select * from unnest(${sql.val(holders.map((h) => h.id))}::bigint[], ${sql.val(holders.map((h) => h.win.toString()))}::numeric[],
                               ${sql.val(holders.map((h) => h.loss.toString()))}::numeric[], ${sql.val(holders.map((h) => h.bet.toString()))}::numeric[])
        ),
        rounds as (
          select r.member_id, r.stake, r.payout, true as fresh from contract_rt_round r
          where r.merchant_id = ${merchantId} and r.window_start = ${start}::timestamptz
          union all
          select r.member_id, r.stake, r.payout, false from contract_rt_round r
          where r.merchant_id = ${merchantId} and r.reversed_in = ${start}::timestamptz
        )
        select h.agent_id::text as agent_id,
          coalesce(sum(floor(r.stake * h.bet / 1000000) + case when r.payout > r.stake
              then floor((r.payout - r.stake) * h.win / 1000000) else floor((r.stake - r.payout) * h.loss / 1000000) end)
            filter (where r.fresh), 0)::bigint::text as paid,
          coalesce(sum(floor(r.stake * h.bet / 1000000) + case when r.payout > r.stake
              then floor((r.payout - r.stake) * h.win / 1000000) else floor((r.stake - r.payout) * h.loss / 1000000) end)
            filter (where not r.fresh), 0)::bigint::text as reversed,
          count(*)::text as rounds,
          coalesce(sum(r.stake) filter (where r.fresh), 0)::text as valid_bet,
          coalesce(sum(r.payout - r.stake) filter (where r.fresh), 0)::text as profit_loss
        from h
        join member_tree t on t.ancestor_id = h.agent_id
        join rounds r on r.member_id = t.descendant_id
        group by h.agent_id`.execute(q);
      return r.rows;
    },

    /** The carry of the member's latest bill of the kind before `before`. */
    async lastCarry(q: Db, memberId: string, kind: string, before: Date) {
      const row = await q
        .selectFrom('contract_bill')
        .select('carry_out')
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .where('period_start', '<', before)
        .orderBy('period_start', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? BigInt(row.carry_out) : 0n;
    },

    async insertBill(
      q: Db,
      b: {
        merchantId: number;
        kind: string;
        contractId: string;
        memberId: string;
        payerId: string | null;
        depth: number;
        start: Date;
        end: Date;
        validBet: bigint;
        profitLoss: bigint;
        activeMembers: number;
        tier: number;
        amount: bigint;
        carryIn: bigint;
        carryOut: bigint;
      },
    ) {
      await q
        .insertInto('contract_bill')
        .values({
          merchant_id: b.merchantId,
          kind: b.kind,
          contract_id: b.contractId,
          member_id: b.memberId,
          payer_id: b.payerId,
          depth: b.depth,
          period_start: b.start,
          period_end: b.end,
          valid_bet: b.validBet.toString(),
          profit_loss: b.profitLoss.toString(),
          active_members: b.activeMembers,
          tier: b.tier,
          amount: b.amount.toString(),
          carry_in: b.carryIn.toString(),
          carry_out: b.carryOut.toString(),
          status: b.amount === 0n ? 'not_reached' : 'insufficient',
        })
        .onConflict((oc) => oc.columns(['contract_id', 'period_start']).doNothing())
        .execute();
    },

    /** When the brand's team rollups were last refreshed (null: never). */
    async rollupsRefreshedAt(merchantId: number): Promise<Date | null> {
      const { rows } = await sql<{ refreshed_at: Date | string }>`
        select refreshed_at from team_rollup_state where merchant_id = ${merchantId}`.execute(db);
      return rows[0] ? new Date(rows[0].refreshed_at) : null;
    },

    /** Bills of the kind still owed something, payers before the holders they pay. */
    async unpaid(merchantId: number, kind: string, limit = 5000) {
      return db
        .selectFrom('contract_bill')
        .select(['id', 'period_start', 'member_id', 'payer_id'])
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', kind)
        .where('status', 'in', ['partial', 'insufficient'])
        .orderBy('period_start')
        .orderBy('depth')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Locks bills (payers first, as they pay) for a payment run. */
    async lockBills(q: Db, ids: string[]) {
      if (ids.length === 0) return [];
      return q
        .selectFrom('contract_bill')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('period_start')
        .orderBy('depth')
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /** Locks member accounts in id order (the ledger's lock order) and returns their balances. */
    async lockBalances(q: Db, accountIds: string[]) {
      if (accountIds.length === 0) return new Map<string, bigint>();
      const rows = await q
        .selectFrom('ledger_account')
        .select(['id', 'balance'])
        .where('id', 'in', accountIds)
        .orderBy('id')
        .forUpdate()
        .execute();
      return new Map(rows.map((r) => [r.id, BigInt(r.balance)]));
    },

    /** Writes what a payment run paid, one statement for the lot. */
    async setPaid(q: Db, rows: { id: string; paid: bigint; status: string }[]) {
      if (rows.length === 0) return;
      await sql`
        update contract_bill b set paid = v.paid, status = v.status, updated_at = now()
        from unnest(${sql.val(rows.map((r) => r.id))}::bigint[], ${sql.val(rows.map((r) => r.paid.toString()))}::bigint[],
                    ${sql.val(rows.map((r) => r.status))}::text[]) as v(id, paid, status)
        where b.id = v.id`.execute(q);
    },

    async bills(
      merchantId: number,
      kind: string,
      filter: { memberId?: string; payerId?: string; from?: Date; to?: Date },
      page: { limit: number; offset: number },
    ) {
      let base = db
        .selectFrom('contract_bill as b')
        .where('b.merchant_id', '=', merchantId)
        .where('b.kind', '=', kind);
      if (filter.memberId) base = base.where('b.member_id', '=', filter.memberId);
      if (filter.payerId) base = base.where('b.payer_id', '=', filter.payerId);
      if (filter.from) base = base.where('b.period_start', '>=', filter.from);
      if (filter.to) base = base.where('b.period_start', '<', filter.to);
      const [rows, totals] = await Promise.all([
        base
          .innerJoin('member as m', 'm.id', 'b.member_id')
          .leftJoin('member as p', 'p.id', 'b.payer_id')
          .innerJoin('agent_contract as c', 'c.id', 'b.contract_id')
          .selectAll('b')
          .select(['m.account', 'p.account as payer_account', 'c.version'])
          .orderBy('b.period_start', 'desc')
          .orderBy('b.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base
          .select([
            sql<string>`count(*)`.as('n'),
            sql<string>`coalesce(sum(b.amount), 0)`.as('amount'),
            sql<string>`coalesce(sum(b.paid), 0)`.as('paid'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as BillRow[], total: Number(totals.n), amount: totals.amount, paid: totals.paid };
    },
  };
}

export type ContractsRepository = ReturnType<typeof createContractsRepository>;
