import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface LedgerViolation {
  rule:
    | 'balance_matches_entries'
    | 'transaction_sums_to_zero'
    | 'transaction_has_entries'
    | 'member_balance_not_negative'
    | 'balance_after_chain';
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
  return out;
}
