import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { randomCaptchaText, renderCaptchaPng } from '../../lib/captcha-image.js';
import { createCaptchaRepository } from './captcha.repository.js';

const TTL_MS = 5 * 60_000;
const hash = (answer: string) => createHash('sha256').update(answer.trim().toUpperCase()).digest('hex');

/** Single-use image captchas bound to the client by an id cookie. */
export function createCaptchaService(db: Kysely<Database>, options: { testCode?: string | undefined }) {
  const repository = createCaptchaRepository(db);
  return {
    async create(): Promise<{ id: string; png: string }> {
      const text = randomCaptchaText(4);
      const id = randomUUID();
      await repository.insert({ id, answerHash: hash(text), expiresAt: new Date(Date.now() + TTL_MS) });
      return { id, png: renderCaptchaPng(text).toString('base64') };
    },

    /** Consumes the captcha whatever the answer, so one image allows one guess. */
    async verify(id: string | undefined, answer: string | undefined): Promise<void> {
      if (!answer) throw new AppError('captcha.required', { captcha: true });
      if (options.testCode && answer === options.testCode) return;
      if (!id) throw new AppError('captcha.invalid', { captcha: true });
      const row = await repository.consume(id);
      const ok =
        row !== undefined &&
        row.expires_at.getTime() > Date.now() &&
        timingSafeEqual(Buffer.from(row.answer_hash), Buffer.from(hash(answer)));
      if (!ok) throw new AppError('captcha.invalid', { captcha: true });
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
