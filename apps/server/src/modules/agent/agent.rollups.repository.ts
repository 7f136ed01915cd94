import { type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The advisory lock class of team rollup refreshes (agent.repository.ts, agent.tree.repository.ts); the second key is the brand. */
export const TEAM_ROLLUP_LOCK = 7301;

/**
 * Recomputes the team rollups (team_day, team_day_game, this week's and month's team_period,
 * team_summary) of the agents `agentIds` only, for the days `from` to `to`, the way
 * `team_rollup_refresh` (migration 202611221510) does for a whole brand. After a move the
 * closure table already holds the new tree; the rows of every other agent are unchanged by it.
 * Runs on the caller's transaction, which holds the brand's rollup lock.
 */
export async function recomputeTeams(
  tx: Transaction<Database>,
  p: {
    merchantId: number;
    agentIds: string[];
    from: string;
    to: string;
    threshold: bigint;
    agentTypes: number[];
  },
) {
  if (p.agentIds.length === 0) return;
  const ids = sql`${p.agentIds.map(Number)}::bigint[]`;
  const m = p.merchantId;
  const from = sql`${p.from}::date`;
  const to = sql`${p.to}::date`;
  const threshold = sql`greatest(${p.threshold.toString()}::bigint, 1)`;

  await sql`delete from team_day where agent_id = any(${ids}) and day between ${from} and ${to}`.execute(tx);
  await sql`
    insert into team_day (merchant_id, agent_id, day, bet_count, stake, valid_bet, payout, active_members,
                          new_members, deposit_count, deposit_amount, withdraw_count, withdraw_net)
    with per as (
      select s.member_id, s.day, sum(s.bet_count) as bet_count, sum(s.stake) as stake,
        sum(s.valid_bet) as valid_bet, sum(s.payout) as payout
      from member_stat_daily s
      where s.merchant_id = ${m} and s.day between ${from} and ${to}
        and s.member_id in (select descendant_id from member_tree where ancestor_id = any(${ids}))
      group by 1, 2),
    bets as (
      select t.ancestor_id, p.day, sum(p.bet_count) as bet_count, sum(p.stake) as stake,
        sum(p.valid_bet) as valid_bet, sum(p.payout) as payout,
        count(*) filter (where p.valid_bet >= ${threshold}) as active
      from per p join member_tree t on t.descendant_id = p.member_id and t.ancestor_id = any(${ids})
      group by 1, 2),
    money as (
      select t.ancestor_id, d.day,
        coalesce(sum(d.tx_count) filter (where d.kind = 'DEPOSIT'), 0) as deposit_count,
        coalesce(sum(d.amount) filter (where d.kind = 'DEPOSIT'), 0) as deposit_amount,
        coalesce(sum(d.tx_count) filter (where d.kind = 'WITHDRAW'), 0)
          - coalesce(sum(d.tx_count) filter (where d.kind = 'WITHDRAW_REVERSAL'), 0) as withdraw_count,
        coalesce(sum(d.amount) filter (where d.kind in ('WITHDRAW', 'WITHDRAW_REVERSAL')), 0) as withdraw_net
      from member_money_daily d join member_tree t on t.descendant_id = d.member_id and t.ancestor_id = any(${ids})
      where d.merchant_id = ${m} and d.day between ${from} and ${to}
        and d.kind in ('DEPOSIT', 'WITHDRAW', 'WITHDRAW_REVERSAL')
      group by 1, 2),
    joined as (
      select t.ancestor_id, (x.created_at at time zone 'UTC')::date as day, count(*) as n
      from member x join member_tree t on t.descendant_id = x.id and t.depth >= 1 and t.ancestor_id = any(${ids})
      where x.merchant_id = ${m}
        and x.created_at >= ${from}::timestamp at time zone 'UTC'
        and x.created_at < (${to} + 1)::timestamp at time zone 'UTC'
      group by 1, 2),
    keys as (
      select ancestor_id, day from bets union select ancestor_id, day from money
      union select ancestor_id, day from joined)
    select ${m}, k.ancestor_id, k.day, coalesce(b.bet_count, 0), coalesce(b.stake, 0),
      coalesce(b.valid_bet, 0), coalesce(b.payout, 0), coalesce(b.active, 0), coalesce(j.n, 0),
      coalesce(mo.deposit_count, 0), coalesce(mo.deposit_amount, 0), coalesce(mo.withdraw_count, 0),
      coalesce(mo.withdraw_net, 0)
    from keys k
    left join bets b on b.ancestor_id = k.ancestor_id and b.day = k.day
    left join money mo on mo.ancestor_id = k.ancestor_id and mo.day = k.day
    left join joined j on j.ancestor_id = k.ancestor_id and j.day = k.day`.execute(tx);

  await sql`delete from team_day_game where agent_id = any(${ids}) and day between ${from} and ${to}`.execute(
    tx,
  );
  await sql`
    insert into team_day_game (merchant_id, agent_id, day, game_type, bet_count, stake, valid_bet, payout)
    select ${m}, t.ancestor_id, s.day, s.game_type, sum(s.bet_count), sum(s.stake), sum(s.valid_bet), sum(s.payout)
    from member_stat_daily s join member_tree t on t.descendant_id = s.member_id and t.ancestor_id = any(${ids})
    where s.merchant_id = ${m} and s.day between ${from} and ${to}
    group by 2, 3, 4`.execute(tx);

  const week = sql`(${to} - (extract(isodow from ${to})::int - 1))`;
  const month = sql`date_trunc('month', ${to})::date`;
  await sql`
    delete from team_period where agent_id = any(${ids})
      and ((period = 'week' and start_day = ${week}) or (period = 'month' and start_day = ${month}))`.execute(
    tx,
  );
  await sql`
    insert into team_period (merchant_id, agent_id, period, start_day, end_day, active_members)
    select ${m}, t.ancestor_id, x.period, x.start_day, ${to}, count(*)
    from (
      select 'week' as period, ${week} as start_day, s.member_id from member_stat_daily s
      where s.merchant_id = ${m} and s.day between ${week} and ${to}
      group by s.member_id having sum(s.valid_bet) >= ${threshold}
      union all
      select 'month', ${month}, s.member_id from member_stat_daily s
      where s.merchant_id = ${m} and s.day between ${month} and ${to}
      group by s.member_id having sum(s.valid_bet) >= ${threshold}) x
    join member_tree t on t.descendant_id = x.member_id and t.ancestor_id = any(${ids})
    group by 2, 3, 4`.execute(tx);

  await sql`delete from team_summary where agent_id = any(${ids})`.execute(tx);
  await sql`
    insert into team_summary (agent_id, merchant_id, team_size, direct_count, agent_count, team_balance, own_balance)
    select t.ancestor_id, ${m}, count(*), count(*) filter (where t.depth = 1),
      count(*) filter (where t.depth >= 1 and x.type = any(${p.agentTypes}::int[])),
      coalesce(sum(a.balance), 0), coalesce(sum(a.balance) filter (where t.depth = 0), 0)
    from member_tree t join member x on x.id = t.descendant_id
    left join ledger_account a on a.owner_id = x.id and a.kind = 'main' and a.merchant_id = ${m}
    where x.merchant_id = ${m} and t.ancestor_id = any(${ids})
    group by t.ancestor_id`.execute(tx);
}
