import { randomBytes } from 'node:crypto';
import { newServerSeed } from '@arcadia/games';
import { type Insertable, type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type {
  Database,
  HouseCallbackTable,
  HouseRoundStatus,
  HouseRoundTable,
  HouseSeedTable,
  HouseSessionTable,
} from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** How long one bet may hold a player's seed; a crashed instance's lease runs out after this. */
export const LEASE_MS = 30_000;

export type HouseSeedRow = Selectable<HouseSeedTable>;
export type HouseCallbackRow = Selectable<HouseCallbackTable>;
export type HouseRoundRow = Selectable<HouseRoundTable> & {
  server_seed_hash: string;
  server_seed: string;
  seed_active: boolean;
};

/** A fresh server seed from the CSPRNG (32 bytes) and the default client seed. */
export function freshSeed() {
  return { ...newServerSeed(randomBytes(32).toString('hex')), clientSeed: randomBytes(8).toString('hex') };
}

/** Every SQL statement of the house vendor. */
export function createHouseRepository(db: Kysely<Database>) {
  return {
    db,

    async insertSession(values: Insertable<HouseSessionTable>) {
      return db.insertInto('house_session').values(values).returning('id').executeTakeFirstOrThrow();
    },

    async sessionByHash(tokenHash: string) {
      return db
        .selectFrom('house_session as s')
        .innerJoin('merchant as m', 'm.id', 's.merchant_id')
        .select([
          's.id',
          's.mode',
          's.merchant_id',
          's.member_id',
          's.player_key',
          's.player_id',
          's.game_code',
          's.engine',
          's.currency',
          's.language',
          's.trial_balance',
          's.expires_at',
          'm.code as merchant_code',
          'm.currency_scale',
        ])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async setPlayerId(sessionId: string, playerId: string) {
      await db
        .updateTable('house_session')
        .set({ player_id: playerId })
        .where('id', '=', sessionId)
        .execute();
    },

    async activeSeed(merchantId: number, playerKey: string, tx: Db = db): Promise<HouseSeedRow | undefined> {
      return tx
        .selectFrom('house_seed')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('player_key', '=', playerKey)
        .where('active', '=', true)
        .executeTakeFirst();
    },

    /** The active seed, created on first use. */
    async ensureSeed(merchantId: number, playerKey: string): Promise<HouseSeedRow> {
      const existing = await this.activeSeed(merchantId, playerKey);
      if (existing) return existing;
      const seed = freshSeed();
      await sql`
        insert into house_seed (merchant_id, player_key, server_seed, server_seed_hash, client_seed)
        values (${merchantId}, ${playerKey}, ${seed.serverSeed}, ${seed.serverSeedHash}, ${seed.clientSeed})
        on conflict (merchant_id, player_key) where active do nothing`.execute(db);
      const row = await this.activeSeed(merchantId, playerKey);
      if (!row) throw new Error('house seed vanished');
      return row;
    },

    /** Takes the player's lease when free (or expired); null when another bet holds it. */
    async tryLease(seedId: string): Promise<HouseSeedRow | null> {
      const leaseUntil = new Date(Date.now() + LEASE_MS);
      const row = await db
        .updateTable('house_seed')
        .set({ lease_until: leaseUntil })
        .where('id', '=', seedId)
        .where('active', '=', true)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', new Date())]))
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    async advanceNonce(tx: Db, seedId: string, nonce: number) {
      await tx
        .updateTable('house_seed')
        .set({ nonce: nonce + 1 })
        .where('id', '=', seedId)
        .where('nonce', '=', String(nonce))
        .execute();
    },

    async round(roundId: string, tx: Db = db): Promise<HouseRoundRow | undefined> {
      return tx
        .selectFrom('house_round as r')
        .innerJoin('house_seed as s', 's.id', 'r.seed_id')
        .selectAll('r')
        .select(['s.server_seed_hash', 's.server_seed', 's.active as seed_active'])
        .where('r.round_id', '=', roundId)
        .executeTakeFirst();
    },

    async openRound(
      merchantId: number,
      playerKey: string,
      gameCode: string,
    ): Promise<HouseRoundRow | undefined> {
      const row = await db
        .selectFrom('house_round')
        .select('round_id')
        .where('merchant_id', '=', merchantId)
        .where('player_key', '=', playerKey)
        .where('game_code', '=', gameCode)
        .where('status', '=', 'open')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? this.round(row.round_id) : undefined;
    },

    async countOpenRounds(seedId: string) {
      const row = await db
        .selectFrom('house_round')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('seed_id', '=', seedId)
        .where('status', 'in', ['open', 'betting'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertRound(tx: Db, values: Insertable<HouseRoundTable>) {
      await tx.insertInto('house_round').values(values).execute();
    },

    async updateRound(
      tx: Db,
      roundId: string,
      set: {
        status?: HouseRoundStatus;
        state?: string | null;
        outcome?: string | null;
        stake?: bigint;
        payout?: bigint;
        bets?: number;
        settled_at?: Date | null;
      },
    ) {
      await tx.updateTable('house_round').set(set).where('round_id', '=', roundId).execute();
    },

    async history(merchantId: number, playerKey: string, gameCode: string, limit: number) {
      return db
        .selectFrom('house_round as r')
        .innerJoin('house_seed as s', 's.id', 'r.seed_id')
        .selectAll('r')
        .select(['s.server_seed_hash', 's.server_seed', 's.active as seed_active'])
        .where('r.merchant_id', '=', merchantId)
        .where('r.player_key', '=', playerKey)
        .where('r.game_code', '=', gameCode)
        .where('r.status', 'in', ['open', 'closed', 'void'])
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Trial play money: debit (negative) or credit; false when it would go below zero. */
    async moveTrialBalance(tx: Db, sessionId: string, delta: bigint): Promise<string | null> {
      const row = await tx
        .updateTable('house_session')
        .set({ trial_balance: sql`trial_balance + ${delta.toString()}::bigint` })
        .where('id', '=', sessionId)
        .where(sql<boolean>`trial_balance + ${delta.toString()}::bigint >= 0`)
        .returning('trial_balance')
        .executeTakeFirst();
      return row ? (row.trial_balance ?? '0') : null;
    },

    async rotateSeed(tx: Db, seed: HouseSeedRow, clientSeed: string) {
      await tx
        .updateTable('house_seed')
        .set({ active: false, rotated_at: new Date(), lease_until: null })
        .where('id', '=', seed.id)
        .execute();
      const next = freshSeed();
      await tx
        .insertInto('house_seed')
        .values({
          merchant_id: seed.merchant_id,
          player_key: seed.player_key,
          server_seed: next.serverSeed,
          server_seed_hash: next.serverSeedHash,
          client_seed: clientSeed,
          // The caller holds the player's lease: the new seed starts held too, released with it.
          lease_until: seed.lease_until,
        })
        .execute();
    },

    async setClientSeed(tx: Db, seedId: string, clientSeed: string) {
      await tx.updateTable('house_seed').set({ client_seed: clientSeed }).where('id', '=', seedId).execute();
    },

    async insertCallback(
      tx: Db,
      values: {
        merchant_id: number;
        round_id: string;
        op: 'bet' | 'win' | 'rollback';
        request_id: string;
        transaction_id: string;
        body: string;
      },
    ) {
      return tx
        .insertInto('house_callback')
        .values(values)
        .onConflict((oc) => oc.column('request_id').doNothing())
        .returning('id')
        .executeTakeFirst();
    },

    async callback(requestId: string) {
      return db
        .selectFrom('house_callback')
        .selectAll()
        .where('request_id', '=', requestId)
        .executeTakeFirst();
    },

    async finishCallback(
      tx: Db,
      requestId: string,
      status: 'done' | 'refused' | 'pending',
      reply: string | null,
    ) {
      await tx
        .updateTable('house_callback')
        .set({ status, reply, attempts: sql`attempts + 1`, updated_at: new Date() })
        .where('request_id', '=', requestId)
        .execute();
    },

    /** Callbacks still waiting for an answer, untouched since `olderThan`. */
    async pendingCallbacks(olderThan: Date, limit = 200) {
      return db
        .selectFrom('house_callback')
        .selectAll()
        .where('status', '=', 'pending')
        .where('updated_at', '<', olderThan)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Bets answered OK whose round never moved on (a crash between the reply and the next write). */
    async strandedBets(olderThan: Date, limit = 200) {
      return db
        .selectFrom('house_round as r')
        .innerJoin('house_callback as c', (j) =>
          j.onRef('c.round_id', '=', 'r.round_id').on('c.op', '=', 'bet').on('c.status', '=', 'done'),
        )
        .selectAll('c')
        .where('r.status', '=', 'betting')
        .where('r.created_at', '<', olderThan)
        .limit(limit)
        .execute();
    },

    /** Frees every lease of a player (rotation leaves the new seed held as well). */
    async releaseLeases(merchantId: number, playerKey: string) {
      await db
        .updateTable('house_seed')
        .set({ lease_until: null })
        .where('merchant_id', '=', merchantId)
        .where('player_key', '=', playerKey)
        .where('lease_until', 'is not', null)
        .execute();
    },

    /** Voids a round whose only bet is being rolled back, and closes the bet's outbox row. */
    async voidBet(tx: Db, roundId: string, betRequestId: string) {
      await this.finishCallback(tx, betRequestId, 'refused', null);
      await tx
        .updateTable('house_round')
        .set({ status: 'void', settled_at: new Date() })
        .where('round_id', '=', roundId)
        .where('status', '=', 'betting')
        .execute();
    },

    async merchantMoney(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select(['currency', 'currency_scale'])
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
    },

    async merchantCode(merchantId: number) {
      const row = await db
        .selectFrom('merchant')
        .select('code')
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
      return row.code;
    },

    /** The game's catalogue name in `language`, else in English, else its code. */
    async gameName(merchantId: number, gameCode: string, language: string): Promise<string> {
      const row = await db
        .selectFrom('game')
        .select('names')
        .where('merchant_id', '=', merchantId)
        .where('game_code', '=', gameCode)
        .executeTakeFirst();
      const names = (row?.names ?? {}) as Record<string, string | undefined>;
      return names[language] || names.EN || gameCode;
    },

    async engineOfGame(merchantId: number, gameCode: string): Promise<string | null> {
      const row = await db
        .selectFrom('game')
        .select(['engine', 'adapter'])
        .where('merchant_id', '=', merchantId)
        .where('game_code', '=', gameCode)
        .executeTakeFirst();
      return row && row.adapter === 'house' ? row.engine : null;
    },
  };
}
export type HouseRepository = ReturnType<typeof createHouseRepository>;
