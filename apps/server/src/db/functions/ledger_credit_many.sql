CREATE OR REPLACE FUNCTION public.ledger_credit_many(p jsonb)
 RETURNS TABLE(idx integer, transaction_id bigint, balance_after bigint, created_at timestamp with time zone)
 LANGUAGE plpgsql
AS $function$
    declare
      v_merchant integer := (p->>'merchant')::integer;
      v_kind text := p->>'kind';
      v_from bigint := (p->>'from')::bigint;
      v_n integer;
      v_done integer;
      v_seq regclass := pg_get_serial_sequence('ledger_transaction', 'id')::regclass;
    begin
      if not exists (select 1 from ledger_account a
                     where a.id = v_from and a.merchant_id = v_merchant and a.kind = 'system') then
        raise exception 'ledger_credit_many: % is not a system account of the brand', v_from using errcode = '22023';
      end if;
      create temp table if not exists ledger_credit_item (
        idx integer, key text, hash text, member bigint, account bigint, amount bigint, reference text,
        metadata jsonb, tx bigint, balance_after bigint, main boolean
      ) on commit drop;
      truncate ledger_credit_item;
      insert into ledger_credit_item (idx, key, hash, member, account, amount, reference, metadata)
        select (e.n - 1)::integer, e.v->>'key', e.v->>'hash', (e.v->>'member')::bigint, (e.v->>'account')::bigint,
               (e.v->>'amount')::bigint, e.v->>'reference', coalesce(e.v->'metadata', '{}'::jsonb)
        from jsonb_array_elements(p->'items') with ordinality e(v, n);
      get diagnostics v_n = row_count;
      -- The batch's size and keys for the planner: without them it guesses a few thousand rows and
      -- reads every wallet of the brand to join them (a sequential scan per statement).
      analyze ledger_credit_item;
      if exists (select 1 from ledger_credit_item i where i.amount is null or i.amount <= 0) then
        raise exception 'ledger_credit_many: every amount must be positive' using errcode = '22023';
      end if;
      if (select count(distinct i.account) from ledger_credit_item i) <> v_n then
        raise exception 'ledger_credit_many: one posting per wallet' using errcode = '22023';
      end if;

      -- The wallets, locked in id order like every other posting.
      perform 1 from ledger_account a where a.id in (select i.account from ledger_credit_item i) order by a.id for update;
      -- Each wallet credited by one update that also reads back its balance and kind (the
      -- posting's entries and rollup come from the batch table).
      with moved as (
        update ledger_account a set balance = a.balance + i.amount
        from ledger_credit_item i
        where a.id = i.account and a.merchant_id = v_merchant and a.owner_id = i.member and a.kind <> 'system'
        returning a.id, a.balance, a.kind)
      update ledger_credit_item i
        set balance_after = m.balance, tx = nextval(v_seq), main = m.kind = 'main'
        from moved m
        where m.id = i.account;
      if exists (select 1 from ledger_credit_item i where i.tx is null) then
        raise exception 'ledger_credit_many: a wallet is not the member''s' using errcode = '22023';
      end if;

      insert into ledger_transaction (id, merchant_id, kind, idempotency_key, request_hash, member_id, reference, metadata)
        overriding system value
        select i.tx, v_merchant, v_kind, i.key, i.hash, i.member, i.reference, i.metadata
        from ledger_credit_item i order by i.idx
        on conflict (merchant_id, idempotency_key) do nothing;
      get diagnostics v_done = row_count;
      if v_done <> v_n then
        raise exception 'ledger_credit_many: an idempotency key of the batch was used before' using errcode = 'LD409';
      end if;
      insert into ledger_entry (transaction_id, account_id, amount, balance_after)
        select e.tx, e.acc, e.amt, e.bal from (
          select i.idx, i.tx, i.account as acc, i.amount as amt, i.balance_after as bal,
                 case when i.account < v_from then 0 else 1 end as ord
          from ledger_credit_item i
          union all
          select i.idx, i.tx, v_from, -i.amount, null::bigint, case when v_from < i.account then 0 else 1 end
          from ledger_credit_item i
        ) e order by e.idx, e.ord;
      if v_kind not in ('BET', 'WIN', 'BET_REFUND') then
        insert into member_money_daily as d (merchant_id, member_id, day, kind, tx_count, amount)
          select v_merchant, i.member, (now() at time zone 'UTC')::date, v_kind, count(*), sum(i.amount)
          from ledger_credit_item i where i.main
          group by i.member
          on conflict (merchant_id, member_id, day, kind)
          do update set tx_count = d.tx_count + excluded.tx_count, amount = d.amount + excluded.amount;
      end if;
      return query select i.idx, i.tx, i.balance_after, now() from ledger_credit_item i order by i.idx;
    end $function$
