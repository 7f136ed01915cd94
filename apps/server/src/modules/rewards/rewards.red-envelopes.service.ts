import {
  type RedEnvelope,
  type RedEnvelopeSendBody,
  agentTypes,
  redRainSettingsSchema,
  trialTypes,
} from '@arcadia/contract';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { settingToMinor, toMajor, toMinor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import { isUniqueViolation } from '../member/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { splitEnvelope } from './rewards.red-envelope-split.js';

/** Members told about a new envelope at most (a team can be large; the list shows it anyway). */
const ANNOUNCE_MAX = 5_000;

interface EnvelopeRow {
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

/**
 * Red envelopes (docs/rewards.md): an agent's envelope to its direct downlines or team — the total
 * paid into escrow when sent, split into shares then; a member grabs one share (the next free one,
 * `for update skip locked`, one per member by a unique index); what is left at expiry goes back.
 */
export function createRedEnvelopes(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  clock: Clock;
  hub: () => RealtimeHub | undefined;
}) {
  const { db, ledger } = deps;

  const out = (r: EnvelopeRow, scale: number): RedEnvelope => ({
    id: String(r.id),
    sender: r.sender,
    message: r.message,
    split: r.split,
    target: r.target,
    total: toMajor(r.total, scale),
    count: r.share_count,
    grabbed: Number(r.grabbed),
    grabbedAmount: toMajor(r.grabbed_amount ?? '0', scale),
    // Empty once every share is taken (read from the shares: two last grabs committing together
    // could not tell each other so).
    status: Number(r.grabbed) === r.share_count ? 'empty' : r.status,
    expiresAt: new Date(r.expires_at).toISOString(),
    createdAt: new Date(r.created_at).toISOString(),
    mine: r.mine === null ? null : toMajor(r.mine, scale),
  });

  /** Envelopes with their grab counts; `memberId` adds what that member grabbed. */
  const select = (tx: Kysely<Database> | Transaction<Database>, memberId: string | null) =>
    sql<EnvelopeRow>`
      select e.id, coalesce(s.account, b.name) as sender, e.sender_id, e.message, e.split, e.target, e.total, e.share_count, e.status,
        e.expires_at, e.created_at,
        (select count(*) from red_envelope_share x where x.envelope_id = e.id and x.member_id is not null)::int as grabbed,
        (select coalesce(sum(x.amount), 0) from red_envelope_share x where x.envelope_id = e.id and x.member_id is not null) as grabbed_amount,
        ${memberId ? sql`(select x.amount from red_envelope_share x where x.envelope_id = e.id and x.member_id = ${memberId})` : sql`null`} as mine
      from red_envelope e left join member s on s.id = e.sender_id join merchant b on b.id = e.merchant_id`;

  /** Whether the member is one the envelope is for: in the sender's team (direct: one level down). */
  async function eligible(
    tx: Transaction<Database>,
    envelope: { sender_id: string | null; target: string; merchant_id: number },
    memberId: string,
  ) {
    // The brand's rain: every active, non-trial member of the brand.
    if (envelope.sender_id === null) {
      const m = await tx
        .selectFrom('member')
        .select('id')
        .where('id', '=', memberId)
        .where('merchant_id', '=', envelope.merchant_id)
        .where('type', 'not in', [...trialTypes])
        .where('status', '=', 'active')
        .executeTakeFirst();
      return !!m;
    }
    const row = await tx
      .selectFrom('member_tree as t')
      .innerJoin('member as m', 'm.id', 't.descendant_id')
      .select('t.depth')
      .where('t.ancestor_id', '=', envelope.sender_id)
      .where('t.descendant_id', '=', memberId)
      .where('t.depth', '>=', 1)
      .where('m.type', 'not in', [...trialTypes])
      .executeTakeFirst();
    return !!row && (envelope.target === 'team' || row.depth === 1);
  }

  return {
    /** The agent sends an envelope: the total into escrow, the shares split, the members told. */
    async send(brand: Brand, member: { id: string; type: number }, body: RedEnvelopeSendBody) {
      if (!(agentTypes as readonly number[]).includes(member.type)) throw new AppError('error_not_agent');
      const total = toMinor(body.total, brand.currencyScale, 'total');
      if (total < BigInt(body.count)) throw new AppError('red_envelope.too_small');
      const existing = await db
        .selectFrom('red_envelope')
        .select('id')
        .where('sender_id', '=', member.id)
        .where('request_id', '=', body.requestId)
        .executeTakeFirst();
      const depth = body.target === 'direct' ? sql`t.depth = 1` : sql`t.depth >= 1`;
      const created = existing
        ? { id: existing.id, recipients: [] as string[] }
        : await ledger
            .transaction(async (tx) => {
              const { rows: recipients } = await sql<{ id: string }>`
                select m.id from member_tree t join member m on m.id = t.descendant_id
                where t.ancestor_id = ${member.id} and ${depth} and m.type <> all(${[...trialTypes]}::int[])
                  and m.status = 'active'`.execute(tx);
              if (recipients.length === 0) throw new AppError('red_envelope.no_recipients');
              const escrow = await ledger.systemAccount(tx, brand.id, 'red_envelope_escrow', brand.currency);
              const main = await ledger.memberAccount(
                tx,
                brand.id,
                member.id,
                'main',
                'MAIN',
                brand.currency,
              );
              const posting = await ledger.post(
                {
                  merchantId: brand.id,
                  kind: 'RED_ENVELOPE_SEND',
                  idempotencyKey: `red-envelope:${member.id}:${body.requestId}`,
                  request: {
                    total: total.toString(),
                    count: body.count,
                    split: body.split,
                    target: body.target,
                  },
                  memberId: member.id,
                  entries: [
                    { accountId: main.id, amount: -total },
                    { accountId: escrow, amount: total },
                  ],
                },
                tx,
              );
              const envelope = await tx
                .insertInto('red_envelope')
                .values({
                  merchant_id: brand.id,
                  sender_id: member.id,
                  request_id: body.requestId,
                  target: body.target,
                  split: body.split,
                  message: body.message,
                  total,
                  share_count: body.count,
                  send_transaction_id: posting.transactionId,
                  expires_at: new Date(deps.clock.now().getTime() + body.expiresInHours * 3_600_000),
                })
                .returning('id')
                .executeTakeFirstOrThrow();
              const shares = splitEnvelope(total, body.count, body.split);
              await sql`
                insert into red_envelope_share (envelope_id, idx, amount)
                select ${envelope.id}, x.i, x.a
                from unnest(${shares.map((_s, i) => i)}::int[], ${shares.map(String)}::bigint[]) as x(i, a)`.execute(
                tx,
              );
              return { id: envelope.id, recipients: recipients.map((r) => String(r.id)) };
            })
            .catch(async (err: unknown) => {
              // A parallel twin of this request sent it first: answer with that envelope.
              const twin = await db
                .selectFrom('red_envelope')
                .select('id')
                .where('sender_id', '=', member.id)
                .where('request_id', '=', body.requestId)
                .executeTakeFirst();
              if (
                twin &&
                (isUniqueViolation(err, 'red_envelope_sender_id_request_id_key') || err instanceof AppError)
              )
                return { id: twin.id, recipients: [] as string[] };
              throw err;
            });
      const { rows } = await sql<EnvelopeRow>`${select(db, null)} where e.id = ${created.id}`.execute(db);
      const envelope = out(rows[0]!, brand.currencyScale);
      const hub = deps.hub();
      if (hub)
        for (const id of created.recipients.slice(0, ANNOUNCE_MAX))
          hub.toMember(id, 'envelope.new', envelope);
      const main = await db
        .selectFrom('ledger_account')
        .select('balance')
        .where('owner_id', '=', member.id)
        .where('kind', '=', 'main')
        .executeTakeFirst();
      return { envelope, balance: toMajor(main?.balance ?? '0', brand.currencyScale) };
    },

    async sent(brand: Brand, memberId: string) {
      const { rows } = await sql<EnvelopeRow>`${select(db, null)} where e.sender_id = ${memberId}
        order by e.id desc limit 50`.execute(db);
      return { list: rows.map((r) => out(r, brand.currencyScale)) };
    },

    /** Open envelopes of the member's uplines it may grab, and the ones it grabbed in the last days. */
    async list(brand: Brand, memberId: string) {
      const { rows } = await sql<EnvelopeRow>`${select(db, memberId)}
        left join member_tree t on t.ancestor_id = e.sender_id and t.descendant_id = ${memberId} and t.depth >= 1
        where ((e.sender_id is null and e.merchant_id = ${brand.id})
               or (t.descendant_id is not null and (e.target = 'team' or t.depth = 1)))
          and ((e.status = 'open' and e.expires_at > ${deps.clock.now()})
               or exists (select 1 from red_envelope_share x where x.envelope_id = e.id and x.member_id = ${memberId}
                          and x.grabbed_at > now() - interval '7 days'))
        order by e.id desc limit 50`.execute(db);
      return { list: rows.map((r) => out(r, brand.currencyScale)) };
    },

    /** Grabs one share: the next free one, once per member, from escrow into the member's wallet. */
    async grab(brand: Brand, memberId: string, envelopeId: string) {
      try {
        const done = await ledger.transaction(async (tx) => {
          const e = await tx
            .selectFrom('red_envelope')
            .select(['id', 'sender_id', 'target', 'status', 'expires_at', 'merchant_id'])
            .where('id', '=', envelopeId)
            .where('merchant_id', '=', brand.id)
            .executeTakeFirst();
          if (!e || !(await eligible(tx, e, memberId))) throw new AppError('red_envelope.unknown');
          if (e.status === 'expired' || new Date(e.expires_at) <= deps.clock.now())
            throw new AppError('red_envelope.expired');
          // One attempt per member and envelope at a time: a member's parallel grabs wait here, then
          // find their share taken, instead of holding other shares that others would skip.
          await sql`select pg_advisory_xact_lock(hashtext('red-envelope'), hashtext(${`${envelopeId}:${memberId}`}))`.execute(
            tx,
          );
          const mine = await tx
            .selectFrom('red_envelope_share')
            .select('idx')
            .where('envelope_id', '=', envelopeId)
            .where('member_id', '=', memberId)
            .executeTakeFirst();
          if (mine) throw new AppError('red_envelope.grabbed');
          const { rows } = await sql<{ idx: number; amount: string }>`
            update red_envelope_share s set member_id = ${memberId}, grabbed_at = now()
            where (s.envelope_id, s.idx) = (
              select envelope_id, idx from red_envelope_share
              where envelope_id = ${envelopeId} and member_id is null
              order by idx limit 1 for update skip locked)
            returning s.idx, s.amount`.execute(tx);
          const share = rows[0];
          if (!share) throw new AppError('red_envelope.empty');
          const amount = BigInt(share.amount);
          const escrow = await ledger.systemAccount(tx, brand.id, 'red_envelope_escrow', brand.currency);
          const main = await ledger.memberAccount(tx, brand.id, memberId, 'main', 'MAIN', brand.currency);
          const posting = await ledger.post(
            {
              merchantId: brand.id,
              kind: 'RED_ENVELOPE_GRAB',
              idempotencyKey: `red-envelope-grab:${envelopeId}:${memberId}`,
              request: { envelopeId, idx: share.idx },
              memberId,
              reference: `red-envelope:${envelopeId}`,
              entries: [
                { accountId: escrow, amount: -amount },
                { accountId: main.id, amount },
              ],
            },
            tx,
          );
          await sql`update red_envelope_share set ledger_transaction_id = ${posting.transactionId}
                    where envelope_id = ${envelopeId} and idx = ${share.idx}`.execute(tx);
          return { amount, balance: posting.entries.find((x) => x.accountId === main.id)!.balanceAfter! };
        });
        const { rows } = await sql<EnvelopeRow>`${select(db, memberId)} where e.id = ${envelopeId}`.execute(
          db,
        );
        return {
          amount: toMajor(done.amount, brand.currencyScale),
          balance: toMajor(done.balance, brand.currencyScale),
          envelope: out(rows[0]!, brand.currencyScale),
        };
      } catch (err) {
        // Two grabs of one member raced: the unique index let one through.
        if (isUniqueViolation(err, 'red_envelope_share_member_uq'))
          throw new AppError('red_envelope.grabbed');
        throw err;
      }
    },

    /**
     * The brand's rain (`merchant.settings.redRain`): for each slot whose time has come today and
     * whose window is still open, the envelope — once per brand and slot (its request id and a
     * unique index) — paid from the promotions expense into escrow, announced to every member.
     */
    async rain(brand: Brand): Promise<number> {
      const s = redRainSettingsSchema.parse(brand.settings.redRain ?? {});
      if (!s.enabled) return 0;
      const now = deps.clock.now();
      const day = now.toISOString().slice(0, 10);
      let made = 0;
      for (const slot of s.slots) {
        const start = Date.parse(`${day}T${slot.at}:00Z`);
        const end = start + slot.minutes * 60_000;
        if (now.getTime() < start || now.getTime() >= end) continue;
        const requestId = `rain:${day}:${slot.at}`;
        const exists = await db
          .selectFrom('red_envelope')
          .select('id')
          .where('merchant_id', '=', brand.id)
          .where('request_id', '=', requestId)
          .where('sender_id', 'is', null)
          .executeTakeFirst();
        if (exists) continue;
        const total = settingToMinor(slot.total, brand.currencyScale);
        if (total < BigInt(slot.shares)) continue;
        let id: string;
        try {
          id = await ledger.transaction(async (tx) => {
            const escrow = await ledger.systemAccount(tx, brand.id, 'red_envelope_escrow', brand.currency);
            const expense = await ledger.systemAccount(tx, brand.id, 'promotions_expense', brand.currency);
            const posting = await ledger.post(
              {
                merchantId: brand.id,
                kind: 'RED_ENVELOPE_SEND',
                idempotencyKey: `red-rain:${requestId}`,
                request: { total: total.toString(), shares: slot.shares },
                entries: [
                  { accountId: expense, amount: -total },
                  { accountId: escrow, amount: total },
                ],
              },
              tx,
            );
            const envelope = await tx
              .insertInto('red_envelope')
              .values({
                merchant_id: brand.id,
                sender_id: null,
                request_id: requestId,
                target: 'brand',
                split: 'lucky',
                message: slot.message,
                total,
                share_count: slot.shares,
                send_transaction_id: posting.transactionId,
                expires_at: new Date(end),
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            const shares = splitEnvelope(total, slot.shares, 'lucky');
            await sql`
              insert into red_envelope_share (envelope_id, idx, amount)
              select ${envelope.id}, x.i, x.a
              from unnest(${shares.map((_s, i) => i)}::int[], ${shares.map(String)}::bigint[]) as x(i, a)`.execute(
              tx,
            );
            return envelope.id;
          });
        } catch (err) {
          // Another instance's job made this slot's envelope first.
          if (isUniqueViolation(err, 'red_envelope_brand_request_uq')) continue;
          if (err instanceof AppError && err.code === 'duplicate.request') continue;
          throw err;
        }
        made += 1;
        const { rows } = await sql<EnvelopeRow>`${select(db, null)} where e.id = ${id}`.execute(db);
        deps.hub()?.toBrand(brand.id, 'envelope.new', out(rows[0]!, brand.currencyScale));
      }
      return made;
    },

    /** The expiry job: what is left of expired envelopes goes back to their senders. */
    async expire(brand: Brand) {
      const due = await db
        .selectFrom('red_envelope')
        .select(['id', 'sender_id'])
        .where('merchant_id', '=', brand.id)
        .where('status', '=', 'open')
        .where('expires_at', '<=', deps.clock.now())
        .orderBy('id')
        .limit(500)
        .execute();
      let refunded = 0;
      for (const e of due) {
        await ledger.transaction(async (tx) => {
          const { rows } = await sql<{ id: string }>`
            update red_envelope set status = 'expired' where id = ${e.id} and status = 'open' returning id`.execute(
            tx,
          );
          if (rows.length === 0) return;
          // Shares not grabbed are locked first, so a grab racing the expiry waits, then finds none free.
          const { rows: left } = await sql<{ amount: string }>`
            select coalesce(sum(amount), 0) as amount from (
              select amount from red_envelope_share where envelope_id = ${e.id} and member_id is null for update) x`.execute(
            tx,
          );
          const amount = BigInt(left[0]?.amount ?? 0);
          if (amount === 0n) return;
          const escrow = await ledger.systemAccount(tx, brand.id, 'red_envelope_escrow', brand.currency);
          // A member's envelope goes back to its wallet; the brand's rain to the promotions expense.
          const main =
            e.sender_id === null
              ? { id: await ledger.systemAccount(tx, brand.id, 'promotions_expense', brand.currency) }
              : await ledger.memberAccount(tx, brand.id, e.sender_id, 'main', 'MAIN', brand.currency);
          const posting = await ledger.post(
            {
              merchantId: brand.id,
              kind: 'RED_ENVELOPE_REFUND',
              idempotencyKey: `red-envelope-refund:${e.id}`,
              request: { envelopeId: e.id, amount: amount.toString() },
              memberId: e.sender_id,
              reference: `red-envelope:${e.id}`,
              entries: [
                { accountId: escrow, amount: -amount },
                { accountId: main.id, amount },
              ],
            },
            tx,
          );
          await sql`update red_envelope set refund_transaction_id = ${posting.transactionId} where id = ${e.id}`.execute(
            tx,
          );
          refunded += 1;
        });
      }
      return refunded;
    },
  };
}

export type RedEnvelopes = ReturnType<typeof createRedEnvelopes>;
