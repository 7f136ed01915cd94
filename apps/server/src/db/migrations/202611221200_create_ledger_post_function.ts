import { type Kysely, sql } from 'kysely';

/**
 * A posting in one round trip. The function does what LedgerService did statement by statement:
 * insert the transaction under its idempotency key (or replay / refuse a reused key), change each
 * member balance in the order given (the caller sorts by account id), append the entries, and
 * return them. Outside an explicit transaction the call is its own transaction, so a transfer
 * costs one statement instead of six; the deferred zero-sum trigger still checks it at commit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_post(
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
        update ledger_account a set balance = a.balance + p_amounts[i]
          where a.id = p_accounts[i] and a.kind <> 'system'
          returning a.balance into v_balance;
        insert into ledger_entry (transaction_id, account_id, amount, balance_after)
          values (v_tx, p_accounts[i], p_amounts[i], v_balance);
      end loop;

      return query select v_tx, v_created, false, e.account_id, e.amount, e.balance_after
        from ledger_entry e where e.transaction_id = v_tx order by e.id;
    end $$`.execute(db);
}
