CREATE OR REPLACE FUNCTION public.ledger_transaction_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if (select coalesce(sum(amount), 0) from ledger_entry where transaction_id = new.transaction_id) <> 0 then
        raise exception 'ledger transaction % does not sum to zero', new.transaction_id using errcode = '23514';
      end if;
      return null;
    end $function$
