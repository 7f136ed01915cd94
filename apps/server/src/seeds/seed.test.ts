import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import { passwordHashParams, verifyPassword } from '../lib/password.js';
import type { DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { demoAccounts, seed } from './seed.js';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

async function fresh() {
  handle = await createTestDatabase();
  await migrateToLatest(handle.db);
  return handle.db;
}

describe('seed', () => {
  it('creates the demo brand, agent and player (below the agent) once', async () => {
    const db = await fresh();
    expect(await seed(db, { demo: true })).toEqual({
      brand: 'demo',
      brandCreated: true,
      demoAccountsCreated: true,
    });
    expect(await seed(db, { demo: true })).toEqual({
      brand: 'demo',
      brandCreated: false,
      demoAccountsCreated: false,
    });

    const members = await db.selectFrom('member').selectAll().orderBy('id').execute();
    expect(members.map((m) => [m.account, m.type])).toEqual([
      ['demoagent', 1],
      ['demoplayer', 0],
      ['demohost', 0],
    ]);
    // The demo host: appointed, online, with its welcome — once, however often the seed runs.
    const hosts = await db.selectFrom('chat_host').select(['member_id', 'status', 'nickname']).execute();
    expect(hosts).toEqual([{ member_id: members[2]!.id, status: 'online', nickname: 'Luna' }]);
    expect(await db.selectFrom('chat_message').select('id').execute()).toHaveLength(1);
    const [agent, player] = members;
    expect(player?.parent_id).toBe(agent?.id);
    expect(agent?.password_hash).toMatch(
      new RegExp(
        `^\\$argon2id\\$v=19\\$m=${passwordHashParams.memoryCost},t=${passwordHashParams.timeCost},p=1\\$`,
      ),
    );
    expect(await verifyPassword(player!.password_hash, demoAccounts.player.password)).toBe(true);

    const tree = await db
      .selectFrom('member_tree')
      .selectAll()
      .orderBy('descendant_id')
      .orderBy('depth')
      .execute();
    expect(tree.map((r) => [r.ancestor_id, r.descendant_id, r.depth])).toEqual([
      [agent!.id, agent!.id, 0],
      [player!.id, player!.id, 0],
      [agent!.id, player!.id, 1],
      [members[2]!.id, members[2]!.id, 0],
    ]);
    const topics = await db
      .selectFrom('help_topic')
      .select(['language'])
      .distinct()
      .orderBy('language')
      .execute();
    expect(topics.map((t) => t.language)).toEqual(['EN', 'ZH']);
  });

  it('brings an existing demo brand up to date with the brand file, keeping its availability', async () => {
    const db = await fresh();
    await seed(db, { demo: true });
    await db
      .updateTable('merchant')
      .set({ settings: JSON.stringify({ stale: true }), availability: JSON.stringify({ kept: true }) })
      .execute();
    await seed(db, { demo: true });
    const row = await db
      .selectFrom('merchant')
      .select(['settings', 'availability'])
      .executeTakeFirstOrThrow();
    expect(row.settings).toMatchObject({ supportLanguages: ['EN', 'ZH'] });
    expect(row.availability).toEqual({ kept: true });
  });

  it('seeds no accounts in production mode', async () => {
    const db = await fresh();
    expect(await seed(db, { demo: false })).toMatchObject({ brandCreated: true, demoAccountsCreated: false });
    expect(await db.selectFrom('member').selectAll().execute()).toEqual([]);
  });
});
