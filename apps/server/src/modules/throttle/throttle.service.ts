import { AppError } from '../../lib/app-error.js';
import type { ThrottleRepository, ThrottleRule } from './throttle.repository.js';

const minute = 60_000;

/** The limits the spec and ASVS call for. Blocks are temporary: nothing locks an account forever. */
export const throttleRules = {
  /** Spec §9: an SMS request at most once per 1000 ms per client. */
  smsPerClient: { limit: 1, windowMs: 1000, blockMs: 0 },
  /** One code per number per minute, at most five an hour. */
  smsPerNumberMinute: { limit: 1, windowMs: minute, blockMs: 0 },
  smsPerNumberHour: { limit: 5, windowMs: 60 * minute, blockMs: 0 },
  /** Failed logins: captcha after 3 per account; the 10th pauses it 5 minutes (spec §8's message). */
  loginFailuresPerAccount: { limit: 9, windowMs: 15 * minute, blockMs: 5 * minute },
  loginFailuresPerIp: { limit: 29, windowMs: 15 * minute, blockMs: 5 * minute },
  trialPerIp: { limit: 10, windowMs: 60 * minute, blockMs: 0 },
} satisfies Record<string, ThrottleRule>;

export const captchaAfterFailures = 3;

export function createThrottleService(repository: ThrottleRepository) {
  const tooMany = (blockedMs: number) =>
    new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: Math.max(1, Math.ceil(blockedMs / 1000)) });

  return {
    /** Counts a hit and refuses with 429 (and the seconds to wait) when over the limit. */
    async consume(key: string, rule: ThrottleRule): Promise<void> {
      const { hits, blockedMs } = await repository.hit(key, rule);
      if (hits > rule.limit) throw tooMany(blockedMs);
    },

    /** Refuses with 429 while the key is blocked, without counting. */
    async assertNotBlocked(key: string): Promise<void> {
      const { blockedMs } = await repository.state(key, 0);
      if (blockedMs > 0) throw tooMany(blockedMs);
    },

    /** Records a failure; returns the failures in the current window. */
    async fail(key: string, rule: ThrottleRule): Promise<number> {
      return (await repository.hit(key, rule)).hits;
    },

    async failures(key: string, rule: ThrottleRule): Promise<number> {
      return (await repository.state(key, rule.windowMs)).hits;
    },

    reset: repository.reset,
  };
}

export type ThrottleService = ReturnType<typeof createThrottleService>;
