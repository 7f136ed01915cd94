import { type Kysely, sql } from 'kysely';

/**
 * Lottery selling (docs/lottery.md):
 * 1. `lottery_order`: what the member asked for — a bet type and selection on one issue or, a
 *    chase, on several (`win_stop` ends the chase at its first win).
 * 2. `lottery_bet`: one order on one issue, paid for through the house vendor's `bet` callback
 *    (round `L<id>`). Status: placing (bet sent, answer not recorded), open (paid, awaiting the
 *    draw), won / lost (settled: `payout` fixed; `paid` once the platform has applied it), refunded
 *    (rolled back: a cancelled draw, a stopped chase, a bet whose answer was lost), refused.
 * 3. Issue numbers of games with more than 999 draws a day take four digits.
 * 4. `vendor_settle_many(jsonb)`: a batch of `win` operations applied set-based — one statement
 *    per table for the whole batch instead of one sub-transaction per operation — with the same
 *    rules and effects as `vendor_apply` gives a `win` that closes its round: a ledger transaction
 *    per paying item, the bet row settled, both rollups, the vendor transaction stored once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A one-minute game draws 1,440 times a day: its issue numbers take four digits.
  await sql`alter table lottery_issue drop constraint lottery_issue_issue_check`.execute(db);
  await sql`alter table lottery_issue add constraint lottery_issue_issue_check check (issue ~ '^[0-9]{8}-[0-9]{3,4}$')`.execute(
    db,
  );
  await sql`
    create table lottery_order (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      game_code text not null,
      play_id text not null,
      content text not null,
      win_stop boolean not null,
      issues integer not null check (issues >= 1),
      created_at timestamptz not null default now(),
      stopped_at timestamptz
    )`.execute(db);
  await sql`
    create table lottery_bet (
      id bigint generated always as identity primary key,
      order_id bigint not null references lottery_order (id),
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      game_code text not null,
      issue text not null,
      play_id text not null,
      content text not null,
      units integer not null check (units >= 1),
      multiple integer not null check (multiple >= 1),
      unit_stake bigint not null check (unit_stake > 0),
      stake bigint not null check (stake > 0),
      prize_group integer not null,
      payout bigint not null default 0 check (payout >= 0),
      status text not null default 'placing'
        check (status in ('placing', 'open', 'won', 'lost', 'refunded', 'refused')),
      paid boolean not null default false,
      placed_at timestamptz not null default now(),
      settled_at timestamptz,
      foreign key (game_code, issue) references lottery_issue (game_code, issue)
    )`.execute(db);
  await sql`create index lottery_bet_issue_open_idx on lottery_bet (game_code, issue) where status = 'open'`.execute(
    db,
  );
  await sql`create index lottery_bet_member_idx on lottery_bet (member_id, id desc)`.execute(db);
  await sql`create index lottery_bet_order_idx on lottery_bet (order_id)`.execute(db);
  await sql`create index lottery_bet_unpaid_idx on lottery_bet (id) where status in ('won', 'lost') and not paid`.execute(
    db,
  );
  await sql`create index lottery_bet_placing_idx on lottery_bet (placed_at) where status = 'placing'`.execute(
    db,
  );

  await sql`
    create function vendor_settle_many(p jsonb)
    returns table (idx integer, status text, balance bigint)
    language plpgsql as $$
    declare
      v_merchant integer := (p->>'merchant')::integer;
      v_vendor text := p->>'vendor';
      v_settle bigint := (p->>'settlement')::bigint;
    begin
      create temp table if not exists vendor_settle_item (
        idx integer primary key, member bigint, txid text, round text, amount bigint, hash text, game text,
        status text, main bigint, bet_id bigint, bet_open boolean, placed_at timestamptz, game_type text,
        vassalage text, stake bigint, ledger_tx bigint, balance_after bigint
      ) on commit drop;
      truncate vendor_settle_item;
      insert into vendor_settle_item (idx, member, txid, round, amount, hash, game)
        select (e.n - 1)::integer, (e.v->>'member')::bigint, e.v->>'transaction_id', e.v->>'round_id',
               (e.v->>'amount')::bigint, e.v->>'payload_hash', e.v->>'game_code'
        from jsonb_array_elements(p->'items') with ordinality e(v, n);

      -- The same transaction twice in one batch: the first counts.
      update vendor_settle_item i set status = 'DUPLICATE_TRANSACTION'
        where exists (select 1 from vendor_settle_item j where j.txid = i.txid and j.idx < i.idx);

      -- The members' main wallets, locked in id order like every other batch.
      update vendor_settle_item i set main = a.id from ledger_account a
        where a.merchant_id = v_merchant and a.owner_id = i.member and a.kind = 'main' and a.code = 'MAIN';
      perform 1 from ledger_account a where a.id in (select i.main from vendor_settle_item i) order by a.id for update;
      update vendor_settle_item i set status = 'PLAYER_NOT_FOUND' where i.main is null and i.status is null;

      -- Applied before (a retry): OK again with nothing moved; the same id for other content: refused.
      update vendor_settle_item i
        set status = case when t.type = 'win' and t.payload_hash = i.hash then 'OK' else 'DUPLICATE_TRANSACTION' end
        from vendor_tx t
        where i.status is null and t.merchant_id = v_merchant and t.vendor_code = v_vendor and t.transaction_id = i.txid;

      update vendor_settle_item i
        set bet_id = b.id, bet_open = b.status = 'open', placed_at = b.placed_at, game_type = b.game_type,
            vassalage = b.vassalage, stake = b.stake,
            status = case when b.status = 'void' then 'BET_ALREADY_ROLLED_BACK' else 'apply' end
        from bet b
        where i.status is null and b.merchant_id = v_merchant and b.adapter = v_vendor and b.member_id = i.member
          and b.round_id = i.round;
      update vendor_settle_item i set status = 'BET_NOT_FOUND' where i.status is null;

      -- One ledger transaction per paying item, its entries in the order ledger_post writes them.
      with t as (
        insert into ledger_transaction (merchant_id, kind, idempotency_key, request_hash, member_id, reference, metadata)
        select v_merchant, 'WIN', 'vendor:' || v_vendor || ':' || i.txid, i.hash, i.member, i.round,
               jsonb_build_object('vendor', v_vendor, 'round', i.round, 'game', i.game)
        from vendor_settle_item i where i.status = 'apply' and i.amount > 0 order by i.idx
        returning id, idempotency_key
      )
      update vendor_settle_item i set ledger_tx = t.id from t
        where i.status = 'apply' and t.idempotency_key = 'vendor:' || v_vendor || ':' || i.txid;
      update vendor_settle_item i set balance_after = x.run from (
        select j.idx, a.balance + sum(j.amount) over (partition by j.main order by j.idx) as run
        from vendor_settle_item j join ledger_account a on a.id = j.main where j.ledger_tx is not null
      ) x where x.idx = i.idx;
      insert into ledger_entry (transaction_id, account_id, amount, balance_after)
        select e.tx, e.acc, e.amt, e.bal from (
          select i.idx, i.ledger_tx as tx, i.main as acc, i.amount as amt, i.balance_after as bal,
                 case when i.main < v_settle then 0 else 1 end as ord
          from vendor_settle_item i where i.ledger_tx is not null
          union all
          select i.idx, i.ledger_tx, v_settle, -i.amount, null::bigint, case when v_settle < i.main then 0 else 1 end
          from vendor_settle_item i where i.ledger_tx is not null
        ) e order by e.idx, e.ord;
      update ledger_account a set balance = a.balance + s.total
        from (select i.main, sum(i.amount) as total from vendor_settle_item i where i.ledger_tx is not null group by i.main) s
        where a.id = s.main;

      -- The bet rows: paid, and settled if still open; the rollups by the same deltas.
      update bet b set payout = b.payout + s.amount,
                       status = case when b.status = 'open' then 'settled' else b.status end,
                       valid_bet = case when b.status = 'open' then b.stake else b.valid_bet end,
                       settled_at = case when b.status = 'open' then now() else b.settled_at end
        from (select i.bet_id, sum(i.amount) as amount from vendor_settle_item i where i.status = 'apply' group by i.bet_id) s
        where b.id = s.bet_id;
      create temp table if not exists vendor_settle_stat on commit drop as
        select i.member, i.placed_at, i.game_type, i.vassalage, 0::bigint as valid, 0::bigint as payout
        from vendor_settle_item i where false;
      truncate vendor_settle_stat;
      insert into vendor_settle_stat
        select i.member, i.placed_at, i.game_type, i.vassalage,
               max(case when i.bet_open then i.stake else 0 end), sum(i.amount)
        from vendor_settle_item i where i.status = 'apply'
        group by i.bet_id, i.member, i.placed_at, i.game_type, i.vassalage;
      insert into member_stat_hourly as s (merchant_id, member_id, hour, game_type, vassalage, bet_count, stake, valid_bet, payout)
        select v_merchant, x.member, date_trunc('hour', x.placed_at at time zone 'UTC') at time zone 'UTC', x.game_type,
               x.vassalage, 0, 0, sum(x.valid), sum(x.payout)
        from vendor_settle_stat x group by 2, 3, 4, 5
        on conflict (merchant_id, member_id, hour, game_type, vassalage) do update
          set valid_bet = s.valid_bet + excluded.valid_bet, payout = s.payout + excluded.payout;
      insert into member_stat_daily as s (merchant_id, member_id, day, game_type, vassalage, bet_count, stake, valid_bet, payout)
        select v_merchant, x.member, (x.placed_at at time zone 'UTC')::date, x.game_type, x.vassalage, 0, 0,
               sum(x.valid), sum(x.payout)
        from vendor_settle_stat x group by 2, 3, 4, 5
        on conflict (merchant_id, member_id, day, game_type, vassalage) do update
          set valid_bet = s.valid_bet + excluded.valid_bet, payout = s.payout + excluded.payout;

      insert into vendor_tx (merchant_id, vendor_code, transaction_id, type, member_id, round_id, amount, payload_hash,
                             bet_id, ledger_transaction_id)
        select v_merchant, v_vendor, i.txid, 'win', i.member, i.round, i.amount, i.hash, i.bet_id, i.ledger_tx
        from vendor_settle_item i where i.status = 'apply';
      update vendor_settle_item i set status = 'OK' where i.status = 'apply';

      return query select i.idx, i.status, a.balance
        from vendor_settle_item i left join ledger_account a on a.id = i.main order by i.idx;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists vendor_settle_many(jsonb)`.execute(db);
  await sql`drop table if exists lottery_bet`.execute(db);
  await sql`drop table if exists lottery_order`.execute(db);
}
