import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../../lib/invalidation-bus.js';
import { VendorRegistry } from '../vendors/index.js';
import type { CatalogueRepository, GameRow, VendorRow } from './catalogue.repository.js';
import { type GameListQuery, createCatalogueService } from './catalogue.service.js';

const vendor: VendorRow = {
  vassalage: 'AUR',
  names: { EN: 'Aurora' },
  adapter: 'house',
  enabled: true,
  sortOrder: 1,
};
const game = (nodeId: number): GameRow => ({
  nodeId,
  gameCode: `G${nodeId}`,
  gameType: 'RNG',
  vassalage: 'AUR',
  adapter: 'house',
  engine: 'dice',
  names: { EN: `Game ${nodeId}`, ZH: `游戏 ${nodeId}` },
  classify: [],
  hotRank: null,
  sortOrder: nodeId,
  isGame: 'GAME',
  trial: true,
  enabled: true,
  iconUrl: null,
});

/** The two reads a snapshot needs, counting the loads. */
function setup(ttlMs = 60_000) {
  const loads = { count: 0 };
  let clock = 1_000;
  const repository = {
    vendors: async () => [vendor],
    games: async () => {
      loads.count++;
      return [game(1), game(2), game(3)];
    },
  } as unknown as CatalogueRepository;
  const vendors = new VendorRegistry();
  vendors.register({
    code: 'house',
    walletMode: 'seamless',
    singleOpenRound: true,
    configured: () => true,
    launch: () => Promise.reject(new Error('not used')),
  });
  const service = createCatalogueService({
    repository,
    bus: createLocalBus(),
    vendors,
    ttlMs,
    now: () => clock,
  });
  return { service, loads, advance: (ms: number) => (clock += ms) };
}

const query: GameListQuery = { gameType: 'RNG', pageNo: 1, pageSize: 2 } as GameListQuery;

describe('catalogue service reads', () => {
  it('answers from a loaded snapshot at once, and waits for a load otherwise', async () => {
    const { service, loads, advance } = setup(5_000);
    const first = service.list(7, 'EN', query);
    expect(first).toBeInstanceOf(Promise); // nothing loaded yet
    const loaded = await first;
    expect(loaded.games.map((g) => g.nodeId)).toEqual([1, 2]);
    expect(loaded.totalPages).toBe(2);

    const again = service.list(7, 'EN', query);
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toBe(loaded); // the memoised reply itself
    expect(service.hot(7, 'EN', {})).not.toBeInstanceOf(Promise);
    expect(loads.count).toBe(1);

    advance(5_000); // past the TTL: a new load, waited for
    const stale = service.list(7, 'EN', query);
    expect(stale).toBeInstanceOf(Promise);
    expect((await stale).games.map((g) => g.nodeId)).toEqual([1, 2]);
    expect(loads.count).toBe(2);
  });

  it('waits again after an invalidation', async () => {
    const { service, loads } = setup();
    await service.lanes(7, 'EN');
    expect(service.lanes(7, 'EN')).not.toBeInstanceOf(Promise);
    await service.invalidate(7);
    const reloaded = service.lanes(7, 'EN');
    expect(reloaded).toBeInstanceOf(Promise);
    await reloaded;
    expect(loads.count).toBe(2);
  });

  it('remembers a reply by the frozen query object and language, and per snapshot', async () => {
    const { service } = setup();
    const frozen = Object.freeze({ ...query });
    const en = await service.list(7, 'EN', frozen);
    expect(service.list(7, 'EN', frozen)).toBe(en);
    const zh = service.list(7, 'ZH', frozen) as Awaited<ReturnType<typeof service.list>>;
    expect(zh).not.toBe(en);
    expect(zh.games.map((g) => g.gameName)).toEqual(['游戏 1', '游戏 2']);
    expect(service.list(7, 'ZH', frozen)).toBe(zh);
    // An equal query in another object (frozen or not) finds the same reply by its key.
    expect(service.list(7, 'EN', Object.freeze({ ...query }))).toBe(en);
    expect(service.list(7, 'EN', { ...query })).toBe(en);
    // Another page is another reply, also when asked through a frozen object.
    const page2 = Object.freeze({ ...query, pageNo: 2 });
    expect((service.list(7, 'EN', page2) as typeof en).games.map((g) => g.nodeId)).toEqual([3]);
    const hotQuery = Object.freeze({});
    const hot = service.hot(7, 'EN', hotQuery);
    expect(service.hot(7, 'EN', hotQuery)).toBe(hot);

    await service.invalidate(7);
    const reloaded = await service.list(7, 'EN', frozen);
    expect(reloaded).not.toBe(en); // a new snapshot answers anew
    expect(reloaded).toEqual(en);
    expect(service.list(7, 'EN', frozen)).toBe(reloaded);
  });
});
