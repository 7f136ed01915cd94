import { type Kysely, sql } from 'kysely';

/**
 * The ledger's zero-sum rule checked once per insert statement instead of once per entry at
 * commit (docs/ledger.md). The deferred row trigger ran a PL/pgSQL call and an index lookup for
 * every entry — twice per two-entry posting, a third of a rebate chunk's time. Now an
 * `after insert … for each statement` trigger reads the statement's new entries (a transition
 * table) and sums every transaction they touch, all of that transaction's entries included: an
 * insert that leaves any of them unbalanced fails with the same error (23514).
 *
 * So a transaction's entries are written in one statement: every writer already did so
 * (`ledger_credit_many`, `vendor_settle_many`, `vendor_settle_columns`) except `ledger_post`,
 * which inserted its entries one by one as it moved each account; it now collects the balances
 * and inserts the entries together, then writes the daily rollup (whose responsible-gaming guard
 * reads the posting's entries). An entry added later to an existing transaction is still
 * checked against all of its entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function ledger_post(
      p_merchant integer, p_kind text, p_key text, p_hash text, p_member bigint, p_reference text,
      p_metadata jsonb, p_accounts bigint[], p_amounts bigint[])
    returns table (transaction_id bigint, created_at timestamptz, replayed boolean,
                   account_id bigint, amount bigint, balance_after bigint)
    language plpgsql as $$
    declare
      v_tx bigint;
      v_created timestamptz;
      v_hash text;
      v_balance bigint;
      v_owner bigint;
      v_kind text;
      v_n integer := coalesce(array_length(p_accounts, 1), 0);
      v_balances bigint[] := array_fill(null::bigint, array[v_n]);
      v_owners bigint[] := array_fill(null::bigint, array[v_n]);
      v_kinds text[] := array_fill(null::text, array[v_n]);
    begin
      insert into ledger_transaction as t (merchant_id, kind, idempotency_key, request_hash, member_id, reference, metadata)
      values (p_merchant, p_kind, p_key, p_hash, p_member, p_reference, p_metadata)
      on conflict (merchant_id, idempotency_key) do nothing
      returning t.id, t.created_at into v_tx, v_created;

      if v_tx is null then
        select t.id, t.request_hash, t.created_at into v_tx, v_hash, v_created
        from ledger_transaction t where t.merchant_id = p_merchant and t.idempotency_key = p_key;
        if v_hash <> p_hash then
          raise exception 'idempotency key % was used for another request', p_key using errcode = 'LD409';
        end if;
        return query select v_tx, v_created, true, e.account_id, e.amount, e.balance_after
          from ledger_entry e where e.transaction_id = v_tx order by e.id;
        return;
      end if;

      for i in 1 .. v_n loop
        v_balance := null;
        v_owner := null;
        v_kind := null;
        update ledger_account a set balance = a.balance + p_amounts[i]
          where a.id = p_accounts[i] and a.kind <> 'system'
          returning a.balance, a.owner_id, a.kind into v_balance, v_owner, v_kind;
        v_balances[i] := v_balance;
        v_owners[i] := v_owner;
        v_kinds[i] := v_kind;
      end loop;
      -- All the entries in one statement: the zero-sum check runs once it has written them all.
      insert into ledger_entry (transaction_id, account_id, amount, balance_after)
        select v_tx, x.account, x.amount, x.balance
        from unnest(p_accounts, p_amounts, v_balances) with ordinality as x(account, amount, balance, n)
        order by x.n;
      -- The daily rollup after the entries: its responsible-gaming guard (a trigger on the rollup,
      -- migration 202612010000) counts this posting's entries among the window's.
      if p_kind not in ('BET', 'WIN', 'BET_REFUND') then
        for i in 1 .. v_n loop
          if v_kinds[i] = 'main' and v_owners[i] is not null then
            insert into member_money_daily as d (merchant_id, member_id, day, kind, tx_count, amount)
            values (p_merchant, v_owners[i], (v_created at time zone 'UTC')::date, p_kind, 1, p_amounts[i])
            on conflict (merchant_id, member_id, day, kind)
            do update set tx_count = d.tx_count + 1, amount = d.amount + excluded.amount;
          end if;
        end loop;
      end if;

      return query select v_tx, v_created, false, e.account_id, e.amount, e.balance_after
        from ledger_entry e where e.transaction_id = v_tx order by e.id;
    end $$`.execute(db);

  await sql`
    create function ledger_entries_balanced() returns trigger language plpgsql as $$
    declare
      v_tx bigint;
    begin
      -- Each touched transaction summed through the entries' transaction index (a correlated
      -- lookup: the transition table has no statistics to plan a join by).
      select n.tx into v_tx
      from (select distinct transaction_id as tx from ledger_new_entries) n
      where (select sum(e.amount) from ledger_entry e where e.transaction_id = n.tx) <> 0
      limit 1;
      if v_tx is not null then
        raise exception 'ledger transaction % does not sum to zero', v_tx using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger ledger_entry_balanced_statement after insert on ledger_entry
      referencing new table as ledger_new_entries
      for each statement execute function ledger_entries_balanced()`.execute(db);
  await sql`drop trigger ledger_entry_balanced on ledger_entry`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create constraint trigger ledger_entry_balanced after insert on ledger_entry
      deferrable initially deferred for each row execute function ledger_transaction_balanced()`.execute(db);
  await sql`drop trigger ledger_entry_balanced_statement on ledger_entry`.execute(db);
  await sql`drop function ledger_entries_balanced()`.execute(db);
  // ledger_post's one-statement insert is correct under either check: it stays.
}
