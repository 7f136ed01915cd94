CREATE OR REPLACE FUNCTION public.operator_audit_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      raise exception 'the operator audit log is append-only' using errcode = '42501';
    end $function$
