CREATE OR REPLACE FUNCTION public.ledger_account_referenced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
    end $function$
