import { describe, expect, it } from 'vitest';
import { createLocalBus, createRedisBus } from './invalidation-bus.js';

const waitFor = async (check: () => boolean, ms = 2000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe('invalidation bus', () => {
  it('delivers to local subscribers of the topic only', async () => {
    const bus = createLocalBus();
    const brand: string[] = [];
    const other: string[] = [];
    bus.subscribe('brand', (k) => brand.push(k));
    bus.subscribe('other', (k) => other.push(k));
    await bus.publish('brand', 'demo');
    expect(brand).toEqual(['demo']);
    expect(other).toEqual([]);
    await bus.close();
  });

  it.runIf(process.env.TEST_REDIS_URL)('reaches another instance through Redis', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const a = await createRedisBus(url);
    const b = await createRedisBus(url);
    const heardByB: string[] = [];
    b.subscribe('brand', (k) => heardByB.push(k));
    const key = `demo-${Math.random()}`;
    await a.publish('brand', key);
    expect(await waitFor(() => heardByB.includes(key))).toBe(true);
    await Promise.all([a.close(), b.close()]);
  });
});
