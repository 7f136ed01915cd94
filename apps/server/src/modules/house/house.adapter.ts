import { houseEngineIds } from '@arcadia/contract';
import { liveTable, pvpTable } from '@arcadia/games';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../auth/session.service.js';
import {
  HOUSE_VENDOR,
  type LaunchInput,
  type LaunchResult,
  VENDOR_SESSION_TTL_MS,
  type VendorAdapter,
  createVendorSession,
} from '../vendors/index.js';
import type { HouseRepository } from './house.repository.js';
import { TRIAL_BALANCE_MAJOR } from './house.service.js';

const isEngineId = (v: string): boolean => (houseEngineIds as readonly string[]).includes(v);

/**
 * The built-in vendor (`house`): provably fair games served by this platform, paid for through the
 * seamless wallet callbacks like any third-party vendor. A second launch is allowed while a mines
 * or blackjack round is open: the game page resumes it.
 */
export class HouseAdapter implements VendorAdapter {
  readonly code = HOUSE_VENDOR;
  readonly walletMode = 'seamless' as const;
  readonly singleOpenRound = false;

  constructor(private readonly repo: HouseRepository) {}

  configured(): boolean {
    return true;
  }

  /** The catalogue row's engine; a bare engine id names itself (direct launches, tests). */
  private async engineFor(input: LaunchInput): Promise<string> {
    const engine = (await this.repo.engineOfGame(input.merchantId, input.gameCode)) ?? input.gameCode;
    if (!isEngineId(engine)) throw new AppError('not.found', { gameCode: input.gameCode });
    return engine;
  }

  async launch(input: LaunchInput): Promise<LaunchResult> {
    // A live table is a page of the site, shared by everyone seated (docs/live.md): bets go through
    // the member's session there, trial accounts and visitors watch.
    const stored = await this.repo.engineOfGame(input.merchantId, input.gameCode);
    if (stored?.startsWith('live-') && liveTable(input.gameCode))
      return { url: `/live/${encodeURIComponent(input.gameCode)}` };
    // A card room likewise (docs/pvp.md): seats, buy-in and cash-out are on the room's page.
    if (stored?.startsWith('pvp-') && pvpTable(input.gameCode))
      return { url: `/pvp/${encodeURIComponent(input.gameCode)}` };
    const engine = await this.engineFor(input);
    const merchant = await this.repo.merchantMoney(input.merchantId);
    const expiresAt = new Date(Date.now() + VENDOR_SESSION_TTL_MS);
    const common = {
      merchant_id: input.merchantId,
      member_id: input.memberId,
      game_code: input.gameCode,
      engine,
      currency: merchant.currency,
      language: input.language,
      expires_at: expiresAt,
    };
    let token: string;
    if (input.mode === 'real') {
      if (input.memberId === null) throw new AppError('in_need_true_account');
      // The platform issues the launch token; the house keeps only its hash to find the session.
      ({ token } = await createVendorSession(this.repo.db, {
        merchantId: input.merchantId,
        memberId: input.memberId,
        vendorCode: HOUSE_VENDOR,
        gameCode: input.gameCode,
        mode: 'real',
      }));
      await this.repo.insertSession({
        ...common,
        token_hash: hashToken(token),
        mode: 'real',
        player_key: `member:${input.memberId}`,
      });
    } else {
      // Trial: play money held by the house, never the ledger; its seeds are the trial's own.
      const issued = newToken();
      token = issued.token;
      await this.repo.insertSession({
        ...common,
        token_hash: issued.hash,
        mode: 'trial',
        player_key: input.memberId ? `trial:member:${input.memberId}` : `trial:${issued.hash.slice(0, 24)}`,
        trial_balance: TRIAL_BALANCE_MAJOR * 10n ** BigInt(merchant.currency_scale),
      });
    }
    const query = new URLSearchParams({
      game: input.gameCode,
      token,
      lang: input.language,
      mode: input.mode,
    });
    return { url: `/play/${engine}?${query.toString()}` };
  }
}
