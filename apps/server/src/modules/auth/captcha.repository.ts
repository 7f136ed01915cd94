import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Single-use captchas (`captcha`): only the answer's hash is stored. */
export function createCaptchaRepository(db: Kysely<Database>) {
  return {
    async insert(row: { id: string; answerHash: string; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('captcha')
        .values({ id: row.id, answer_hash: row.answerHash, expires_at: row.expiresAt })
        .execute();
    },

    /** Marks the captcha used and returns what it held; undefined when unknown or already used. */
    consume(id: string) {
      return db
        .updateTable('captcha')
        .set({ consumed_at: new Date() })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .returning(['answer_hash', 'expires_at'])
        .executeTakeFirst();
    },
  };
}

export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
