import { type HouseAction, type HouseEngineId, houseEngineIds } from '@arcadia/contract';
import { FairInputError, FairStream, hashServerSeed } from '@arcadia/games';
import { AppError } from '../../lib/app-error.js';
import { type Params, engineName, engineRules, prepareBet, replay } from './house.engines.js';
import { stakeLimits } from './house.stake-limits.js';

/** The house games' public fairness tools: replaying a round from its seeds, and the engines with their rules. */

export function verifyRound(body: {
  engine: HouseEngineId;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: Params;
  actions: { action: HouseAction; params: Params }[];
  stake: string;
}) {
  // Baccarat's stake is the sum of its spots; the default stake is for the other engines.
  const prepared = prepareBet(body.engine, body.engine === 'baccarat' ? undefined : body.stake, body.params);
  const stake = prepared.stake ?? BigInt(body.stake);
  let stream: FairStream;
  try {
    stream = new FairStream({
      serverSeed: body.serverSeed,
      clientSeed: body.clientSeed,
      nonce: body.nonce,
    });
  } catch (err) {
    if (err instanceof FairInputError)
      throw new AppError('game.bet.invalid', { reason: 'SEEDS_INVALID', detail: err.message });
    throw err;
  }
  const step = replay(body.engine, stake, prepared.params, body.actions, stream);
  return {
    engine: body.engine,
    serverSeedHash: hashServerSeed(body.serverSeed),
    stake: step.stake.toString(),
    payout: step.payout.toString(),
    finished: step.finished,
    outcome: step.revealed,
  };
}

export function engineList() {
  return {
    list: houseEngineIds.map((engine) => ({
      engine,
      name: engineName(engine),
      rules: engineRules(engine, stakeLimits(2)),
    })),
  };
}
