CREATE OR REPLACE FUNCTION public.ledger_entries_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
    end $function$
