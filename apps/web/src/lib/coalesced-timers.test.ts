import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedTimers } from './coalesced-timers';

describe('coalescedTimers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each long timer at its time, behind one platform timer', () => {
    const timers = coalescedTimers();
    const platform = vi.spyOn(globalThis, 'setTimeout');
    const fired: string[] = [];
    timers.setTimeout(() => fired.push('gc'), 300_000);
    timers.setTimeout(() => fired.push('stale'), 60_000);
    timers.setTimeout(() => fired.push('stale2'), 60_000);
    timers.setTimeout(() => fired.push('later'), 120_000);
    // Armed for the 5 minutes, then once more for the earlier minute; the rest are list entries.
    expect(platform).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(59_999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['stale', 'stale2']);
    vi.advanceTimersByTime(60_000);
    expect(fired).toEqual(['stale', 'stale2', 'later']);
    vi.advanceTimersByTime(180_000);
    expect(fired).toEqual(['stale', 'stale2', 'later', 'gc']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never runs a cleared timer, and disarms when none is left', () => {
    const timers = coalescedTimers();
    const fired: number[] = [];
    const a = timers.setTimeout(() => fired.push(1), 5_000);
    const b = timers.setTimeout(() => fired.push(2), 10_000);
    timers.clearTimeout(a);
    vi.advanceTimersByTime(6_000);
    expect(fired).toEqual([]);
    timers.clearTimeout(b);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(fired).toEqual([]);
  });

  it('repeats an interval until it is cleared', () => {
    const timers = coalescedTimers();
    let runs = 0;
    const id = timers.setInterval(() => runs++, 60_000);
    vi.advanceTimersByTime(180_000);
    expect(runs).toBe(3);
    timers.clearInterval(id);
    vi.advanceTimersByTime(180_000);
    expect(runs).toBe(3);
  });

  it('passes short delays to the platform, and clears them there', () => {
    const timers = coalescedTimers();
    const fired: string[] = [];
    timers.setTimeout(() => fired.push('retry'), 200);
    const dropped = timers.setTimeout(() => fired.push('dropped'), 300);
    timers.clearTimeout(dropped);
    const tick = timers.setInterval(() => fired.push('tick'), 400);
    vi.advanceTimersByTime(800);
    timers.clearInterval(tick);
    vi.advanceTimersByTime(800);
    expect(fired).toEqual(['retry', 'tick', 'tick']);
  });

  it('lets a timer set from a callback run in its turn', () => {
    const timers = coalescedTimers();
    const fired: string[] = [];
    timers.setTimeout(() => {
      fired.push('first');
      timers.setTimeout(() => fired.push('second'), 2_000);
    }, 1_000);
    vi.advanceTimersByTime(1_000);
    expect(fired).toEqual(['first']);
    vi.advanceTimersByTime(2_000);
    expect(fired).toEqual(['first', 'second']);
  });
});
