CREATE OR REPLACE FUNCTION public.agent_contract_event_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      raise exception 'agent_contract_event is append-only' using errcode = '42501';
    end $function$
