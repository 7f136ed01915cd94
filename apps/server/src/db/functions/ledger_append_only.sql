CREATE OR REPLACE FUNCTION public.ledger_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      raise exception 'the ledger is append-only' using errcode = '42501';
    end $function$
