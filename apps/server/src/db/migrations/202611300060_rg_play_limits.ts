import { type Kysely, sql } from 'kysely';

/**
 * Responsible gaming: loss and wager limits beside the deposit limits (docs/responsible-gaming.md).
 * 1. `rg_deposit_limit` becomes `rg_limit` with a `kind` (deposit, loss, wager); the same 24-hour
 *    rule holds for each.
 * 2. `rg_bet_guard`: after a bet's `vendor_tx` row is written inside `vendor_apply_one` — where the
 *    member's main wallet is already locked, so a member's bets are decided one at a time — the
 *    member's loss and wager limits are checked against the bets placed in each rolling window,
 *    this one included (`bet` already holds its stake). Over a limit, the whole operation is undone
 *    (the caller's sub-transaction) and the vendor gets `LIMIT_REACHED`. Members without a play
 *    limit pay one index probe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rg_deposit_limit rename to rg_limit`.execute(db);
  await sql`alter table rg_limit add column kind text not null default 'deposit'
    check (kind in ('deposit', 'loss', 'wager'))`.execute(db);
  await sql`alter table rg_limit drop constraint rg_deposit_limit_pkey`.execute(db);
  await sql`alter table rg_limit add primary key (member_id, kind, period)`.execute(db);

  await sql`
    create function rg_bet_guard() returns trigger language plpgsql as $$
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
          -- A loss: stakes less payouts; an open bet counts its whole stake.
          select coalesce(sum(b.stake - b.payout), 0) into v_used from bet b
            where b.member_id = new.member_id and b.placed_at > now() - v_window and b.status <> 'void';
        end if;
        if v_used > r.lim then
          raise exception 'LIMIT_REACHED' using errcode = 'VW001';
        end if;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger vendor_tx_rg_bet_guard after insert on vendor_tx
      for each row when (new.type = 'bet') execute function rg_bet_guard()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger vendor_tx_rg_bet_guard on vendor_tx`.execute(db);
  await sql`drop function rg_bet_guard()`.execute(db);
  await sql`delete from rg_limit where kind <> 'deposit'`.execute(db);
  await sql`alter table rg_limit drop constraint rg_limit_pkey`.execute(db);
  await sql`alter table rg_limit drop column kind`.execute(db);
  await sql`alter table rg_limit rename to rg_deposit_limit`.execute(db);
  await sql`alter table rg_deposit_limit add primary key (member_id, period)`.execute(db);
}
