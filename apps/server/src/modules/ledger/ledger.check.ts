import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface LedgerViolation {
  rule:
    | 'balance_matches_entries'
    | 'transaction_sums_to_zero'
    | 'transaction_has_entries'
    | 'member_balance_not_negative'
    | 'balance_after_chain'
    | 'money_rollup_matches_entries';
  id: string;
  detail: string;
}

/**
 * The ledger's invariants: every member balance equals the sum of its entries and each entry's
 * `balance_after` is the running sum; every transaction has entries summing to zero; no member
 * balance is negative. Returns the violations (empty when the ledger is sound).
 */
export async function checkLedger(db: Kysely<Database>): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];
  const balances = await sql<{ id: string; balance: string; total: string }>`
    select a.id, a.balance, coalesce(sum(e.amount), 0)::text as total
    from ledger_account a left join ledger_entry e on e.account_id = a.id
    where a.kind <> 'system'
    group by a.id, a.balance
    having a.balance <> coalesce(sum(e.amount), 0)`.execute(db);
  for (const r of balances.rows) {
    out.push({
      rule: 'balance_matches_entries',
      id: r.id,
      detail: `balance ${r.balance}, entries ${r.total}`,
    });
  }
  const unbalanced = await sql<{ id: string; total: string }>`
    select transaction_id as id, sum(amount)::text as total from ledger_entry
    group by transaction_id having sum(amount) <> 0`.execute(db);
  for (const r of unbalanced.rows)
    out.push({ rule: 'transaction_sums_to_zero', id: r.id, detail: `sum ${r.total}` });
  const empty = await sql<{ id: string }>`
    select t.id from ledger_transaction t
    where not exists (select 1 from ledger_entry e where e.transaction_id = t.id)`.execute(db);
  for (const r of empty.rows) out.push({ rule: 'transaction_has_entries', id: r.id, detail: 'no entries' });
  const negative = await sql<{ id: string; balance: string }>`
    select id, balance::text from ledger_account where kind <> 'system' and balance < 0`.execute(db);
  for (const r of negative.rows)
    out.push({ rule: 'member_balance_not_negative', id: r.id, detail: `balance ${r.balance}` });
  const chain = await sql<{ id: string; balance_after: string; running: string }>`
    select id, balance_after::text, running::text from (
      select e.id, e.balance_after, sum(e.amount) over (partition by e.account_id order by e.id) as running
      from ledger_entry e join ledger_account a on a.id = e.account_id
      where a.kind <> 'system'
    ) x where balance_after is distinct from running`.execute(db);
  for (const r of chain.rows) {
    out.push({
      rule: 'balance_after_chain',
      id: r.id,
      detail: `balance_after ${r.balance_after}, running ${r.running}`,
    });
  }
  // The report rollup of main-wallet movements (kept by ledger_post) against the entries.
  const rollup = await sql<{ id: string; rolled: string | null; actual: string | null }>`
    with actual as (
      select t.merchant_id, a.owner_id as member_id, (t.created_at at time zone 'UTC')::date as day, t.kind,
             count(*)::integer as n, sum(e.amount) as amount
      from ledger_entry e
      join ledger_account a on a.id = e.account_id and a.kind = 'main' and a.owner_id is not null
      join ledger_transaction t on t.id = e.transaction_id
      where t.kind not in ('BET', 'WIN', 'BET_REFUND')
      group by 1, 2, 3, 4
    )
    select concat_ws('/', coalesce(r.member_id, x.member_id), coalesce(r.day, x.day), coalesce(r.kind, x.kind)) as id,
           (r.tx_count || ' × ' || r.amount) as rolled, (x.n || ' × ' || x.amount) as actual
    from member_money_daily r
    full join actual x on x.merchant_id = r.merchant_id and x.member_id = r.member_id and x.day = r.day and x.kind = r.kind
    where r.tx_count is distinct from x.n or r.amount is distinct from x.amount`.execute(db);
  for (const r of rollup.rows) {
    out.push({
      rule: 'money_rollup_matches_entries',
      id: r.id,
      detail: `rollup ${r.rolled ?? 'missing'}, entries ${r.actual ?? 'none'}`,
    });
  }
  return out;
}
