import { describe, expect, it } from 'vitest';
import { createClock } from './clock.js';

describe('the schedules clock', () => {
  it('is the wall clock until moved, and moves forward only when settable', () => {
    const clock = createClock({ settable: true });
    const before = Date.now();
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(before);
    expect(clock.now().getTime()).toBeLessThanOrEqual(Date.now());
    const moved = clock.advance(86_400_000);
    expect(clock.offsetMs()).toBe(86_400_000);
    expect(moved.getTime()).toBeGreaterThanOrEqual(before + 86_400_000);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(86_400_000 - 5);
    expect(() => clock.advance(-1)).toThrow(/forward/);
    expect(() => clock.advance(0.5)).toThrow(/forward/);
    expect(clock.offsetMs()).toBe(86_400_000);
  });

  it('refuses to move when not settable', () => {
    const clock = createClock({ settable: false });
    expect(() => clock.advance(1000)).toThrow(/TEST_CLOCK/);
    expect(clock.offsetMs()).toBe(0);
  });
});
