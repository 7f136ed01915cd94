import {
  type RedEnvelope,
  type RedEnvelopeSendBody,
  agentTypes,
  redRainSettingsSchema,
} from '@arcadia/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { settingToMinor, toMajor, toMinor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import { isUniqueViolation } from '../member/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { splitEnvelope } from './rewards.red-envelope-split.js';
import * as repo from './rewards.red-envelopes.repository.js';
import type { EnvelopeRow } from './rewards.red-envelopes.repository.js';

/** Members told about a new envelope at most (a team can be large; the list shows it anyway). */
const ANNOUNCE_MAX = 5_000;

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

  /** Whether the member is one the envelope is for: in the sender's team (direct: one level down). */
  async function eligible(
    tx: Transaction<Database>,
    envelope: { sender_id: string | null; target: string; merchant_id: number },
    memberId: string,
  ) {
    // The brand's rain: every active, non-trial member of the brand.
    if (envelope.sender_id === null) {
      const m = await repo.findActiveRealMember(tx, envelope.merchant_id, memberId);
      return !!m;
    }
    const row = await repo.teamDepth(tx, envelope.sender_id, memberId);
    return !!row && (envelope.target === 'team' || row.depth === 1);
  }

  return {
    /** The agent sends an envelope: the total into escrow, the shares split, the members told. */
    async send(brand: Brand, member: { id: string; type: number }, body: RedEnvelopeSendBody) {
      if (!(agentTypes as readonly number[]).includes(member.type)) throw new AppError('error_not_agent');
      const total = toMinor(body.total, brand.currencyScale, 'total');
      if (total < BigInt(body.count)) throw new AppError('red_envelope.too_small');
      const existing = await repo.findByRequest(db, member.id, body.requestId);
      const created = existing
        ? { id: existing.id, recipients: [] as string[] }
        : await ledger
            .transaction(async (tx) => {
              const recipients = await repo.recipients(tx, member.id, body.target);
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
              const envelope = await repo.insertEnvelope(tx, {
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
              });
              const shares = splitEnvelope(total, body.count, body.split);
              await repo.insertShares(tx, envelope.id, shares);
              return { id: envelope.id, recipients: recipients.map((r) => String(r.id)) };
            })
            .catch(async (err: unknown) => {
              // A parallel twin of this request sent it first: answer with that envelope.
              const twin = await repo.findByRequest(db, member.id, body.requestId);
              if (
                twin &&
                (isUniqueViolation(err, 'red_envelope_sender_id_request_id_key') || err instanceof AppError)
              )
                return { id: twin.id, recipients: [] as string[] };
              throw err;
            });
      const envelope = out((await repo.envelopeById(db, created.id, null))!, brand.currencyScale);
      const hub = deps.hub();
      if (hub)
        for (const id of created.recipients.slice(0, ANNOUNCE_MAX))
          hub.toMember(id, 'envelope.new', envelope);
      const main = await repo.mainBalance(db, member.id);
      return { envelope, balance: toMajor(main?.balance ?? '0', brand.currencyScale) };
    },

    async sent(brand: Brand, memberId: string) {
      const rows = await repo.sentBy(db, memberId);
      return { list: rows.map((r) => out(r, brand.currencyScale)) };
    },

    /** Open envelopes of the member's uplines it may grab, and the ones it grabbed in the last days. */
    async list(brand: Brand, memberId: string) {
      const rows = await repo.visibleTo(db, brand.id, memberId, deps.clock.now());
      return { list: rows.map((r) => out(r, brand.currencyScale)) };
    },

    /** Grabs one share: the next free one, once per member, from escrow into the member's wallet. */
    async grab(brand: Brand, memberId: string, envelopeId: string) {
      try {
        const done = await ledger.transaction(async (tx) => {
          const e = await repo.findForGrab(tx, brand.id, envelopeId);
          if (!e || !(await eligible(tx, e, memberId))) throw new AppError('red_envelope.unknown');
          if (e.status === 'expired' || new Date(e.expires_at) <= deps.clock.now())
            throw new AppError('red_envelope.expired');
          // One attempt per member and envelope at a time: a member's parallel grabs wait here, then
          // find their share taken, instead of holding other shares that others would skip.
          await repo.lockGrabAttempt(tx, envelopeId, memberId);
          const mine = await repo.findMemberShare(tx, envelopeId, memberId);
          if (mine) throw new AppError('red_envelope.grabbed');
          const share = await repo.takeNextShare(tx, envelopeId, memberId);
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
          await repo.setShareTransaction(tx, envelopeId, share.idx, posting.transactionId);
          return { amount, balance: posting.entries.find((x) => x.accountId === main.id)!.balanceAfter! };
        });
        const row = await repo.envelopeById(db, envelopeId, memberId);
        return {
          amount: toMajor(done.amount, brand.currencyScale),
          balance: toMajor(done.balance, brand.currencyScale),
          envelope: out(row!, brand.currencyScale),
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
        const exists = await repo.findRain(db, brand.id, requestId);
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
            const envelope = await repo.insertEnvelope(tx, {
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
            });
            const shares = splitEnvelope(total, slot.shares, 'lucky');
            await repo.insertShares(tx, envelope.id, shares);
            return envelope.id;
          });
        } catch (err) {
          // Another instance's job made this slot's envelope first.
          if (isUniqueViolation(err, 'red_envelope_brand_request_uq')) continue;
          if (err instanceof AppError && err.code === 'duplicate.request') continue;
          throw err;
        }
        made += 1;
        const row = await repo.envelopeById(db, id, null);
        deps.hub()?.toBrand(brand.id, 'envelope.new', out(row!, brand.currencyScale));
      }
      return made;
    },

    /** The expiry job: what is left of expired envelopes goes back to their senders. */
    async expire(brand: Brand) {
      const due = await repo.dueForExpiry(db, brand.id, deps.clock.now());
      let refunded = 0;
      for (const e of due) {
        await ledger.transaction(async (tx) => {
          if (!(await repo.markExpired(tx, e.id))) return;
          // Shares not grabbed are locked first, so a grab racing the expiry waits, then finds none free.
          const amount = BigInt((await repo.lockUngrabbedAmount(tx, e.id)) ?? 0);
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
          await repo.setRefundTransaction(tx, e.id, posting.transactionId);
          refunded += 1;
        });
      }
      return refunded;
    },
  };
}

export type RedEnvelopes = ReturnType<typeof createRedEnvelopes>;
