import { type Kysely, sql } from 'kysely';

/**
 * 1. `member_money_daily`: per member, UTC day and ledger kind, the count and signed sum of the
 *    movements on the member's main wallet — kept in step by `ledger_post` itself, so reports
 *    (team overview: deposits, withdrawals, transfers) never scan raw entries. Wagers (BET, WIN,
 *    BET_REFUND) are left out: the bet rollups carry them.
 * 2. `ledger_post_many(jsonb)`: many postings in one statement and one commit (group commit).
 *    Each posting runs in its own sub-transaction (BEGIN … EXCEPTION), so one that fails — a
 *    balance that would go negative, a reused key, a deadlock — reports its SQLSTATE and leaves
 *    the others alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_money_daily (
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      day date not null,
      kind text not null,
      tx_count integer not null default 0,
      amount bigint not null default 0,
      primary key (merchant_id, member_id, day, kind)
    )`.execute(db);
  await sql`create index member_money_daily_day_idx on member_money_daily (merchant_id, day)`.execute(db);

  // Movements posted before this migration.
  await sql`
    insert into member_money_daily (merchant_id, member_id, day, kind, tx_count, amount)
    select t.merchant_id, a.owner_id, (t.created_at at time zone 'UTC')::date, t.kind, count(*), sum(e.amount)
    from ledger_entry e
    join ledger_account a on a.id = e.account_id and a.kind = 'main' and a.owner_id is not null
    join ledger_transaction t on t.id = e.transaction_id
    where t.kind not in ('BET', 'WIN', 'BET_REFUND')
    group by 1, 2, 3, 4`.execute(db);

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

      for i in 1 .. array_length(p_accounts, 1) loop
        v_balance := null;
        v_owner := null;
        v_kind := null;
        update ledger_account a set balance = a.balance + p_amounts[i]
          where a.id = p_accounts[i] and a.kind <> 'system'
          returning a.balance, a.owner_id, a.kind into v_balance, v_owner, v_kind;
        insert into ledger_entry (transaction_id, account_id, amount, balance_after)
          values (v_tx, p_accounts[i], p_amounts[i], v_balance);
        if v_kind = 'main' and v_owner is not null and p_kind not in ('BET', 'WIN', 'BET_REFUND') then
          insert into member_money_daily as d (merchant_id, member_id, day, kind, tx_count, amount)
          values (p_merchant, v_owner, (v_created at time zone 'UTC')::date, p_kind, 1, p_amounts[i])
          on conflict (merchant_id, member_id, day, kind)
          do update set tx_count = d.tx_count + 1, amount = d.amount + excluded.amount;
        end if;
      end loop;

      return query select v_tx, v_created, false, e.account_id, e.amount, e.balance_after
        from ledger_entry e where e.transaction_id = v_tx order by e.id;
    end $$`.execute(db);

  await sql`
    create function ledger_post_many(p_postings jsonb)
    returns table (idx integer, error_code text, error_message text, transaction_id bigint,
                   created_at timestamptz, replayed boolean, account_id bigint, amount bigint,
                   balance_after bigint)
    language plpgsql as $$
    declare
      v_p jsonb;
      v_i integer := 0;
    begin
      for v_p in select value from jsonb_array_elements(p_postings) loop
        begin
          return query select v_i, null::text, null::text, r.*
            from ledger_post(
              (v_p->>'merchantId')::integer, v_p->>'kind', v_p->>'key', v_p->>'hash',
              (v_p->>'memberId')::bigint, v_p->>'reference', coalesce(v_p->'metadata', '{}'::jsonb),
              array(select x::bigint from jsonb_array_elements_text(v_p->'accounts') with ordinality as a(x, n) order by n),
              array(select x::bigint from jsonb_array_elements_text(v_p->'amounts') with ordinality as a(x, n) order by n)) r;
        exception when others then
          return query select v_i, sqlstate::text, sqlerrm::text, null::bigint, null::timestamptz,
            null::boolean, null::bigint, null::bigint, null::bigint;
        end;
        v_i := v_i + 1;
      end loop;
    end $$`.execute(db);
}
