import type { Kysely } from 'kysely';
import type { Database, VerificationCodeTable } from '../../db/schema.js';

type Purpose = VerificationCodeTable['purpose'];

export function createVerificationRepository(db: Kysely<Database>) {
  return {
    async insert(row: {
      merchantId: number;
      purpose: Purpose;
      channel: 'sms' | 'email';
      destination: string;
      codeHash: string;
      expiresAt: Date;
    }) {
      await db
        .insertInto('verification_code')
        .values({
          merchant_id: row.merchantId,
          purpose: row.purpose,
          channel: row.channel,
          destination: row.destination,
          code_hash: row.codeHash,
          expires_at: row.expiresAt,
        })
        .execute();
    },

    latest(merchantId: number, purpose: Purpose, destination: string) {
      return db
        .selectFrom('verification_code')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('purpose', '=', purpose)
        .where('destination', '=', destination)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async countAttempt(id: string) {
      await db
        .updateTable('verification_code')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** Consumes the code once: a second caller with the same code gets false. */
    async consume(id: string): Promise<boolean> {
      const result = await db
        .updateTable('verification_code')
        .set({ consumed_at: new Date() })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    outbox(merchantId: number, to: string | undefined, limit = 50) {
      let q = db
        .selectFrom('outbox_message')
        .select(['channel', 'destination', 'body', 'code', 'created_at'])
        .where('merchant_id', '=', merchantId);
      if (to) q = q.where('destination', '=', to);
      return q.orderBy('id', 'desc').limit(limit).execute();
    },

    /** One sent message, kept in `outbox_message` (the audit trail and the development outbox). */
    async insertOutbox(message: {
      merchantId: number;
      channel: 'sms' | 'email';
      to: string;
      text: string;
      code: string | null;
    }) {
      await db
        .insertInto('outbox_message')
        .values({
          merchant_id: message.merchantId,
          channel: message.channel,
          destination: message.to,
          body: message.text,
          code: message.code,
        })
        .execute();
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
