import { type Kysely, sql } from 'kysely';

/**
 * Responsible gaming: money moved into a transfer-wallet vendor counts against loss and wager
 * limits (docs/responsible-gaming.md).
 * 1. `rg_play_used(member, window)`: the stakes and the net loss of the window, as every guard and
 *    the member's status count them — the bets placed (an open bet: its whole stake) plus the
 *    transfers into vendor wallets: each transfer out of the main wallet counts as staked, and the
 *    net of transfers out less transfers back counts as lost (the house cannot see the vendor's
 *    bets while the money is there; what comes back is no longer at risk).
 * 2. `rg_bet_guard` counts through it.
 * 3. `rg_transfer_guard`: on `member_money_daily`, which `ledger_post` writes right after it has
 *    updated (and so locked) the member's main wallet row, for a `TRANSFER_OUT` — a member's
 *    transfers and bets are decided one at a time. Over a limit the posting fails with `RG001`
 *    (the caller's sub-transaction is undone), which the ledger service turns into `rg.play_limit`.
 *    Members without a play limit pay one index probe per transfer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function rg_play_used(p_member bigint, p_window interval, out wager bigint, out loss bigint)
    language plpgsql stable as $$
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
    end $$`.execute(db);

  await sql`
    create or replace function rg_play_check(p_member bigint, p_errcode text) returns void
    language plpgsql as $$
    declare
      r record;
      u record;
    begin
      for r in
        select l.kind, l.period,
               case when l.pending_from is not null and l.pending_from <= now() then l.pending_amount
                    else l.amount end as lim
          from rg_limit l
          where l.member_id = p_member and l.kind in ('loss', 'wager')
      loop
        continue when r.lim is null;
        select * into u from rg_play_used(p_member, case r.period when 'day' then interval '24 hours'
                                                  when 'week' then interval '7 days' else interval '30 days' end);
        if (case r.kind when 'wager' then u.wager else u.loss end) > r.lim then
          raise exception 'LIMIT_REACHED' using errcode = p_errcode;
        end if;
      end loop;
    end $$`.execute(db);

  await sql`
    create or replace function rg_bet_guard() returns trigger language plpgsql as $$
    begin
      perform rg_play_check(new.member_id, 'VW001');
      return null;
    end $$`.execute(db);

  await sql`
    create function rg_transfer_guard() returns trigger language plpgsql as $$
    begin
      perform rg_play_check(new.member_id, 'RG001');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger member_money_daily_rg_transfer_guard after insert or update on member_money_daily
      for each row when (new.kind = 'TRANSFER_OUT') execute function rg_transfer_guard()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger member_money_daily_rg_transfer_guard on member_money_daily`.execute(db);
  await sql`drop function rg_transfer_guard()`.execute(db);
  await sql`
    create or replace function rg_bet_guard() returns trigger language plpgsql as $$
    declare
      r record;
      v_window interval;
      v_used bigint;
    begin
      for r in
        select l.kind, l.period,
               case when l.pending_from is not null and l.pending_from <= now() then l.pending_amount
                    else l.amount end as lim
          from rg_limit l
          where l.member_id = new.member_id and l.kind in ('loss', 'wager')
      loop
        continue when r.lim is null;
        v_window := case r.period when 'day' then interval '24 hours'
                                  when 'week' then interval '7 days' else interval '30 days' end;
        if r.kind = 'wager' then
          select coalesce(sum(b.stake), 0) into v_used from bet b
            where b.member_id = new.member_id and b.placed_at > now() - v_window and b.status <> 'void';
        else
          select coalesce(sum(b.stake - b.payout), 0) into v_used from bet b
            where b.member_id = new.member_id and b.placed_at > now() - v_window and b.status <> 'void';
        end if;
        if v_used > r.lim then
          raise exception 'LIMIT_REACHED' using errcode = 'VW001';
        end if;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`drop function rg_play_check(bigint, text)`.execute(db);
  await sql`drop function rg_play_used(bigint, interval)`.execute(db);
}
