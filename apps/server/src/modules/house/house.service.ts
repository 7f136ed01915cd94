import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HouseAction, HouseEngineId } from '@arcadia/contract';
import { FairStream } from '@arcadia/games';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../auth/session.service.js';
import {
  type Params,
  type Step,
  advance,
  begin,
  decodeState,
  encodeState,
  engineRules,
  isStateful,
  prepareBet,
  toJsonSafe,
  startAction,
  validateBet,
} from './house.engines.js';
import type { HouseCallbackRow, HouseRepository, HouseSeedRow } from './house.repository.js';
import { fairnessOf, newRoundId, refusal, toRound } from './house.round-out.js';
import { stakeLimits } from './house.stake-limits.js';
import { engineList, verifyRound } from './house.verify.js';
import type { HouseWalletClient, SendResult, WalletReply } from './house.wallet.js';

export { MAX_STAKE_MAJOR, stakeLimits } from './house.stake-limits.js';

/** Play money of a trial session, in major units. */
export const TRIAL_BALANCE_MAJOR = 2_000n;
/** A bet waits this long for the player's previous bet before answering `game.busy`. */
const LEASE_WAIT_MS = 10_000;
/** Recovery leaves younger callbacks alone: they may still be in flight on some instance. */
export const RECOVERY_AGE_MS = 60_000;

type Session = NonNullable<Awaited<ReturnType<HouseRepository['sessionByHash']>>>;

interface Log {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export function createHouseService(deps: {
  repository: HouseRepository;
  wallet: HouseWalletClient;
  log?: Log;
}) {
  const repo = deps.repository;
  const db = repo.db;
  const log: Log = deps.log ?? { warn: () => undefined, error: () => undefined };

  async function resolve(token: string | undefined): Promise<Session> {
    if (!token || token.length > 200) throw new AppError('game.token.invalid', { reason: 'missing' });
    const row = await repo.sessionByHash(hashToken(token));
    if (!row) throw new AppError('game.token.invalid', { reason: 'unknown' });
    if (new Date(row.expires_at).getTime() <= Date.now())
      throw new AppError('game.token.invalid', { reason: 'expired' });
    return row;
  }

  /** The platform's view of a real session (`authenticate`): player id and balance. */
  async function authenticate(s: Session, token: string): Promise<WalletReply & { player_id: string }> {
    const body = JSON.stringify({ request_id: `ha-${randomUUID()}`, session_token: token });
    const res = await deps.wallet.sendWithRetry(s.merchant_id, s.merchant_code, 'authenticate', body);
    if (!res.ok) throw new AppError('game.wallet.unavailable', { reason: res.reason });
    if (res.reply.status !== 'OK' || typeof res.reply.player_id !== 'string') {
      throw new AppError('game.token.invalid', { reason: res.reply.status });
    }
    if (s.player_id !== res.reply.player_id) {
      await repo.setPlayerId(s.id, res.reply.player_id);
      s.player_id = res.reply.player_id;
    }
    return res.reply as WalletReply & { player_id: string };
  }

  async function playerId(s: Session, token: string): Promise<string> {
    return s.player_id ?? (await authenticate(s, token)).player_id;
  }

  /**
   * Runs `work` holding the player's seed lease: one bet of a player at a time on every
   * instance, so a nonce is used once and a refused bet can leave it unchanged.
   */
  /**
   * In this process, one player's bets queue here first, so only one of them at a time asks the
   * database for the lease: polling rows while another bet works would only slow that bet down.
   */
  const queues = new Map<string, Promise<void>>();

  async function queued<T>(key: string, deadline: number, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const tail = previous.then(() => mine);
    queues.set(key, tail);
    try {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((r) => {
        timer = setTimeout(() => r('timeout'), Math.max(0, deadline - Date.now()));
      });
      const turn = await Promise.race([previous.then(() => 'turn' as const), timedOut]);
      clearTimeout(timer);
      if (turn === 'timeout') throw new AppError('game.busy');
      return await work();
    } finally {
      release();
      if (queues.get(key) === tail) queues.delete(key);
    }
  }

  /**
   * Runs `work` holding the player's seed lease: one bet of a player at a time on every
   * instance, so a nonce is used once and a refused bet can leave it unchanged.
   */
  async function withLease<T>(s: Session, work: (seed: HouseSeedRow) => Promise<T>): Promise<T> {
    const deadline = Date.now() + LEASE_WAIT_MS;
    return queued(`${s.merchant_id}:${s.player_key}`, deadline, async () => {
      let seed = await repo.ensureSeed(s.merchant_id, s.player_key);
      // Another instance may hold the lease: poll, backing off, until the deadline.
      for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
        const leased = await repo.tryLease(seed.id);
        if (leased) {
          try {
            return await work(leased);
          } finally {
            // Rotation retires the leased seed and starts the new one held: release both.
            await repo.releaseLeases(s.merchant_id, s.player_key);
          }
        }
        if (Date.now() > deadline) throw new AppError('game.busy');
        await sleep(pause + Math.floor(Math.random() * pause));
        seed = await repo.ensureSeed(s.merchant_id, s.player_key);
      }
    });
  }

  function betBody(s: Session, token: string, player: string, roundId: string, txId: string, amount: bigint) {
    return JSON.stringify({
      request_id: `hq-${txId}`,
      transaction_id: txId,
      player_id: player,
      session_token: token,
      round_id: roundId,
      game_code: s.game_code,
      amount: amount.toString(),
      currency: s.currency,
    });
  }

  function winBody(s: Session, player: string, roundId: string, payout: bigint) {
    const txId = `${roundId}:w`;
    return JSON.stringify({
      request_id: `hq-${txId}`,
      transaction_id: txId,
      player_id: player,
      round_id: roundId,
      game_code: s.game_code,
      amount: payout.toString(),
      currency: s.currency,
      round_closed: true,
    });
  }

  /** Sends an outbox row and records the answer; null when the platform could not be reached. */
  async function deliver(
    merchantId: number,
    merchantCode: string,
    op: 'bet' | 'win' | 'rollback',
    requestId: string,
    body: string,
  ): Promise<SendResult> {
    const res = await deps.wallet.sendWithRetry(merchantId, merchantCode, op, body);
    if (res.ok) {
      // A replayed or duplicate win/rollback means it was applied before: done either way.
      const done =
        res.reply.status === 'OK' ||
        (op !== 'bet' && ['DUPLICATE_TRANSACTION', 'BET_ALREADY_ROLLED_BACK'].includes(res.reply.status));
      await repo.finishCallback(db, requestId, done ? 'done' : 'refused', res.raw);
      if (!done) log.warn({ op, requestId, status: res.reply.status }, 'house wallet callback refused');
    } else {
      await repo.finishCallback(db, requestId, 'pending', null);
      log.warn({ op, requestId, reason: res.reason }, 'house wallet callback not delivered; will retry');
    }
    return res;
  }

  /**
   * Sends a bet and records a refusal; an accepted bet's row is marked done by the caller in the
   * same transaction as the round's next state, so a crash in between leaves it pending and
   * recovery refunds it rather than losing the stake.
   */
  async function sendBet(s: Session, requestId: string, body: string): Promise<SendResult> {
    const res = await deps.wallet.sendWithRetry(s.merchant_id, s.merchant_code, 'bet', body);
    if (res.ok && res.reply.status !== 'OK') await repo.finishCallback(db, requestId, 'refused', res.raw);
    return res;
  }

  /** Refunds a bet whose answer was lost (or never came): the platform applies it once, or tombstones it. */
  async function rollbackBet(
    merchantId: number,
    merchantCode: string,
    bet: { round_id: string; transaction_id: string; body: string; request_id: string },
  ) {
    const betBodyParsed = JSON.parse(bet.body) as { player_id: string };
    const txId = `${bet.transaction_id}:rb`;
    const body = JSON.stringify({
      request_id: `hq-${txId}`,
      transaction_id: txId,
      ref_transaction_id: bet.transaction_id,
      player_id: betBodyParsed.player_id,
      round_id: bet.round_id,
    });
    await db.transaction().execute(async (tx) => {
      await repo.insertCallback(tx, {
        merchant_id: merchantId,
        round_id: bet.round_id,
        op: 'rollback',
        request_id: `hq-${txId}`,
        transaction_id: txId,
        body,
      });
      // The bet is settled by its rollback from now on; recovery resends the rollback, not the bet.
      await repo.voidBet(tx, bet.round_id, bet.request_id);
    });
    await deliver(merchantId, merchantCode, 'rollback', `hq-${txId}`, body);
  }

  async function sendWin(
    s: Session,
    player: string,
    roundId: string,
    payout: bigint,
  ): Promise<string | null> {
    const body = winBody(s, player, roundId, payout);
    const res = await deliver(s.merchant_id, s.merchant_code, 'win', `hq-${roundId}:w`, body);
    return res.ok && res.reply.status === 'OK' ? (res.reply.balance ?? null) : null;
  }

  async function fairnessNow(s: Session) {
    return fairnessOf(await repo.ensureSeed(s.merchant_id, s.player_key));
  }

  async function roundOut(roundId: string) {
    const row = await repo.round(roundId);
    if (!row) throw new Error(`round ${roundId} vanished`);
    return toRound(row);
  }

  /** Opens a round: a one-shot bet settled at once, or the first step of mines / blackjack. */
  async function open(
    s: Session,
    token: string,
    seed: HouseSeedRow,
    stakeText: string | undefined,
    rawParams: Params,
  ) {
    if (isStateful(s.engine) && (await repo.openRound(s.merchant_id, s.player_key, s.game_code))) {
      throw new AppError('game.round.state', { reason: 'round_open' });
    }
    const prepared = prepareBet(s.engine, stakeText, rawParams);
    if (prepared.stake === null)
      throw new AppError('game.bet.invalid', { reason: 'STAKE_INVALID', field: 'stake' });
    const stake = prepared.stake;
    const params = prepared.params;
    const { minStake, maxStake } = stakeLimits(s.currency_scale);
    if (stake < minStake || stake > maxStake) {
      throw new AppError('game.bet.invalid', {
        reason: 'STAKE_LIMIT',
        field: 'stake',
        min: minStake.toString(),
        max: maxStake.toString(),
      });
    }
    validateBet(s.engine, stake, params);
    const nonce = Number(seed.nonce);
    const step = begin(
      s.engine,
      stake,
      params,
      new FairStream({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce }),
    );
    const roundId = newRoundId();
    const round = {
      round_id: roundId,
      session_id: s.id,
      merchant_id: s.merchant_id,
      player_key: s.player_key,
      mode: s.mode,
      game_code: s.game_code,
      engine: s.engine,
      seed_id: seed.id,
      nonce,
      client_seed: seed.client_seed,
      params: JSON.stringify(toJsonSafe(params)),
      stake: step.stake,
      bets: 1,
    };
    const settled = step.finished ? { settled_at: new Date() } : {};
    const stored = {
      state: step.finished ? null : JSON.stringify(encodeState(step.state)),
      outcome: JSON.stringify(step.view),
      payout: step.payout,
    };

    if (s.mode === 'trial') {
      const balance = await db.transaction().execute(async (tx) => {
        let bal = await repo.moveTrialBalance(tx, s.id, -stake);
        if (bal === null) throw new AppError('wallet.insufficient', { balance: s.trial_balance });
        await repo.insertRound(tx, {
          ...round,
          ...stored,
          ...settled,
          status: step.finished ? 'closed' : 'open',
        });
        await repo.advanceNonce(tx, seed.id, nonce);
        if (step.finished && step.payout > 0n) bal = await repo.moveTrialBalance(tx, s.id, step.payout);
        return bal!;
      });
      return { round: await roundOut(roundId), balance, fairness: await fairnessNow(s) };
    }

    const player = await playerId(s, token);
    const txId = `${roundId}:b0`;
    const body = betBody(s, token, player, roundId, txId, stake);
    await db.transaction().execute(async (tx) => {
      await repo.insertRound(tx, { ...round, status: 'betting' });
      await repo.insertCallback(tx, {
        merchant_id: s.merchant_id,
        round_id: roundId,
        op: 'bet',
        request_id: `hq-${txId}`,
        transaction_id: txId,
        body,
      });
    });
    const res = await sendBet(s, `hq-${txId}`, body);
    if (!res.ok) {
      await rollbackBet(s.merchant_id, s.merchant_code, {
        round_id: roundId,
        transaction_id: txId,
        body,
        request_id: `hq-${txId}`,
      });
      throw new AppError('game.wallet.unavailable', { reason: res.reason });
    }
    if (res.reply.status !== 'OK') {
      await repo.updateRound(db, roundId, { status: 'refused', settled_at: new Date() });
      throw refusal(res.reply);
    }
    // Accepted: the outcome stands and the nonce moves on, in one transaction with the win's outbox row.
    await db.transaction().execute(async (tx) => {
      await repo.finishCallback(tx, `hq-${txId}`, 'done', res.raw);
      await repo.updateRound(tx, roundId, {
        ...stored,
        ...settled,
        status: step.finished ? 'closed' : 'open',
      });
      await repo.advanceNonce(tx, seed.id, nonce);
      if (step.finished) {
        await repo.insertCallback(tx, {
          merchant_id: s.merchant_id,
          round_id: roundId,
          op: 'win',
          request_id: `hq-${roundId}:w`,
          transaction_id: `${roundId}:w`,
          body: winBody(s, player, roundId, step.payout),
        });
      }
    });
    let balance = res.reply.balance ?? '0';
    if (step.finished) {
      const after = await sendWin(s, player, roundId, step.payout);
      // An undelivered win is in the outbox and lands later; show what the balance will be.
      balance = after ?? (BigInt(balance) + step.payout).toString();
    }
    return { round: await roundOut(roundId), balance, fairness: await fairnessNow(s) };
  }

  /** A follow-up action on the player's open mines or blackjack round. */
  async function act(
    s: Session,
    token: string,
    action: HouseAction,
    params: Params,
    roundId: string | undefined,
  ) {
    const row = roundId
      ? await repo.round(roundId)
      : await repo.openRound(s.merchant_id, s.player_key, s.game_code);
    if (
      !row ||
      row.merchant_id !== s.merchant_id ||
      row.player_key !== s.player_key ||
      row.game_code !== s.game_code
    ) {
      throw new AppError('game.round.state', { reason: 'no_open_round' });
    }
    if (row.status !== 'open')
      throw new AppError('game.round.state', { reason: 'round_closed', status: row.status });
    const before = BigInt(row.stake);
    const step: Step = advance(s.engine, decodeState(row.state), action, params, before);
    const extra = step.stake - before;
    const update = {
      state: step.finished ? null : JSON.stringify(encodeState(step.state)),
      outcome: JSON.stringify(step.view),
      stake: step.stake,
      payout: step.payout,
      bets: row.bets + (extra > 0n ? 1 : 0),
      status: step.finished ? ('closed' as const) : ('open' as const),
      ...(step.finished ? { settled_at: new Date() } : {}),
    };

    if (s.mode === 'trial') {
      const balance = await db.transaction().execute(async (tx) => {
        let bal: string | null = s.trial_balance;
        if (extra > 0n) {
          bal = await repo.moveTrialBalance(tx, s.id, -extra);
          if (bal === null) throw new AppError('wallet.insufficient', { balance: s.trial_balance });
        }
        await repo.updateRound(tx, row.round_id, update);
        if (step.finished && step.payout > 0n) bal = await repo.moveTrialBalance(tx, s.id, step.payout);
        return bal ?? '0';
      });
      return { round: await roundOut(row.round_id), balance, fairness: await fairnessNow(s) };
    }

    const player = await playerId(s, token);
    let balance: string | null = null;
    let accepted: { requestId: string; raw: string } | null = null;
    if (extra > 0n) {
      const txId = `${row.round_id}:b${row.bets}`;
      const body = betBody(s, token, player, row.round_id, txId, extra);
      await repo.insertCallback(db, {
        merchant_id: s.merchant_id,
        round_id: row.round_id,
        op: 'bet',
        request_id: `hq-${txId}`,
        transaction_id: txId,
        body,
      });
      const res = await sendBet(s, `hq-${txId}`, body);
      if (!res.ok) {
        await rollbackBet(s.merchant_id, s.merchant_code, {
          round_id: row.round_id,
          transaction_id: txId,
          body,
          request_id: `hq-${txId}`,
        });
        throw new AppError('game.wallet.unavailable', { reason: res.reason });
      }
      if (res.reply.status !== 'OK') throw refusal(res.reply);
      balance = res.reply.balance ?? null;
      accepted = { requestId: `hq-${txId}`, raw: res.raw };
    }
    await db.transaction().execute(async (tx) => {
      if (accepted) await repo.finishCallback(tx, accepted.requestId, 'done', accepted.raw);
      await repo.updateRound(tx, row.round_id, update);
      if (step.finished) {
        await repo.insertCallback(tx, {
          merchant_id: s.merchant_id,
          round_id: row.round_id,
          op: 'win',
          request_id: `hq-${row.round_id}:w`,
          transaction_id: `${row.round_id}:w`,
          body: winBody(s, player, row.round_id, step.payout),
        });
      }
    });
    if (step.finished) {
      const after = await sendWin(s, player, row.round_id, step.payout);
      if (after !== null) balance = after;
    }
    if (balance === null) {
      const auth = await authenticate(s, token).catch(() => null);
      balance = auth?.balance ?? '0';
    }
    return { round: await roundOut(row.round_id), balance, fairness: await fairnessNow(s) };
  }

  return {
    resolve,

    async session(token: string | undefined) {
      const s = await resolve(token);
      const balance =
        s.mode === 'trial' ? (s.trial_balance ?? '0') : ((await authenticate(s, token!)).balance ?? '0');
      const seed = await repo.ensureSeed(s.merchant_id, s.player_key);
      const open = isStateful(s.engine)
        ? await repo.openRound(s.merchant_id, s.player_key, s.game_code)
        : undefined;
      return {
        gameCode: s.game_code,
        gameName: await repo.gameName(s.merchant_id, s.game_code, s.language),
        engine: s.engine as HouseEngineId,
        mode: s.mode,
        language: s.language,
        currency: s.currency,
        currencyScale: s.currency_scale,
        balance,
        fairness: fairnessOf(seed),
        rules: engineRules(s.engine, stakeLimits(s.currency_scale)),
        openRound: open ? toRound(open) : null,
      };
    },

    async play(
      token: string | undefined,
      body: { action: HouseAction; stake?: string | undefined; params: Params; roundId?: string | undefined },
    ) {
      const s = await resolve(token);
      const opening = body.action === startAction(s.engine);
      if (!opening && !isStateful(s.engine)) {
        throw new AppError('game.round.state', { reason: 'action_not_allowed', action: body.action });
      }
      return withLease(s, (seed) =>
        opening
          ? open(s, token!, seed, body.stake, body.params)
          : act(s, token!, body.action, body.params, body.roundId),
      );
    },

    async seed(token: string | undefined, body: { clientSeed?: string | undefined; rotate: boolean }) {
      const s = await resolve(token);
      return withLease(s, async (seed) => {
        if (body.rotate && (await repo.countOpenRounds(seed.id)) > 0) {
          throw new AppError('game.round.state', { reason: 'round_open' });
        }
        await db.transaction().execute(async (tx) => {
          if (body.rotate) await repo.rotateSeed(tx, seed, body.clientSeed ?? seed.client_seed);
          else await repo.setClientSeed(tx, seed.id, body.clientSeed!);
        });
        const previous = body.rotate
          ? {
              serverSeed: seed.server_seed,
              serverSeedHash: seed.server_seed_hash,
              clientSeed: seed.client_seed,
              nonce: Number(seed.nonce),
            }
          : null;
        return { previous, fairness: await fairnessNow(s) };
      });
    },

    async history(token: string | undefined, limit: number) {
      const s = await resolve(token);
      const rows = await repo.history(s.merchant_id, s.player_key, s.game_code, limit);
      return { list: rows.map(toRound) };
    },

    verify: verifyRound,

    engines: engineList,

    /**
     * Settles what a crash or a lost reply left behind (run at start-up and periodically):
     * bets whose answer never arrived are rolled back (the platform refunds them once, or
     * tombstones an unknown one), and undelivered wins and rollbacks are sent again with their
     * original ids.
     */
    async recover(options: { olderThanMs?: number } = {}) {
      const cutoff = new Date(Date.now() - (options.olderThanMs ?? RECOVERY_AGE_MS));
      const pending: HouseCallbackRow[] = [
        ...(await repo.pendingCallbacks(cutoff)),
        // A bet answered OK whose round was never moved on (a crash in between) is refunded too.
        ...(await repo.strandedBets(cutoff)),
      ];
      let settled = 0;
      for (const row of pending) {
        const code = await repo.merchantCode(row.merchant_id);
        if (row.op === 'bet') {
          await rollbackBet(row.merchant_id, code, row);
        } else {
          const res = await deliver(row.merchant_id, code, row.op, row.request_id, row.body);
          if (!res.ok) continue;
        }
        settled += 1;
      }
      return { settled, seen: pending.length };
    },
  };
}
export type HouseService = ReturnType<typeof createHouseService>;
