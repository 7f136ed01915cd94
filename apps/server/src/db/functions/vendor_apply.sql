CREATE OR REPLACE FUNCTION public.vendor_apply(p_ops jsonb)
 RETURNS TABLE(idx integer, reply text)
 LANGUAGE plpgsql
AS $function$
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
    end $function$
