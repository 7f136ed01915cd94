import { describe, expect, it } from 'vitest';
import { createSerialSchedule } from './serial-schedule.js';

describe('serial schedule', () => {
  it('never runs two passes at once; runNow waits for the one in flight and runs its own; a failure is logged and answers empty', async () => {
    let inFlight = 0;
    let most = 0;
    let n = 0;
    let fail = false;
    const errors: unknown[] = [];
    const s = createSerialSchedule({
      pass: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        if (fail) throw new Error('boom');
        return ++n;
      },
      empty: 0,
      onError: (err) => errors.push(err),
    });
    const [a, b] = await Promise.all([s.tick(), s.tick()]);
    // The second tick found the first running and shares its outcome.
    expect([a, b]).toEqual([1, 1]);
    const first = s.tick();
    const now = s.runNow();
    expect(await first).toBe(2);
    expect(await now).toBe(3);
    expect(most).toBe(1);
    fail = true;
    expect(await s.runNow()).toBe(0);
    expect(errors).toHaveLength(1);
  });
});
