CREATE OR REPLACE FUNCTION public.rg_play_check(p_member bigint, p_errcode text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
    declare
      r record;
      u record;
    begin
      for r in
        select l.kind, l.period,
               case when l.pending_from is not null and l.pending_from <= now() then l.pending_amount
                    else l.amount end as lim
          from rg_limit l
          where l.member_id = p_member and l.kind in ('loss', 'wager')
      loop
        continue when r.lim is null;
        select * into u from rg_play_used(p_member, case r.period when 'day' then interval '24 hours'
                                                  when 'week' then interval '7 days' else interval '30 days' end);
        if (case r.kind when 'wager' then u.wager else u.loss end) > r.lim then
          raise exception 'LIMIT_REACHED' using errcode = p_errcode;
        end if;
      end loop;
    end $function$
