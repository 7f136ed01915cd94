CREATE OR REPLACE FUNCTION public.team_rollup_refresh(p_merchant integer, p_from date, p_to date, p_threshold bigint, p_agent_types integer[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
    declare
      v_threshold bigint := greatest(p_threshold, 1);
      v_week date := p_to - ((extract(isodow from p_to)::int - 1));
      v_month date := date_trunc('month', p_to)::date;
    begin
      delete from team_day where merchant_id = p_merchant and day between p_from and p_to;
      insert into team_day (merchant_id, agent_id, day, bet_count, stake, valid_bet, payout, active_members,
                            new_members, deposit_count, deposit_amount, withdraw_count, withdraw_net)
      with per as (
        select s.member_id, s.day, sum(s.bet_count) as bet_count, sum(s.stake) as stake,
          sum(s.valid_bet) as valid_bet, sum(s.payout) as payout
        from member_stat_daily s
        where s.merchant_id = p_merchant and s.day between p_from and p_to
        group by 1, 2),
      bets as (
        select t.ancestor_id, p.day, sum(p.bet_count) as bet_count, sum(p.stake) as stake,
          sum(p.valid_bet) as valid_bet, sum(p.payout) as payout,
          count(*) filter (where p.valid_bet >= v_threshold) as active
        from per p join member_tree t on t.descendant_id = p.member_id
        group by 1, 2),
      money as (
        select t.ancestor_id, d.day,
          coalesce(sum(d.tx_count) filter (where d.kind = 'DEPOSIT'), 0) as deposit_count,
          coalesce(sum(d.amount) filter (where d.kind = 'DEPOSIT'), 0) as deposit_amount,
          coalesce(sum(d.tx_count) filter (where d.kind = 'WITHDRAW'), 0)
            - coalesce(sum(d.tx_count) filter (where d.kind = 'WITHDRAW_REVERSAL'), 0) as withdraw_count,
          coalesce(sum(d.amount) filter (where d.kind in ('WITHDRAW', 'WITHDRAW_REVERSAL')), 0) as withdraw_net
        from member_money_daily d join member_tree t on t.descendant_id = d.member_id
        where d.merchant_id = p_merchant and d.day between p_from and p_to
          and d.kind in ('DEPOSIT', 'WITHDRAW', 'WITHDRAW_REVERSAL')
        group by 1, 2),
      joined as (
        select t.ancestor_id, (m.created_at at time zone 'UTC')::date as day, count(*) as n
        from member m join member_tree t on t.descendant_id = m.id and t.depth >= 1
        where m.merchant_id = p_merchant
          and m.created_at >= p_from::timestamp at time zone 'UTC'
          and m.created_at < (p_to + 1)::timestamp at time zone 'UTC'
        group by 1, 2),
      keys as (
        select ancestor_id, day from bets union select ancestor_id, day from money
        union select ancestor_id, day from joined)
      select p_merchant, k.ancestor_id, k.day, coalesce(b.bet_count, 0), coalesce(b.stake, 0),
        coalesce(b.valid_bet, 0), coalesce(b.payout, 0), coalesce(b.active, 0), coalesce(j.n, 0),
        coalesce(m.deposit_count, 0), coalesce(m.deposit_amount, 0), coalesce(m.withdraw_count, 0),
        coalesce(m.withdraw_net, 0)
      from keys k
      left join bets b on b.ancestor_id = k.ancestor_id and b.day = k.day
      left join money m on m.ancestor_id = k.ancestor_id and m.day = k.day
      left join joined j on j.ancestor_id = k.ancestor_id and j.day = k.day;

      delete from team_day_game where merchant_id = p_merchant and day between p_from and p_to;
      insert into team_day_game (merchant_id, agent_id, day, game_type, bet_count, stake, valid_bet, payout)
      select p_merchant, t.ancestor_id, s.day, s.game_type, sum(s.bet_count), sum(s.stake), sum(s.valid_bet),
        sum(s.payout)
      from member_stat_daily s join member_tree t on t.descendant_id = s.member_id
      where s.merchant_id = p_merchant and s.day between p_from and p_to
      group by 2, 3, 4;

      delete from team_period where merchant_id = p_merchant
        and ((period = 'week' and start_day = v_week) or (period = 'month' and start_day = v_month));
      insert into team_period (merchant_id, agent_id, period, start_day, end_day, active_members)
      select p_merchant, t.ancestor_id, x.period, x.start_day, p_to, count(*)
      from (
        select 'week' as period, v_week as start_day, s.member_id from member_stat_daily s
        where s.merchant_id = p_merchant and s.day between v_week and p_to
        group by s.member_id having sum(s.valid_bet) >= v_threshold
        union all
        select 'month', v_month, s.member_id from member_stat_daily s
        where s.merchant_id = p_merchant and s.day between v_month and p_to
        group by s.member_id having sum(s.valid_bet) >= v_threshold) x
      join member_tree t on t.descendant_id = x.member_id
      group by 2, 3, 4;

      delete from team_summary where merchant_id = p_merchant;
      insert into team_summary (agent_id, merchant_id, team_size, direct_count, agent_count, team_balance, own_balance)
      select t.ancestor_id, p_merchant, count(*), count(*) filter (where t.depth = 1),
        count(*) filter (where t.depth >= 1 and m.type = any(p_agent_types)),
        coalesce(sum(a.balance), 0), coalesce(sum(a.balance) filter (where t.depth = 0), 0)
      from member_tree t join member m on m.id = t.descendant_id
      left join ledger_account a on a.owner_id = m.id and a.kind = 'main' and a.merchant_id = p_merchant
      where m.merchant_id = p_merchant
      group by t.ancestor_id;

      insert into team_rollup_state (merchant_id, refreshed_at, active_threshold)
      values (p_merchant, now(), v_threshold)
      on conflict (merchant_id) do update set refreshed_at = now(), active_threshold = excluded.active_threshold;
    end $function$
