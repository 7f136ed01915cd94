import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export interface RaffleRow {
  id: string;
  merchant_id: number;
  code: string;
  title: Record<string, string>;
  summary: Record<string, string>;
  starts_at: Date | string;
  ends_at: Date | string;
  draw_at: Date | string;
  turnover_per_ticket: string;
  product_types: string[];
  tickets_per_deposit: number;
  min_deposit: string;
  max_tickets: number;
  /** Tiers, first prize first, amounts in minor units. */
  prizes: { count: number; amount: string }[];
  distinct_winners: boolean;
  claim_days: number;
  server_seed: string;
  commitment: string;
  status: 'open' | 'drawn';
  total_tickets: string | null;
  entry_count: number | null;
  drawn_at: Date | string | null;
}

export interface PrizeRow {
  id: string;
  raffle_id: string;
  idx: number;
  rank: number;
  member_id: string;
  ticket: string;
  amount: string;
  status: 'unclaimed' | 'claimed' | 'expired';
  expires_at: Date | string;
  claimed_at: Date | string | null;
}

/** The stored terms of a raffle as written (minor units as strings). */
export interface RaffleTerms {
  starts_at: string;
  ends_at: string;
  draw_at: string;
  turnover_per_ticket: string;
  product_types: string[];
  tickets_per_deposit: number;
  min_deposit: string;
  max_tickets: number;
  prizes: { count: number; amount: string }[];
  distinct_winners: boolean;
  claim_days: number;
}

/** The brand's raffles in id order (`lock`: for update). */
export async function rafflesOf(tx: Db, merchantId: number, lock = false) {
  return (
    await sql<RaffleRow>`select * from raffle where merchant_id = ${merchantId} order by id
        ${lock ? sql`for update` : sql``}`.execute(tx)
  ).rows;
}

/**
 * Valid bets and deposits counted toward the raffle, per member (one member, or the brand):
 * settled bets placed in the window (their valid amount: a void or unsettled round counts
 * nothing), deposits made in it of at least the minimum; `trial` account types left out.
 */
export async function countedRows(tx: Db, r: RaffleRow, memberId: string | null, trial: number[]) {
  const start = new Date(r.starts_at);
  const end = new Date(r.ends_at);
  const bets = BigInt(r.turnover_per_ticket) > 0n;
  const deposits = r.tickets_per_deposit > 0;
  const member = (col: string) => (memberId === null ? sql`` : sql`and ${sql.ref(col)} = ${memberId}`);
  const types = r.product_types.length > 0 ? sql`and b.game_type = any(${r.product_types}::text[])` : sql``;
  const { rows } = await sql<{ member_id: string; valid_bet: string; deposits: string }>`
      with bets as (
        select b.member_id, sum(b.valid_bet) as valid_bet
        from bet b
        where ${bets ? sql`true` : sql`false`} and b.merchant_id = ${r.merchant_id} and b.status = 'settled'
          and b.settled_at >= ${start} and b.placed_at >= ${start} and b.placed_at < ${end}
          ${types} ${member('b.member_id')}
        group by b.member_id
      ), depositors as (
        select distinct d.member_id from member_money_daily d
        where ${deposits ? sql`true` : sql`false`} and d.merchant_id = ${r.merchant_id} and d.kind = 'DEPOSIT'
          and d.day between (${start}::timestamptz at time zone 'UTC')::date and (${end}::timestamptz at time zone 'UTC')::date
          ${member('d.member_id')}
      ), deps as (
        select x.member_id, count(*) as deposits
        from depositors x
        join ledger_transaction t on t.member_id = x.member_id and t.kind = 'DEPOSIT'
          and t.created_at >= ${start} and t.created_at < ${end}
        join ledger_entry e on e.transaction_id = t.id and e.amount >= ${r.min_deposit}::bigint
        join ledger_account a on a.id = e.account_id and a.kind = 'main' and a.owner_id = x.member_id
        group by x.member_id
      )
      select m.id as member_id, coalesce(b.valid_bet, 0) as valid_bet, coalesce(d.deposits, 0) as deposits
      from (select member_id from bets union select member_id from deps) x
      join member m on m.id = x.member_id
      left join bets b on b.member_id = x.member_id
      left join deps d on d.member_id = x.member_id
      where m.merchant_id = ${r.merchant_id} and m.type <> all(${trial}::int[])
      order by m.id`.execute(tx);
  return rows;
}

/** The one gate of a draw: moves the due raffle from open to drawn, returning it (undefined when not). */
export async function markDrawn(tx: Db, merchantId: number, raffleId: string, now: Date) {
  const { rows } = await sql<RaffleRow>`
        update raffle set status = 'drawn', drawn_at = ${now}, updated_at = now()
        where id = ${raffleId} and merchant_id = ${merchantId} and status = 'open' and draw_at <= ${now}
        returning *`.execute(tx);
  return rows[0];
}

export async function insertEntries(
  tx: Db,
  raffleId: string,
  entries: { memberId: string; tickets: number; validBet: bigint; deposits: number }[],
) {
  await sql`
          insert into raffle_entry (raffle_id, member_id, tickets, valid_bet, deposits)
          select ${raffleId}, x.m, x.t, x.v, x.d
          from unnest(${entries.map((e) => e.memberId)}::bigint[], ${entries.map((e) => e.tickets)}::bigint[],
                      ${entries.map((e) => e.validBet.toString())}::bigint[], ${entries.map((e) => e.deposits)}::int[])
            as x(m, t, v, d)`.execute(tx);
}

export async function insertPrizes(
  tx: Db,
  raffleId: string,
  merchantId: number,
  wins: { draw: number; id: string; ticket: number }[],
  slots: { rank: number; amount: string }[],
  expires: Date,
) {
  await sql`
          insert into raffle_prize (raffle_id, merchant_id, idx, rank, member_id, ticket, amount, expires_at)
          select ${raffleId}, ${merchantId}, x.i, x.r, x.m, x.t, x.a, ${expires}
          from unnest(${wins.map((w) => w.draw)}::int[], ${wins.map((w) => slots[w.draw]!.rank)}::int[],
                      ${wins.map((w) => w.id)}::bigint[], ${wins.map((w) => w.ticket)}::bigint[],
                      ${wins.map((w) => slots[w.draw]!.amount)}::bigint[]) as x(i, r, m, t, a)`.execute(tx);
}

export async function setDrawTotals(tx: Db, raffleId: string, totalTickets: number, entryCount: number) {
  await sql`update raffle set total_tickets = ${totalTickets},
                entry_count = ${entryCount} where id = ${raffleId}`.execute(tx);
}

export async function insertRaffle(
  tx: Db,
  merchantId: number,
  code: string,
  texts: { title: Record<string, string>; summary: Record<string, string> },
  terms: RaffleTerms,
  seed: { serverSeed: string; serverSeedHash: string },
  actor: string,
) {
  const r = { id: code, ...texts };
  const { serverSeed, serverSeedHash } = seed;
  await sql`
              insert into raffle (merchant_id, code, title, summary, starts_at, ends_at, draw_at, turnover_per_ticket,
                product_types, tickets_per_deposit, min_deposit, max_tickets, prizes, distinct_winners, claim_days,
                server_seed, commitment, created_by)
              values (${merchantId}, ${r.id}, ${JSON.stringify(r.title)}::jsonb, ${JSON.stringify(r.summary)}::jsonb,
                ${terms.starts_at}, ${terms.ends_at}, ${terms.draw_at}, ${terms.turnover_per_ticket}::bigint,
                ${terms.product_types}::text[], ${terms.tickets_per_deposit}, ${terms.min_deposit}::bigint,
                ${terms.max_tickets}, ${JSON.stringify(terms.prizes)}::jsonb, ${terms.distinct_winners},
                ${terms.claim_days}, ${serverSeed}, ${serverSeedHash}, ${actor})`.execute(tx);
}

export async function updateRaffle(
  tx: Db,
  id: string,
  r: { title: Record<string, string>; summary: Record<string, string> },
  terms: RaffleTerms,
) {
  await sql`
            update raffle set title = ${JSON.stringify(r.title)}::jsonb, summary = ${JSON.stringify(r.summary)}::jsonb,
              starts_at = ${terms.starts_at}, ends_at = ${terms.ends_at}, draw_at = ${terms.draw_at},
              turnover_per_ticket = ${terms.turnover_per_ticket}::bigint, product_types = ${terms.product_types}::text[],
              tickets_per_deposit = ${terms.tickets_per_deposit}, min_deposit = ${terms.min_deposit}::bigint,
              max_tickets = ${terms.max_tickets}, prizes = ${JSON.stringify(terms.prizes)}::jsonb,
              distinct_winners = ${terms.distinct_winners}, claim_days = ${terms.claim_days}, updated_at = now()
            where id = ${id}`.execute(tx);
}

export async function deleteRaffle(tx: Db, id: string) {
  await sql`delete from raffle where id = ${id}`.execute(tx);
}

/** Open raffles, and those drawn after `drawnAfter`, by draw time. */
export async function shownRaffles(db: Db, merchantId: number, drawnAfter: Date) {
  const { rows } = await sql<RaffleRow>`
        select * from raffle where merchant_id = ${merchantId}
          and (status = 'open' or drawn_at > ${drawnAfter})
        order by draw_at, id`.execute(db);
  return rows;
}

/** The prizes of the raffles with their winners' accounts. */
export async function prizesOf(db: Db, raffleIds: string[]) {
  return (
    await sql<PrizeRow & { account: string }>`
              select p.*, m.account from raffle_prize p join member m on m.id = p.member_id
              where p.raffle_id = any(${raffleIds}::bigint[]) order by p.raffle_id, p.idx`.execute(db)
  ).rows;
}

/** The member's entries of the raffles. */
export async function memberEntries(db: Db, memberId: string, raffleIds: string[]) {
  return (
    await sql<{ raffle_id: string; tickets: string; valid_bet: string }>`
                select raffle_id, tickets, valid_bet from raffle_entry
                where member_id = ${memberId} and raffle_id = any(${raffleIds}::bigint[])`.execute(db)
  ).rows;
}

/** The member's unclaimed prizes not expired at `now`, with their raffle's title. */
export async function claimablePrizes(db: Db, merchantId: number, memberId: string, now: Date) {
  const { rows } = await sql<PrizeRow & { title: Record<string, string> }>`
        select p.*, r.title from raffle_prize p join raffle r on r.id = p.raffle_id
        where p.member_id = ${memberId} and p.merchant_id = ${merchantId} and p.status = 'unclaimed'
          and p.expires_at > ${now}
        order by p.expires_at, p.id`.execute(db);
  return rows;
}

/** Locks the member's prize (with its raffle's code). */
export async function lockPrize(tx: Db, merchantId: number, memberId: string, prizeId: string) {
  const { rows } = await sql<PrizeRow & { code: string }>`
          select p.*, r.code from raffle_prize p join raffle r on r.id = p.raffle_id
          where p.id = ${prizeId} and p.member_id = ${memberId} and p.merchant_id = ${merchantId}
          for update of p`.execute(tx);
  return rows[0];
}

export async function markClaimed(tx: Db, prizeId: string, now: Date, transactionId: string) {
  const { rows: updated } = await sql<PrizeRow>`
          update raffle_prize set status = 'claimed', claimed_at = ${now}, ledger_transaction_id = ${transactionId}
          where id = ${prizeId} returning *`.execute(tx);
  return updated[0];
}

/** Open raffles whose draw time has come, by draw time. */
export async function dueRaffles(db: Db, merchantId: number, now: Date) {
  const { rows } = await sql<{ id: string }>`
        select id from raffle where merchant_id = ${merchantId} and status = 'open' and draw_at <= ${now}
        order by draw_at, id`.execute(db);
  return rows;
}

/** Marks unclaimed prizes past their claim time expired; how many. */
export async function expirePrizes(db: Db, merchantId: number, now: Date) {
  const { rows } = await sql<{ id: string }>`
        update raffle_prize set status = 'expired'
        where merchant_id = ${merchantId} and status = 'unclaimed' and expires_at <= ${now}
        returning id`.execute(db);
  return rows.length;
}

/** The brand's prizes per raffle and state (unclaimed past `now` read as expired). */
export async function prizeSums(db: Db, merchantId: number, now: Date) {
  const { rows: sums } = await sql<{ raffle_id: string; state: string; n: string; amount: string }>`
        select raffle_id,
          case when status = 'unclaimed' and expires_at <= ${now} then 'expired' else status end as state,
          count(*) as n, sum(amount) as amount
        from raffle_prize where merchant_id = ${merchantId} group by 1, 2`.execute(db);
  return sums;
}

/** What the brand's unclaimed prizes not expired at `now` add up to (minor units). */
export async function outstandingAmount(db: Db, merchantId: number, now: Date) {
  const { rows: total } = await sql<{ amount: string }>`
        select coalesce(sum(amount), 0) as amount from raffle_prize
        where merchant_id = ${merchantId} and status = 'unclaimed' and expires_at > ${now}`.execute(db);
  return total[0]!.amount;
}
