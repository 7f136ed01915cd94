CREATE OR REPLACE FUNCTION public.rg_play_used(p_member bigint, p_window interval, OUT wager bigint, OUT loss bigint)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
    declare
      v_out bigint;
      v_net bigint;
    begin
      select coalesce(sum(b.stake), 0), coalesce(sum(b.stake - b.payout), 0) into wager, loss
        from bet b
        where b.member_id = p_member and b.placed_at > now() - p_window and b.status <> 'void';
      select coalesce(sum(-e.amount) filter (where t.kind = 'TRANSFER_OUT'), 0), coalesce(sum(-e.amount), 0)
        into v_out, v_net
        from ledger_transaction t
        join ledger_entry e on e.transaction_id = t.id
        join ledger_account a on a.id = e.account_id and a.kind = 'main' and a.owner_id = p_member
        where t.member_id = p_member and t.created_at > now() - p_window
          and t.kind in ('TRANSFER_OUT', 'TRANSFER_IN');
      wager := wager + v_out;
      loss := loss + greatest(v_net, 0);
    end $function$
