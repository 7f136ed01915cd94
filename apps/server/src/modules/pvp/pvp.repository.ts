import {
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
  sql,
} from 'kysely';
import type { Database, PvpHandTable, PvpSeatTable } from '../../db/schema.js';

export type SeatRow = Selectable<PvpSeatTable>;
export type HandRow = Selectable<PvpHandTable>;
/** A query runner: the database, or the transaction the caller is in (an embedded database has one connection). */
export type Db = Kysely<Database> | Transaction<Database>;

/**
 * The card rooms' queries (docs/pvp.md): seats, hands and bets. Every function takes the query
 * runner to use; the services keep the transactions and the order of the statements.
 */

/** The brand's currency and its scale. */
export const merchantMoney = (q: Db, merchantId: number) =>
  q
    .selectFrom('merchant')
    .select(['currency', 'currency_scale'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();

/** The seats not yet left, by seat number. */
export const seatsOf = (q: Db, merchantId: number, tableCode: string) =>
  q
    .selectFrom('pvp_seat')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('table_code', '=', tableCode)
    .where('status', '<>', 'left')
    .orderBy('seat_no')
    .execute();

/** The seats not yet left, in no particular order (a turn-based hand's step reads them under the hand's lock). */
export const seatsInPlay = (q: Db, merchantId: number, tableCode: string) =>
  q
    .selectFrom('pvp_seat')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('table_code', '=', tableCode)
    .where('status', '<>', 'left')
    .execute();

/** The seats not yet left, locked (a settlement moves their stacks). */
export const lockSeats = (tx: Transaction<Database>, merchantId: number, tableCode: string) =>
  tx
    .selectFrom('pvp_seat')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('table_code', '=', tableCode)
    .where('status', '<>', 'left')
    .forUpdate()
    .execute();

/** The member's seat at a table, locked (leaving). */
export const lockMemberSeats = (
  tx: Transaction<Database>,
  merchantId: number,
  tableCode: string,
  memberId: string,
) =>
  tx
    .selectFrom('pvp_seat')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('table_code', '=', tableCode)
    .where('member_id', '=', memberId)
    .where('status', '<>', 'left')
    .forUpdate()
    .execute();

/** Seats taken per table of a brand (the room list). */
export const seatCounts = (q: Db, merchantId: number) =>
  q
    .selectFrom('pvp_seat')
    .select(['table_code', sql<string>`count(*)`.as('n')])
    .where('merchant_id', '=', merchantId)
    .where('status', '<>', 'left')
    .groupBy('table_code')
    .execute();

/** One seating at a time per room: a transaction-scoped advisory lock on the room. */
export const lockRoom = (tx: Transaction<Database>, merchantId: number, tableCode: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`pvp:${merchantId}:${tableCode}`}))`.execute(tx);

export const insertSeat = (tx: Transaction<Database>, values: Insertable<PvpSeatTable>) =>
  tx.insertInto('pvp_seat').values(values).execute();

/** Frees a seat once: its stack, or undefined when it had already left. */
export const leaveSeat = (tx: Transaction<Database>, seatId: string) =>
  tx
    .updateTable('pvp_seat')
    .set({ status: 'left', left_at: new Date() })
    .where('id', '=', seatId)
    .where('status', '<>', 'left')
    .returning('stack')
    .executeTakeFirst();

/** A seat leaves once the hand it is in is paid. */
export const markSeatLeaving = (tx: Transaction<Database>, seatId: string) =>
  tx.updateTable('pvp_seat').set({ status: 'leaving' }).where('id', '=', seatId).execute();

/** Moves a seat's stack by `delta` (minor units, signed). */
export const addToStack = (tx: Transaction<Database>, seatId: string, delta: string) =>
  tx
    .updateTable('pvp_seat')
    .set({ stack: sql`stack + ${delta}::bigint` })
    .where('id', '=', seatId)
    .execute();

/** The table's latest hand. */
export const latestHand = (q: Db, merchantId: number, tableCode: string) =>
  q
    .selectFrom('pvp_hand')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('table_code', '=', tableCode)
    .orderBy('hand_no', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Opens a hand unless another instance opened that hand number first (then undefined). */
export const insertHand = (q: Db, values: Insertable<PvpHandTable>) =>
  q
    .insertInto('pvp_hand')
    .values(values)
    .onConflict((oc) => oc.columns(['merchant_id', 'table_code', 'hand_no']).doNothing())
    .returning('id')
    .executeTakeFirst();

/** The hand, locked; throws when there is none. */
export const lockHand = (tx: Transaction<Database>, handId: string) =>
  tx.selectFrom('pvp_hand').selectAll().where('id', '=', handId).forUpdate().executeTakeFirstOrThrow();

/** The hand, locked, or undefined. */
export const lockHandIfAny = (tx: Transaction<Database>, handId: string) =>
  tx.selectFrom('pvp_hand').selectAll().where('id', '=', handId).forUpdate().executeTakeFirst();

/** A bull-bull hand too short of players: voided, if still taking bets. */
export const voidHand = (q: Db, handId: string) =>
  q
    .updateTable('pvp_hand')
    .set({ status: 'voided', settled_at: new Date() })
    .where('id', '=', handId)
    .where('status', '=', 'betting')
    .execute();

/** A bull-bull hand dealt: its result kept, if still taking bets. */
export const markHandDealing = (q: Db, handId: string, result: string) =>
  q
    .updateTable('pvp_hand')
    .set({ status: 'dealing', result })
    .where('id', '=', handId)
    .where('status', '=', 'betting')
    .execute();

/** Writes a hand's row (a settlement, a turn-based step) under the lock the caller holds. */
export const updateHand = (tx: Transaction<Database>, handId: string, values: Updateable<PvpHandTable>) =>
  tx.updateTable('pvp_hand').set(values).where('id', '=', handId).execute();

/** The bets of a bull-bull hand. */
export const handBets = (q: Db, handId: string) =>
  q.selectFrom('pvp_bet').selectAll().where('hand_id', '=', handId).execute();

/** A player's bet multiple for a hand (a second bet replaces the first). */
export const upsertBet = (
  q: Db,
  bet: { hand_id: string; seat_no: number; member_id: string; multiple: number },
) =>
  q
    .insertInto('pvp_bet')
    .values(bet)
    .onConflict((oc) => oc.columns(['hand_id', 'seat_no']).doUpdateSet({ multiple: bet.multiple }))
    .execute();

/** Accounts and nicknames of members. */
export const membersNamed = (q: Db, ids: string[]) =>
  q.selectFrom('member').select(['id', 'account', 'nickname']).where('id', 'in', ids).execute();
