CREATE OR REPLACE FUNCTION public.ledger_post(p_merchant integer, p_kind text, p_key text, p_hash text, p_member bigint, p_reference text, p_metadata jsonb, p_accounts bigint[], p_amounts bigint[])
 RETURNS TABLE(transaction_id bigint, created_at timestamp with time zone, replayed boolean, account_id bigint, amount bigint, balance_after bigint)
 LANGUAGE plpgsql
AS $function$
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
    end $function$
