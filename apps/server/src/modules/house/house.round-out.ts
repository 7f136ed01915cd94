import { randomBytes } from 'node:crypto';
import type { HouseEngineId, HouseFairness, HouseRound } from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';
import type { HouseRoundRow, HouseSeedRow } from './house.repository.js';
import type { WalletReply } from './house.wallet.js';

/** The house game API's shapes: rounds and fairness as the client has them, a refused bet as its error. */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function newRoundId() {
  return `H${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
}

export function fairnessOf(seed: HouseSeedRow): HouseFairness {
  return { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: Number(seed.nonce) };
}

export function toRound(row: HouseRoundRow): HouseRound {
  const status = row.status === 'open' ? 'open' : row.status === 'closed' ? 'closed' : 'void';
  return {
    roundId: row.round_id,
    gameCode: row.game_code,
    engine: row.engine as HouseEngineId,
    mode: row.mode,
    status,
    stake: String(row.stake),
    payout: String(row.payout),
    params: row.params,
    outcome: row.outcome ?? null,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
    serverSeedHash: row.server_seed_hash,
    serverSeed: row.seed_active ? null : row.server_seed,
    createdAt: iso(row.created_at)!,
    settledAt: iso(row.settled_at),
  };
}

/** A refused bet as the client's error. */
export function refusal(reply: WalletReply): AppError {
  switch (reply.status) {
    case 'INSUFFICIENT_FUNDS':
      return new AppError('wallet.insufficient', { balance: reply.balance ?? null });
    case 'LIMIT_REACHED':
      return new AppError('rg.play_limit');
    case 'SESSION_EXPIRED':
    case 'PLAYER_NOT_FOUND':
      return new AppError('game.token.invalid', { reason: reply.status });
    default:
      return new AppError('game.wallet.unavailable', { status: reply.status });
  }
}
