CREATE OR REPLACE FUNCTION public.brand_report_refresh(p_merchant integer, p_from date, p_to date)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
    declare
      v_start timestamptz := p_from::timestamp at time zone 'UTC';
      v_end timestamptz := (p_to + 1)::timestamp at time zone 'UTC';
    begin
      delete from brand_game_day where merchant_id = p_merchant and day between p_from and p_to;
      delete from brand_day where merchant_id = p_merchant and day between p_from and p_to;
      insert into brand_game_day (merchant_id, day, adapter, game_code, game_type, vassalage,
                                  bet_count, stake, valid_bet, payout)
        select p_merchant, (b.placed_at at time zone 'UTC')::date, b.adapter, b.game_code, b.game_type, b.vassalage,
               count(*), sum(b.stake), sum(b.valid_bet), sum(b.payout)
        from bet b
        where b.merchant_id = p_merchant and b.placed_at >= v_start and b.placed_at < v_end and b.status <> 'void'
        group by 2, 3, 4, 5, 6;
      insert into brand_day (merchant_id, day, active_members, refreshed_at)
        select p_merchant, d::date, coalesce(a.n, 0), now()
        from generate_series(p_from, p_to, interval '1 day') d
        left join (
          select (b.placed_at at time zone 'UTC')::date as day, count(distinct b.member_id)::integer as n
          from bet b
          where b.merchant_id = p_merchant and b.placed_at >= v_start and b.placed_at < v_end and b.status <> 'void'
          group by 1
        ) a on a.day = d::date;
    end $function$
