import { type Kysely, sql } from 'kysely';

/**
 * The ledger entries' references checked once per insert statement, beside the zero-sum rule
 * (docs/ledger.md), instead of by two foreign keys. A foreign key checks each new row on its own:
 * a lookup and a row lock of its transaction and of its account, run through the executor once
 * per entry — four of them for every two-entry posting, the largest share of a batch's time once
 * the zero-sum check had gone set-based (a daily rebate of 100,000 payments wrote 200,000 entries,
 * and locked the one expense account 100,000 times from two lanes at once).
 *
 * Now `ledger_entries_balanced()` (the statement trigger over the statement's new entries) also
 * refuses, with the foreign-key error (23503), an entry whose transaction or account does not
 * exist. What the foreign keys also refused is kept by guards:
 * - a transaction cannot go: the ledger is append-only (`ledger_append_only`);
 * - an account that entries name cannot be deleted (a statement trigger over the deleted rows);
 *   every posting locks its accounts before writing their entries, so a deletion waits for the
 *   posting and then sees its entries. An account's id cannot change (an identity column
 *   generated always).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function ledger_entries_balanced() returns trigger language plpgsql as $$
    declare
      v_tx bigint;
      v_account bigint;
    begin
      -- Every entry's transaction and account exist: correlated scalar subqueries, one
      -- primary-key lookup per distinct id whatever the planner guesses of the transition table
      -- (it has a row count but no column statistics; a not-exists may become a hash anti-join
      -- over the whole ledger when the guess is large).
      select n.tx into v_tx
      from (select distinct transaction_id as tx from ledger_new_entries) n
      where (select t.id from ledger_transaction t where t.id = n.tx) is null
      limit 1;
      if found then
        raise exception 'ledger entry names transaction %, which does not exist', v_tx
          using errcode = '23503';
      end if;
      select n.account into v_account
      from (select distinct account_id as account from ledger_new_entries) n
      where (select a.id from ledger_account a where a.id = n.account) is null
      limit 1;
      if found then
        raise exception 'ledger entry names account %, which does not exist', v_account
          using errcode = '23503';
      end if;
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
    create function ledger_account_referenced() returns trigger language plpgsql as $$
    declare
      v_account bigint;
    begin
      select o.id into v_account from ledger_old_accounts o
      where (select e.id from ledger_entry e where e.account_id = o.id limit 1) is not null
      limit 1;
      if found then
        raise exception 'ledger account % has entries and cannot be deleted', v_account
          using errcode = '23503';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger ledger_account_referenced after delete on ledger_account
      referencing old table as ledger_old_accounts
      for each statement execute function ledger_account_referenced()`.execute(db);
  await sql`alter table ledger_entry drop constraint ledger_entry_transaction_id_fkey`.execute(db);
  await sql`alter table ledger_entry drop constraint ledger_entry_account_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ledger_entry add constraint ledger_entry_transaction_id_fkey
      foreign key (transaction_id) references ledger_transaction (id)`.execute(db);
  await sql`
    alter table ledger_entry add constraint ledger_entry_account_id_fkey
      foreign key (account_id) references ledger_account (id)`.execute(db);
  await sql`drop trigger ledger_account_referenced on ledger_account`.execute(db);
  await sql`drop function ledger_account_referenced()`.execute(db);
  await sql`
    create or replace function ledger_entries_balanced() returns trigger language plpgsql as $$
    declare
      v_tx bigint;
    begin
      select n.tx into v_tx
      from (select distinct transaction_id as tx from ledger_new_entries) n
      where (select sum(e.amount) from ledger_entry e where e.transaction_id = n.tx) <> 0
      limit 1;
      if v_tx is not null then
        raise exception 'ledger transaction % does not sum to zero', v_tx using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
}
