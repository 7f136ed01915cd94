import { type Kysely, sql } from 'kysely';

/**
 * The seamless vendor wallet (docs/vendor-protocol.md): per-brand vendor secrets, launch sessions,
 * the transport replay store (`vendor_request`), the business transactions (`vendor_tx`, with
 * rollback tombstones), one `bet` row per member and round, and the per-member hourly and daily
 * wager rollups that reports read instead of raw bets.
 *
 * `vendor_apply(jsonb)` applies a whole batch of bet / win / rollback callbacks in one statement
 * (group commit): every operation runs in its own sub-transaction, so one refusal never undoes
 * another, and its ledger posting, bet row, rollups and stored reply are written together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table vendor_secret (
      merchant_id integer not null references merchant (id),
      vendor_code text not null,
      secret text not null,
      created_at timestamptz not null default now(),
      primary key (merchant_id, vendor_code)
    )`.execute(db);

  // Launch tokens are stored hashed (sha256), like site sessions: the table never holds a usable token.
  await sql`
    create table vendor_session (
      id bigint generated always as identity primary key,
      token_hash text not null unique,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      vendor_code text not null,
      game_code text not null,
      mode text not null check (mode in ('real', 'trial')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index vendor_session_member_idx on vendor_session (member_id, created_at desc)`.execute(
    db,
  );

  // Transport replay: the exact reply text sent for a request id, returned again for a replay.
  await sql`
    create table vendor_request (
      merchant_id integer not null,
      vendor_code text not null,
      request_id text not null,
      body_hash text not null,
      reply text not null,
      created_at timestamptz not null default now(),
      primary key (merchant_id, vendor_code, request_id)
    )`.execute(db);

  // Business transactions, applied once. A rollback of an unknown transaction leaves a
  // 'tombstone' row under the rolled-back id, so a bet arriving late with that id is refused.
  await sql`
    create table vendor_tx (
      merchant_id integer not null,
      vendor_code text not null,
      transaction_id text not null,
      type text not null check (type in ('bet', 'win', 'rollback', 'tombstone')),
      member_id bigint not null,
      round_id text not null,
      ref_transaction_id text,
      amount bigint not null default 0,
      payload_hash text not null,
      rolled_back boolean not null default false,
      bet_id bigint,
      ledger_transaction_id bigint,
      created_at timestamptz not null default now(),
      primary key (merchant_id, vendor_code, transaction_id)
    )`.execute(db);
  await sql`create index vendor_tx_round_idx on vendor_tx (merchant_id, vendor_code, member_id, round_id)`.execute(
    db,
  );

  // One row per member and vendor round. valid_bet = stake once the round is settled, 0 otherwise.
  await sql`
    create table bet (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      adapter text not null,
      vassalage text not null,
      game_code text not null,
      game_type text not null,
      round_id text not null,
      stake bigint not null default 0 check (stake >= 0),
      valid_bet bigint not null default 0,
      payout bigint not null default 0 check (payout >= 0),
      status text not null check (status in ('open', 'settled', 'void')),
      placed_at timestamptz not null default now(),
      settled_at timestamptz,
      unique (merchant_id, adapter, member_id, round_id)
    )`.execute(db);
  await sql`create index bet_member_placed_idx on bet (member_id, placed_at desc)`.execute(db);
  await sql`create index bet_settled_idx on bet (merchant_id, settled_at desc) where status = 'settled'`.execute(
    db,
  );

  for (const [table, column, type] of [
    ['member_stat_hourly', 'hour', 'timestamptz'],
    ['member_stat_daily', 'day', 'date'],
  ] as const) {
    await sql`
      create table ${sql.raw(table)} (
        merchant_id integer not null references merchant (id),
        member_id bigint not null references member (id),
        ${sql.raw(column)} ${sql.raw(type)} not null,
        game_type text not null,
        vassalage text not null,
        bet_count integer not null default 0,
        stake bigint not null default 0,
        valid_bet bigint not null default 0,
        payout bigint not null default 0,
        primary key (merchant_id, member_id, ${sql.raw(column)}, game_type, vassalage)
      )`.execute(db);
    await sql`create index ${sql.raw(`${table}_period_idx`)} on ${sql.raw(table)} (merchant_id, ${sql.raw(column)})`.execute(
      db,
    );
  }

  // Adds one change of a bet row to both rollups, keyed by the bet's placing time (UTC).
  await sql`
    create function member_stat_add(
      p_merchant integer, p_member bigint, p_at timestamptz, p_type text, p_vass text,
      p_count integer, p_stake bigint, p_valid bigint, p_payout bigint)
    returns void language plpgsql as $$
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
    end $$`.execute(db);

  // One operation. Refusals raise SQLSTATE 'VW001' with the protocol status as the message; the
  // caller's exception block rolls the operation back and answers that status.
  await sql`
    create function vendor_apply_one(op jsonb) returns jsonb language plpgsql as $$
    declare
      v_merchant integer := (op->>'merchant')::integer;
      v_vendor text := op->>'vendor';
      v_op text := op->>'op';
      v_member bigint := (op->>'member')::bigint;
      v_txid text := op->>'transaction_id';
      v_round text := op->>'round_id';
      v_amount bigint := coalesce((op->>'amount')::bigint, 0);
      v_hash text := op->>'payload_hash';
      v_settle bigint := (op->>'settlement')::bigint;
      v_main bigint;
      v_balance bigint;
      v_tx vendor_tx%rowtype;
      v_ref vendor_tx%rowtype;
      v_bet bet%rowtype;
      v_session vendor_session%rowtype;
      v_ledger bigint;
      v_kind text;
      v_accounts bigint[];
      v_amounts bigint[];
      v_found boolean;
    begin
      -- The member's main wallet, locked first: every operation of one member serialises here,
      -- before it touches the member's bet rows and rollups (batches lock members in id order).
      select a.id, a.balance into v_main, v_balance from ledger_account a
        where a.merchant_id = v_merchant and a.owner_id = v_member and a.kind = 'main' and a.code = 'MAIN'
        for update;
      if v_main is null then
        if not exists (select 1 from member m where m.id = v_member and m.merchant_id = v_merchant) then
          raise exception 'PLAYER_NOT_FOUND' using errcode = 'VW001';
        end if;
        insert into ledger_account (merchant_id, owner_id, kind, code, currency)
          values (v_merchant, v_member, 'main', 'MAIN', op->>'currency')
          on conflict do nothing;
        select a.id, a.balance into v_main, v_balance from ledger_account a
          where a.merchant_id = v_merchant and a.owner_id = v_member and a.kind = 'main' and a.code = 'MAIN'
          for update;
      end if;

      select * into v_tx from vendor_tx t
        where t.merchant_id = v_merchant and t.vendor_code = v_vendor and t.transaction_id = v_txid;
      if found then
        if v_tx.type = 'tombstone' and v_op = 'bet' then
          raise exception 'BET_ALREADY_ROLLED_BACK' using errcode = 'VW001';
        end if;
        if v_tx.type <> v_op or v_tx.payload_hash <> v_hash then
          raise exception 'DUPLICATE_TRANSACTION' using errcode = 'VW001';
        end if;
        -- Applied before under another request id: nothing moves, the current balance is answered.
        return jsonb_build_object('status', 'OK', 'balance', v_balance::text, 'currency', op->>'currency',
                                  'transaction_id', v_txid);
      end if;

      if v_op = 'bet' then
        select * into v_session from vendor_session s where s.token_hash = op->>'token_hash';
        if not found or v_session.merchant_id <> v_merchant or v_session.vendor_code <> v_vendor
           or v_session.member_id <> v_member or v_session.mode <> 'real' or v_session.expires_at <= now() then
          raise exception 'SESSION_EXPIRED' using errcode = 'VW001';
        end if;
        select * into v_bet from bet b
          where b.merchant_id = v_merchant and b.adapter = v_vendor and b.member_id = v_member and b.round_id = v_round;
        v_found := found;
        if v_found and v_bet.status = 'void' then
          raise exception 'BET_ALREADY_ROLLED_BACK' using errcode = 'VW001';
        end if;
        if v_found and v_bet.status = 'settled' then
          raise exception 'ROUND_CLOSED' using errcode = 'VW001';
        end if;
        if v_balance < v_amount then
          raise exception 'INSUFFICIENT_FUNDS' using errcode = 'VW001';
        end if;
        v_kind := 'BET';
        v_accounts := case when v_main < v_settle then array[v_main, v_settle] else array[v_settle, v_main] end;
        v_amounts := case when v_main < v_settle then array[-v_amount, v_amount] else array[v_amount, -v_amount] end;
      elsif v_op = 'win' then
        select * into v_bet from bet b
          where b.merchant_id = v_merchant and b.adapter = v_vendor and b.member_id = v_member and b.round_id = v_round;
        if not found then
          if exists (select 1 from vendor_tx t where t.merchant_id = v_merchant and t.vendor_code = v_vendor
                     and t.member_id = v_member and t.round_id = v_round and t.type = 'tombstone') then
            raise exception 'BET_ALREADY_ROLLED_BACK' using errcode = 'VW001';
          end if;
          raise exception 'BET_NOT_FOUND' using errcode = 'VW001';
        end if;
        if v_bet.status = 'void' then
          raise exception 'BET_ALREADY_ROLLED_BACK' using errcode = 'VW001';
        end if;
        v_kind := 'WIN';
        v_accounts := case when v_main < v_settle then array[v_main, v_settle] else array[v_settle, v_main] end;
        v_amounts := case when v_main < v_settle then array[v_amount, -v_amount] else array[-v_amount, v_amount] end;
      elsif v_op = 'rollback' then
        select * into v_ref from vendor_tx t
          where t.merchant_id = v_merchant and t.vendor_code = v_vendor and t.transaction_id = op->>'ref_transaction_id';
        if not found then
          -- Unknown bet: succeed, and leave a tombstone so the bet is refused if it arrives late.
          insert into vendor_tx (merchant_id, vendor_code, transaction_id, type, member_id, round_id, payload_hash)
            values (v_merchant, v_vendor, op->>'ref_transaction_id', 'tombstone', v_member, v_round, '');
          v_amount := 0;
        elsif v_ref.member_id <> v_member then
          raise exception 'BET_NOT_FOUND' using errcode = 'VW001';
        elsif v_ref.type = 'tombstone' or v_ref.rolled_back then
          v_amount := 0; -- already rolled back: succeed again, move nothing
        elsif v_ref.type <> 'bet' then
          raise exception 'NOT_A_BET' using errcode = 'VW001';
        else
          select * into v_bet from bet b where b.id = v_ref.bet_id;
          if v_bet.status = 'settled' then
            raise exception 'ROUND_CLOSED' using errcode = 'VW001';
          end if;
          v_amount := v_ref.amount;
          update vendor_tx t set rolled_back = true
            where t.merchant_id = v_merchant and t.vendor_code = v_vendor and t.transaction_id = v_ref.transaction_id;
        end if;
        v_kind := 'BET_REFUND';
        v_accounts := case when v_main < v_settle then array[v_main, v_settle] else array[v_settle, v_main] end;
        v_amounts := case when v_main < v_settle then array[v_amount, -v_amount] else array[-v_amount, v_amount] end;
      else
        raise exception 'BAD_REQUEST' using errcode = 'VW001';
      end if;

      if v_amount > 0 then
        select p.transaction_id, p.balance_after into v_ledger, v_balance
          from ledger_post(v_merchant, v_kind, 'vendor:' || v_vendor || ':' || v_txid, v_hash, v_member, v_round,
                           jsonb_build_object('vendor', v_vendor, 'round', v_round, 'game', op->>'game_code'),
                           v_accounts, v_amounts) p
          where p.account_id = v_main;
      end if;

      -- The bet row and both rollups, by the same deltas.
      if v_op = 'bet' then
        if v_found then
          update bet b set stake = b.stake + v_amount where b.id = v_bet.id;
          perform member_stat_add(v_merchant, v_member, v_bet.placed_at, v_bet.game_type, v_bet.vassalage,
                                  0, v_amount, 0, 0);
        else
          insert into bet (merchant_id, member_id, adapter, vassalage, game_code, game_type, round_id, stake, status)
            values (v_merchant, v_member, v_vendor, op->>'vassalage', op->>'game_code', op->>'game_type', v_round,
                    v_amount, 'open')
            returning * into v_bet;
          perform member_stat_add(v_merchant, v_member, v_bet.placed_at, v_bet.game_type, v_bet.vassalage,
                                  1, v_amount, 0, 0);
        end if;
      elsif v_op = 'win' then
        if v_bet.status = 'open' and (op->>'round_closed')::boolean then
          update bet b set payout = b.payout + v_amount, status = 'settled', valid_bet = b.stake,
                           settled_at = now() where b.id = v_bet.id;
          perform member_stat_add(v_merchant, v_member, v_bet.placed_at, v_bet.game_type, v_bet.vassalage,
                                  0, 0, v_bet.stake, v_amount);
        else
          update bet b set payout = b.payout + v_amount where b.id = v_bet.id;
          perform member_stat_add(v_merchant, v_member, v_bet.placed_at, v_bet.game_type, v_bet.vassalage,
                                  0, 0, 0, v_amount);
        end if;
      elsif v_amount > 0 then
        -- A refunded bet: its stake leaves the round; a round with no stake left is void.
        if v_bet.stake - v_amount = 0 then
          update bet b set stake = 0, valid_bet = 0, status = 'void', settled_at = now() where b.id = v_bet.id;
          perform member_stat_add(v_merchant, v_member, v_bet.placed_at, v_bet.game_type, v_bet.vassalage,
                                  -1, -v_amount, 0, 0);
        else
          update bet b set stake = b.stake - v_amount where b.id = v_bet.id;
          perform member_stat_add(v_merchant, v_member, v_bet.placed_at, v_bet.game_type, v_bet.vassalage,
                                  0, -v_amount, 0, 0);
        end if;
      end if;

      insert into vendor_tx (merchant_id, vendor_code, transaction_id, type, member_id, round_id, ref_transaction_id,
                             amount, payload_hash, bet_id, ledger_transaction_id)
        values (v_merchant, v_vendor, v_txid, v_op, v_member, v_round, op->>'ref_transaction_id', v_amount, v_hash,
                v_bet.id, v_ledger);

      return jsonb_build_object('status', 'OK', 'balance', v_balance::text, 'currency', op->>'currency',
                                'transaction_id', v_txid);
    end $$`.execute(db);

  // A batch: replays first (the stored reply, verbatim), then each operation in its own
  // sub-transaction. Deadlocks and serialisation failures abort the whole batch (the caller
  // retries it); any other failure answers INTERNAL_ERROR for that operation only and is not
  // stored, so the vendor's retry can succeed.
  await sql`
    create function vendor_apply(p_ops jsonb) returns table (idx integer, reply text)
    language plpgsql as $$
    declare
      op jsonb;
      v_reply jsonb;
      v_stored text;
      v_hash text;
      v_status text;
      v_balance bigint;
    begin
      for op in select value from jsonb_array_elements(p_ops) loop
        idx := (op->>'i')::integer;
        v_stored := null;
        select r.reply, r.body_hash into v_stored, v_hash from vendor_request r
          where r.merchant_id = (op->>'merchant')::integer and r.vendor_code = op->>'vendor'
            and r.request_id = op->>'request_id';
        if v_stored is not null then
          if v_hash = op->>'body_hash' then
            reply := v_stored;
          else
            reply := jsonb_build_object('status', 'BAD_REQUEST', 'message', 'request_id was used for another request')::text;
          end if;
          return next;
          continue;
        end if;

        begin
          v_reply := vendor_apply_one(op);
        exception
          when sqlstate '40001' or sqlstate '40P01' then raise;
          when sqlstate 'VW001' or sqlstate '23514' then
            v_status := case when sqlstate = '23514' then 'INSUFFICIENT_FUNDS' else sqlerrm end;
            select a.balance into v_balance from ledger_account a
              where a.merchant_id = (op->>'merchant')::integer and a.owner_id = (op->>'member')::bigint
                and a.kind = 'main' and a.code = 'MAIN';
            v_reply := case
              when v_status = 'ROUND_CLOSED' then
                jsonb_build_object('status', 'BAD_REQUEST', 'message', 'the round is already settled')
              when v_status = 'NOT_A_BET' then
                jsonb_build_object('status', 'BAD_REQUEST', 'message', 'only a bet can be rolled back')
              when v_status = 'PLAYER_NOT_FOUND' then jsonb_build_object('status', v_status)
              else jsonb_build_object('status', v_status, 'balance', coalesce(v_balance, 0)::text,
                                      'currency', op->>'currency')
            end;
          when others then
            v_reply := jsonb_build_object('status', 'INTERNAL_ERROR', 'message', sqlstate);
        end;
        if v_reply->>'status' <> 'INTERNAL_ERROR' then
          insert into vendor_request (merchant_id, vendor_code, request_id, body_hash, reply)
            values ((op->>'merchant')::integer, op->>'vendor', op->>'request_id', op->>'body_hash', v_reply::text)
            on conflict do nothing;
        end if;
        reply := v_reply::text;
        return next;
      end loop;
    end $$`.execute(db);
}
