CREATE OR REPLACE FUNCTION public.vendor_apply_one(op jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
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
    end $function$
