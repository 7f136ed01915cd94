import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import type { ThrottleService } from '../throttle/index.js';
import { throttleRules } from '../throttle/index.js';
import type { Messenger } from './messenger.js';
import type { VerificationRepository } from './verification.repository.js';

export type CodePurpose = 'login' | 'register' | 'reset' | 'login_verify';

/** Codes live five minutes (the client's countdown is expiredMinutes × 60 s). */
export const CODE_MINUTES = 5;
const MAX_ATTEMPTS = 5;

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/** One destination key for a phone number: dialing code and national number. */
export const phoneKey = (dialingCode: string, mobile: string) =>
  `+${dialingCode}${mobile.replace(/^0+/, '')}`;

export function createVerificationService(deps: {
  repository: VerificationRepository;
  messenger: Messenger;
  throttle: ThrottleService;
}) {
  const { repository, messenger, throttle } = deps;

  return {
    /**
     * Sends a 6-digit code. Throttled per client (1 per second) and per destination (1 per
     * minute for each purpose, 5 per hour in all). Only a hash of the code is stored.
     */
    async send(input: {
      merchantId: number;
      purpose: CodePurpose;
      channel: 'sms' | 'email';
      destination: string;
      clientKey: string;
      brandName: string;
    }): Promise<{ expiredMinutes: number }> {
      await throttle.consume(`code:client:${input.clientKey}`, throttleRules.smsPerClient);
      await throttle.consume(
        `code:dest:m:${input.purpose}:${input.destination}`,
        throttleRules.smsPerNumberMinute,
      );
      await throttle.consume(`code:dest:h:${input.destination}`, throttleRules.smsPerNumberHour);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repository.insert({
        merchantId: input.merchantId,
        purpose: input.purpose,
        channel: input.channel,
        destination: input.destination,
        codeHash: hash(code),
        expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
      });
      await messenger.send({
        merchantId: input.merchantId,
        channel: input.channel,
        to: input.destination,
        code,
        text: `${input.brandName}: your verification code is ${code}. It expires in ${CODE_MINUTES} minutes.`,
      });
      return { expiredMinutes: CODE_MINUTES };
    },

    /**
     * Checks and consumes the newest code for the destination. Wrong guesses count; after five
     * the code is dead and a new one must be sent.
     */
    async verify(input: { merchantId: number; purpose: CodePurpose; destination: string; code: string }) {
      const row = await repository.latest(input.merchantId, input.purpose, input.destination);
      if (!row || row.attempts >= MAX_ATTEMPTS) throw new AppError('verification.code.invalid');
      if (row.expires_at.getTime() < Date.now()) throw new AppError('verification.code.expired');
      const ok = timingSafeEqual(Buffer.from(hash(input.code.trim())), Buffer.from(row.code_hash));
      if (!ok) {
        await repository.countAttempt(row.id);
        throw new AppError('verification.code.invalid');
      }
      if (!(await repository.consume(row.id))) throw new AppError('verification.code.invalid');
    },

    async outbox(merchantId: number, to?: string) {
      const rows = await repository.outbox(merchantId, to);
      return rows.map((r) => ({
        channel: r.channel as 'sms' | 'email',
        to: r.destination,
        text: r.body,
        code: r.code,
        time: new Date(r.created_at).toISOString(),
      }));
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
