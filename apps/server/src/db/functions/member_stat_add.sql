CREATE OR REPLACE FUNCTION public.member_stat_add(p_merchant integer, p_member bigint, p_at timestamp with time zone, p_type text, p_vass text, p_count integer, p_stake bigint, p_valid bigint, p_payout bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
    begin
      if p_count = 0 and p_stake = 0 and p_valid = 0 and p_payout = 0 then return; end if;
      insert into member_stat_hourly as s (merchant_id, member_id, hour, game_type, vassalage, bet_count, stake, valid_bet, payout)
      values (p_merchant, p_member, date_trunc('hour', p_at at time zone 'UTC') at time zone 'UTC', p_type, p_vass,
              p_count, p_stake, p_valid, p_payout)
      on conflict (merchant_id, member_id, hour, game_type, vassalage) do update
        set bet_count = s.bet_count + excluded.bet_count, stake = s.stake + excluded.stake,
            valid_bet = s.valid_bet + excluded.valid_bet, payout = s.payout + excluded.payout;
      insert into member_stat_daily as s (merchant_id, member_id, day, game_type, vassalage, bet_count, stake, valid_bet, payout)
      values (p_merchant, p_member, (p_at at time zone 'UTC')::date, p_type, p_vass, p_count, p_stake, p_valid, p_payout)
      on conflict (merchant_id, member_id, day, game_type, vassalage) do update
        set bet_count = s.bet_count + excluded.bet_count, stake = s.stake + excluded.stake,
            valid_bet = s.valid_bet + excluded.valid_bet, payout = s.payout + excluded.payout;
    end $function$
