CREATE OR REPLACE FUNCTION public.rg_bet_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      perform rg_play_check(new.member_id, 'VW001');
      return null;
    end $function$
