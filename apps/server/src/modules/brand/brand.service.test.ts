import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seed } from '../../seeds/seed.js';
import { createLocalBus, createRedisBus } from '../../lib/invalidation-bus.js';
import { createTestDatabase } from '../../test/test-database.js';
import { createBrandRepository } from './brand.repository.js';
import { createBrandService } from './brand.service.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await migrateToLatest(handle.db);
  await seed(handle.db, { demo: false });
});
afterAll(() => handle.close());

const maintenanceOn = {
  maintenance: { enabled: true, message: 'Back soon', endTime: null },
  regionBlock: { enabled: false, blockedRanges: [] },
};
const normal = { ...maintenanceOn, maintenance: { enabled: false, message: null, endTime: null } };

describe('brand cache across instances', () => {
  it('serves a cached brand until its TTL, then reads the change another instance made', async () => {
    let now = 0;
    const repository = createBrandRepository(handle.db);
    const a = createBrandService({ repository, bus: createLocalBus(), ttlMs: 5000, now: () => now });
    const b = createBrandService({ repository, bus: createLocalBus(), ttlMs: 5000, now: () => now });
    expect((await b.get('demo')).availability.maintenance.enabled).toBe(false);

    await a.setAvailability('demo', maintenanceOn);
    expect((await a.get('demo')).availability.maintenance.enabled).toBe(true);
    // B has its own bus (no Redis): it may serve its copy until the TTL runs out, never longer.
    now += 4999;
    expect((await b.get('demo')).availability.maintenance.enabled).toBe(false);
    now += 2;
    expect((await b.get('demo')).availability.maintenance.enabled).toBe(true);
    await a.setAvailability('demo', normal);
  });

  it.runIf(process.env.TEST_REDIS_URL)('drops every instance’s copy at once through Redis', async () => {
    const repository = createBrandRepository(handle.db);
    const [busA, busB] = await Promise.all([
      createRedisBus(process.env.TEST_REDIS_URL!),
      createRedisBus(process.env.TEST_REDIS_URL!),
    ]);
    const a = createBrandService({ repository, bus: busA, ttlMs: 3_600_000 });
    const b = createBrandService({ repository, bus: busB, ttlMs: 3_600_000 });
    expect((await b.get('demo')).availability.maintenance.enabled).toBe(false);
    await a.setAvailability('demo', maintenanceOn);
    const until = Date.now() + 2000;
    let seen = false;
    while (!seen && Date.now() < until) {
      seen = (await b.get('demo')).availability.maintenance.enabled;
      if (!seen) await new Promise((r) => setTimeout(r, 10));
    }
    expect(seen).toBe(true);
    await a.setAvailability('demo', normal);
    await Promise.all([busA.close(), busB.close()]);
  });

  it('answers from the cache without waiting only while the cached copy is fresh', async () => {
    let now = 0;
    const s = createBrandService({
      repository: createBrandRepository(handle.db),
      bus: createLocalBus(),
      ttlMs: 5000,
      now: () => now,
    });
    expect(s.cached('demo')).toBeUndefined();
    const brand = await s.get('demo');
    expect(s.cached('demo')).toBe(brand);
    await expect(s.get('nope')).rejects.toMatchObject({ code: 'merchant.acct.setup.err' });
    expect(s.cached('nope')).toBeNull();
    now += 5000;
    expect(s.cached('demo')).toBeUndefined();
  });

  it('refuses an unknown brand', async () => {
    const s = createBrandService({
      repository: createBrandRepository(handle.db),
      bus: createLocalBus(),
      ttlMs: 0,
    });
    await expect(s.get('nope')).rejects.toMatchObject({ code: 'merchant.acct.setup.err' });
  });
});
