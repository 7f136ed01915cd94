CREATE OR REPLACE FUNCTION public.vendor_settle_many(p jsonb)
 RETURNS TABLE(idx integer, status text, balance bigint)
 LANGUAGE plpgsql
AS $function$
    declare
      v_merchant integer := (p->>'merchant')::integer;
      v_vendor text := p->>'vendor';
      v_settle bigint := (p->>'settlement')::bigint;
    begin
      -- The members' main wallets, locked in id order like every other batch, before anything is read.
      perform 1 from ledger_account a
        where a.merchant_id = v_merchant and a.kind = 'main' and a.code = 'MAIN'
          and a.owner_id in (select distinct e.member from jsonb_to_recordset(p->'items') as e(member bigint))
        order by a.id for update;

      create temp table if not exists vendor_settle_batch (
        idx integer, member bigint, txid text, round text, amount bigint, hash text, game text,
        status text, main bigint, balance bigint, bet_id bigint, bet_open boolean, placed_at timestamptz,
        game_type text, vassalage text, stake bigint, ledger_tx bigint
      ) on commit drop;
      truncate vendor_settle_batch;
      insert into vendor_settle_batch
        select x.idx, x.member, x.txid, x.round, x.amount, x.hash, x.game, x.status, x.main, x.balance, x.bet_id,
               x.bet_open, x.placed_at, x.game_type, x.vassalage, x.stake,
               case when x.status = 'apply' and x.amount > 0 then nextval(pg_get_serial_sequence('ledger_transaction', 'id')) end
        from (
          select j.idx, j.member, j.txid, j.round, j.amount, j.hash, j.game, a.id as main, a.balance,
                 b.id as bet_id, b.status = 'open' as bet_open, b.placed_at, b.game_type, b.vassalage, b.stake,
                 case
                   when j.dup > 1 then 'DUPLICATE_TRANSACTION'
                   when a.id is null then 'PLAYER_NOT_FOUND'
                   when t.type is not null then
                     case when t.type = 'win' and t.payload_hash = j.hash then 'OK' else 'DUPLICATE_TRANSACTION' end
                   when b.id is null then 'BET_NOT_FOUND'
                   when b.status = 'void' then 'BET_ALREADY_ROLLED_BACK'
                   else 'apply'
                 end as status
          from (
            select (e.n - 1)::integer as idx, e.member, e.transaction_id as txid, e.round_id as round, e.amount,
                   e.payload_hash as hash, e.game_code as game,
                   row_number() over (partition by e.transaction_id order by e.n) as dup
            from rows from (jsonb_to_recordset(p->'items') as (member bigint, transaction_id text, round_id text,
                            amount bigint, payload_hash text, game_code text)) with ordinality
              as e(member, transaction_id, round_id, amount, payload_hash, game_code, n)
          ) j
          -- Each a lookup per item (lateral: it cannot be turned into a scan of the brand's rows).
          left join lateral (
            select a.id, a.balance from ledger_account a
            where a.merchant_id = v_merchant and a.owner_id = j.member and a.kind = 'main' and a.code = 'MAIN'
            limit 1) a on true
          left join lateral (
            select t.type, t.payload_hash from vendor_tx t
            where t.merchant_id = v_merchant and t.vendor_code = v_vendor and t.transaction_id = j.txid
            limit 1) t on true
          left join lateral (
            select b.id, b.status, b.placed_at, b.game_type, b.vassalage, b.stake from bet b
            where b.merchant_id = v_merchant and b.adapter = v_vendor and b.member_id = j.member and b.round_id = j.round
            limit 1) b on true
        ) x;

      -- Paying items only (most items of a draw pay nothing): one ledger transaction each, its entries
      -- in the order ledger_post writes them, the wallet's balance after it the running sum over the
      -- batch in item order; then each wallet moved once by its total.
      if exists (select 1 from vendor_settle_batch i where i.ledger_tx is not null) then
        insert into ledger_transaction (id, merchant_id, kind, idempotency_key, request_hash, member_id, reference, metadata)
          overriding system value
          select i.ledger_tx, v_merchant, 'WIN', 'vendor:' || v_vendor || ':' || i.txid, i.hash, i.member, i.round,
                 jsonb_build_object('vendor', v_vendor, 'round', i.round, 'game', i.game)
          from vendor_settle_batch i where i.ledger_tx is not null;
        insert into ledger_entry (transaction_id, account_id, amount, balance_after)
          select e.tx, e.acc, e.amt, e.bal from (
            select w.idx, w.ledger_tx as tx, w.main as acc, w.amount as amt,
                   w.balance + sum(w.amount) over (partition by w.main order by w.idx) as bal,
                   case when w.main < v_settle then 0 else 1 end as ord
            from vendor_settle_batch w where w.ledger_tx is not null
            union all
            select i.idx, i.ledger_tx, v_settle, -i.amount, null::bigint, case when v_settle < i.main then 0 else 1 end
            from vendor_settle_batch i where i.ledger_tx is not null
          ) e order by e.idx, e.ord;
        update ledger_account a set balance = a.balance + s.total
          from (select i.main, sum(i.amount) as total from vendor_settle_batch i where i.ledger_tx is not null group by i.main) s
          where a.id = s.main;
      end if;

      -- The bet rows: paid, and settled if still open; the rollups by the same deltas, summed per key
      -- first (one upsert per member, period, game type and vassalage).
      update bet b set payout = b.payout + s.amount,
                       status = case when b.status = 'open' then 'settled' else b.status end,
                       valid_bet = case when b.status = 'open' then b.stake else b.valid_bet end,
                       settled_at = case when b.status = 'open' then now() else b.settled_at end
        from (select i.bet_id, sum(i.amount) as amount from vendor_settle_batch i where i.status = 'apply' group by i.bet_id) s
        where b.id = s.bet_id;
      with per_bet as (
        select i.member, i.placed_at, i.game_type, i.vassalage,
               max(case when i.bet_open then i.stake else 0 end) as valid, sum(i.amount) as payout
        from vendor_settle_batch i where i.status = 'apply'
        group by i.bet_id, i.member, i.placed_at, i.game_type, i.vassalage
      ), hourly as (
        insert into member_stat_hourly as s (merchant_id, member_id, hour, game_type, vassalage, bet_count, stake, valid_bet, payout)
          select v_merchant, x.member, date_trunc('hour', x.placed_at at time zone 'UTC') at time zone 'UTC', x.game_type,
                 x.vassalage, 0, 0, sum(x.valid), sum(x.payout)
          from per_bet x group by 2, 3, 4, 5
          on conflict (merchant_id, member_id, hour, game_type, vassalage) do update
            set valid_bet = s.valid_bet + excluded.valid_bet, payout = s.payout + excluded.payout
      )
      insert into member_stat_daily as s (merchant_id, member_id, day, game_type, vassalage, bet_count, stake, valid_bet, payout)
        select v_merchant, x.member, (x.placed_at at time zone 'UTC')::date, x.game_type, x.vassalage, 0, 0,
               sum(x.valid), sum(x.payout)
        from per_bet x group by 2, 3, 4, 5
        on conflict (merchant_id, member_id, day, game_type, vassalage) do update
          set valid_bet = s.valid_bet + excluded.valid_bet, payout = s.payout + excluded.payout;

      insert into vendor_tx (merchant_id, vendor_code, transaction_id, type, member_id, round_id, amount, payload_hash,
                             bet_id, ledger_transaction_id)
        select v_merchant, v_vendor, i.txid, 'win', i.member, i.round, i.amount, i.hash, i.bet_id, i.ledger_tx
        from vendor_settle_batch i where i.status = 'apply';

      -- Each item's wallet after the batch: the balance read under the lock plus what the batch paid it.
      return query
        select i.idx, case when i.status = 'apply' then 'OK' else i.status end,
               i.balance + coalesce(sum(i.amount) filter (where i.ledger_tx is not null) over (partition by i.main), 0)::bigint
        from vendor_settle_batch i order by i.idx;
    end $function$
