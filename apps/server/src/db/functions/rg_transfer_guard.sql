CREATE OR REPLACE FUNCTION public.rg_transfer_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      perform rg_play_check(new.member_id, 'RG001');
      return null;
    end $function$
