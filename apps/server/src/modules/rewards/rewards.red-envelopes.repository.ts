import { trialTypes } from '@arcadia/contract';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export interface EnvelopeRow {
  id: string;
  sender: string;
  sender_id: string | null;
  message: string;
  split: 'equal' | 'lucky';
  target: 'direct' | 'team' | 'brand';
  total: string;
  share_count: number;
  grabbed: number;
  grabbed_amount: string;
  status: 'open' | 'empty' | 'expired';
  expires_at: Date | string;
  created_at: Date | string;
  mine: string | null;
}

/** Envelopes with their grab counts; `memberId` adds what that member grabbed. */
const select = (memberId: string | null) =>
  sql<EnvelopeRow>`
      select e.id, coalesce(s.account, b.name) as sender, e.sender_id, e.message, e.split, e.target, e.total, e.share_count, e.status,
        e.expires_at, e.created_at,
        (select count(*) from red_envelope_share x where x.envelope_id = e.id and x.member_id is not null)::int as grabbed,
        (select coalesce(sum(x.amount), 0) from red_envelope_share x where x.envelope_id = e.id and x.member_id is not null) as grabbed_amount,
        ${memberId ? sql`(select x.amount from red_envelope_share x where x.envelope_id = e.id and x.member_id = ${memberId})` : sql`null`} as mine
      from red_envelope e left join member s on s.id = e.sender_id join merchant b on b.id = e.merchant_id`;

/** One envelope with its grab counts (and what `memberId` grabbed of it). */
export async function envelopeById(db: Db, id: string, memberId: string | null) {
  const { rows } = await sql<EnvelopeRow>`${select(memberId)} where e.id = ${id}`.execute(db);
  return rows[0];
}

/** The member's last 50 envelopes sent. */
export async function sentBy(db: Db, memberId: string) {
  const { rows } = await sql<EnvelopeRow>`${select(null)} where e.sender_id = ${memberId}
        order by e.id desc limit 50`.execute(db);
  return rows;
}

/** Open envelopes of the member's uplines (and the brand's) it may grab, and those it grabbed lately. */
export async function visibleTo(db: Db, merchantId: number, memberId: string, now: Date) {
  const { rows } = await sql<EnvelopeRow>`${select(memberId)}
        left join member_tree t on t.ancestor_id = e.sender_id and t.descendant_id = ${memberId} and t.depth >= 1
        where ((e.sender_id is null and e.merchant_id = ${merchantId})
               or (t.descendant_id is not null and (e.target = 'team' or t.depth = 1)))
          and ((e.status = 'open' and e.expires_at > ${now})
               or exists (select 1 from red_envelope_share x where x.envelope_id = e.id and x.member_id = ${memberId}
                          and x.grabbed_at > now() - interval '7 days'))
        order by e.id desc limit 50`.execute(db);
  return rows;
}

/** The member when it is an active, non-trial member of the brand. */
export function findActiveRealMember(tx: Db, merchantId: number, memberId: string) {
  return tx
    .selectFrom('member')
    .select('id')
    .where('id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .where('type', 'not in', [...trialTypes])
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** How far below the sender the (non-trial) member is, when it is in the sender's team. */
export function teamDepth(tx: Db, senderId: string, memberId: string) {
  return tx
    .selectFrom('member_tree as t')
    .innerJoin('member as m', 'm.id', 't.descendant_id')
    .select('t.depth')
    .where('t.ancestor_id', '=', senderId)
    .where('t.descendant_id', '=', memberId)
    .where('t.depth', '>=', 1)
    .where('m.type', 'not in', [...trialTypes])
    .executeTakeFirst();
}

/** The sender's envelope of that request, when sent. */
export function findByRequest(db: Db, senderId: string, requestId: string) {
  return db
    .selectFrom('red_envelope')
    .select('id')
    .where('sender_id', '=', senderId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** The active, non-trial members of the sender's team (`direct`: one level down). */
export async function recipients(tx: Db, senderId: string, target: 'direct' | 'team') {
  const depth = target === 'direct' ? sql`t.depth = 1` : sql`t.depth >= 1`;
  const { rows } = await sql<{ id: string }>`
                select m.id from member_tree t join member m on m.id = t.descendant_id
                where t.ancestor_id = ${senderId} and ${depth} and m.type <> all(${[...trialTypes]}::int[])
                  and m.status = 'active'`.execute(tx);
  return rows;
}

export function insertEnvelope(tx: Db, values: Insertable<Database['red_envelope']>) {
  return tx.insertInto('red_envelope').values(values).returning('id').executeTakeFirstOrThrow();
}

/** The envelope's shares, in order. */
export async function insertShares(tx: Db, envelopeId: string, shares: bigint[]) {
  await sql`
                insert into red_envelope_share (envelope_id, idx, amount)
                select ${envelopeId}, x.i, x.a
                from unnest(${shares.map((_s, i) => i)}::int[], ${shares.map(String)}::bigint[]) as x(i, a)`.execute(
    tx,
  );
}

/** The member's main-wallet balance row, when it has one. */
export function mainBalance(db: Db, memberId: string) {
  return db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_id', '=', memberId)
    .where('kind', '=', 'main')
    .executeTakeFirst();
}

export function findForGrab(tx: Db, merchantId: number, envelopeId: string) {
  return tx
    .selectFrom('red_envelope')
    .select(['id', 'sender_id', 'target', 'status', 'expires_at', 'merchant_id'])
    .where('id', '=', envelopeId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** One grab attempt per member and envelope at a time (a transaction-scoped advisory lock). */
export async function lockGrabAttempt(tx: Db, envelopeId: string, memberId: string) {
  await sql`select pg_advisory_xact_lock(hashtext('red-envelope'), hashtext(${`${envelopeId}:${memberId}`}))`.execute(
    tx,
  );
}

export function findMemberShare(tx: Db, envelopeId: string, memberId: string) {
  return tx
    .selectFrom('red_envelope_share')
    .select('idx')
    .where('envelope_id', '=', envelopeId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** Takes the next free share for the member (`for update skip locked`). */
export async function takeNextShare(tx: Db, envelopeId: string, memberId: string) {
  const { rows } = await sql<{ idx: number; amount: string }>`
            update red_envelope_share s set member_id = ${memberId}, grabbed_at = now()
            where (s.envelope_id, s.idx) = (
              select envelope_id, idx from red_envelope_share
              where envelope_id = ${envelopeId} and member_id is null
              order by idx limit 1 for update skip locked)
            returning s.idx, s.amount`.execute(tx);
  return rows[0];
}

export async function setShareTransaction(tx: Db, envelopeId: string, idx: number, transactionId: string) {
  await sql`update red_envelope_share set ledger_transaction_id = ${transactionId}
                    where envelope_id = ${envelopeId} and idx = ${idx}`.execute(tx);
}

/** The brand's rain envelope of that request, when made. */
export function findRain(db: Db, merchantId: number, requestId: string) {
  return db
    .selectFrom('red_envelope')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('request_id', '=', requestId)
    .where('sender_id', 'is', null)
    .executeTakeFirst();
}

/** Up to 500 open envelopes past their expiry, in id order. */
export function dueForExpiry(db: Db, merchantId: number, now: Date) {
  return db
    .selectFrom('red_envelope')
    .select(['id', 'sender_id'])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .orderBy('id')
    .limit(500)
    .execute();
}

/** Marks the envelope expired when still open; whether it was. */
export async function markExpired(tx: Db, id: string) {
  const { rows } = await sql<{ id: string }>`
            update red_envelope set status = 'expired' where id = ${id} and status = 'open' returning id`.execute(
    tx,
  );
  return rows.length > 0;
}

/** Locks the shares not grabbed and sums them. */
export async function lockUngrabbedAmount(tx: Db, id: string) {
  const { rows: left } = await sql<{ amount: string }>`
            select coalesce(sum(amount), 0) as amount from (
              select amount from red_envelope_share where envelope_id = ${id} and member_id is null for update) x`.execute(
    tx,
  );
  return left[0]?.amount;
}

export async function setRefundTransaction(tx: Db, id: string, transactionId: string) {
  await sql`update red_envelope set refund_transaction_id = ${transactionId} where id = ${id}`.execute(tx);
}
