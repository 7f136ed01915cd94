import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashPassword } from '../../lib/password.js';
import { createLedgerService } from '../../modules/ledger/index.js';
import { createMemberRepository } from '../../modules/member/member.repository.js';

export const TEAM_PASSWORD = 'team-pass-2026';
let hash: Promise<string> | undefined;

/** Inserts a member (and its closure rows) the way registration does, with TEAM_PASSWORD. */
export async function addMember(
  db: Kysely<Database>,
  merchantId: number,
  account: string,
  type: number,
  parentId: string | null,
  createdAt?: Date,
): Promise<string> {
  hash ??= hashPassword(TEAM_PASSWORD);
  const id = await createMemberRepository(db).insert({
    merchantId,
    account,
    nickname: null,
    type,
    parentId,
    passwordHash: await hash,
    registerMethod: 'SEED',
    createdIp: null,
  });
  if (createdAt) await db.updateTable('member').set({ created_at: createdAt }).where('id', '=', id).execute();
  return id;
}

export interface TestBet {
  merchantId: number;
  memberId: string;
  at: Date;
  gameType: string;
  vassalage?: string;
  stake: bigint;
  payout: bigint;
  /** Defaults to settled (valid bet = stake); void: valid bet 0, payout = stake back. */
  status?: 'settled' | 'void' | 'open';
}

let round = 0;
/**
 * A bet row plus its rollup change, as the bet path writes them (one settled round: stake, valid
 * bet = stake, payout) through the rollup function of migration 202611221400.
 */
export async function addBet(db: Kysely<Database>, b: TestBet) {
  const status = b.status ?? 'settled';
  const valid = status === 'settled' ? b.stake : 0n;
  const vassalage = b.vassalage ?? 'HOUSE';
  round += 1;
  await db
    .insertInto('bet')
    .values({
      merchant_id: b.merchantId,
      member_id: b.memberId,
      adapter: 'house',
      vassalage,
      game_code: `${b.gameType.toLowerCase()}-1`,
      game_type: b.gameType,
      round_id: `r-${round}-${Math.random().toString(36).slice(2)}`,
      stake: b.stake.toString(),
      valid_bet: valid.toString(),
      payout: b.payout.toString(),
      status,
      placed_at: b.at,
      settled_at: status === 'open' ? null : b.at,
    })
    .execute();
  await sql`select member_stat_add(${b.merchantId}, ${b.memberId}::bigint, ${b.at}::timestamptz, ${b.gameType},
    ${vassalage}, 1, ${b.stake.toString()}::bigint, ${valid.toString()}::bigint, ${b.payout.toString()}::bigint)`.execute(
    db,
  );
}

/** A main-wallet movement through a real ledger posting (DEPOSIT, WITHDRAW, WITHDRAW_REVERSAL). */
export async function postMoney(
  db: Kysely<Database>,
  merchantId: number,
  memberId: string,
  kind: 'DEPOSIT' | 'WITHDRAW' | 'WITHDRAW_REVERSAL',
  minor: bigint,
) {
  const ledger = createLedgerService(db);
  const system = (
    {
      DEPOSIT: 'payments_clearing',
      WITHDRAW: 'withdrawals_clearing',
      WITHDRAW_REVERSAL: 'withdrawals_clearing',
    } as const
  )[kind];
  const sign = kind === 'WITHDRAW' ? -1n : 1n;
  return ledger.transaction(async (tx) => {
    const other = await ledger.systemAccount(tx, merchantId, system, 'USD');
    const main = await ledger.memberAccount(tx, merchantId, memberId, 'main', 'MAIN', 'USD');
    return ledger.post(
      {
        merchantId,
        kind,
        idempotencyKey: `test:${kind}:${memberId}:${Math.random()}`,
        request: { minor: minor.toString() },
        memberId,
        entries: [
          { accountId: other, amount: -sign * minor },
          { accountId: main.id, amount: sign * minor },
        ],
      },
      tx,
    );
  });
}

/** Refreshes the brand's team rollups for the last `daysBack` days, as the rollup job does. */
export async function refreshTeamRollups(db: Kysely<Database>, merchantId: number, daysBack = 3) {
  await sql`select team_rollup_refresh(${merchantId}, current_date - ${daysBack}::int, current_date, 100,
    array[1, 2, 41, 42])`.execute(db);
}
