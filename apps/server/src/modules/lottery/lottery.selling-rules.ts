import { type LotteryGameDef, lotteryGame, quoteLotteryBet } from '@arcadia/games';
import { AppError } from '../../lib/app-error.js';
import type { Brand } from '../brand/brand.service.js';

/**
 * The lottery's selling rules (docs/lottery.md): what a bet may stake (a unit price of at most two
 * decimals below the currency's major unit, at most `MAX_BET_MAJOR` a bet) and the selling
 * cut-off (an issue is on sale until `closeBeforeSeconds` before its draw).
 */

/** Largest stake of one bet (one order on one issue), in major units. */
export const MAX_BET_MAJOR = 100_000n;

export interface PlaceContent {
  gameId: string;
  playId: string;
  bettingContent: string;
  singleBetPrice: string;
  winStop: boolean;
  bettingSlip?: number | undefined;
  numero: { numero: string; multiple: number }[];
}

/** A major-unit price (`"2"`, `"0.5"`) in minor units, or null when it has more decimals than the currency. */
export function priceToMinor(price: string, scale: number): bigint | null {
  const [whole, frac = ''] = price.split('.');
  if (frac.length > scale) {
    if (!/^0*$/.test(frac.slice(scale))) return null;
  }
  const padded = (frac + '0'.repeat(scale)).slice(0, scale);
  return BigInt(whole!) * 10n ** BigInt(scale) + (scale > 0 ? BigInt(padded) : 0n);
}

/** The orders as they will be placed: each content's game, units and unit stake, within the stake limits. */
export function planBets(brand: Brand, contents: PlaceContent[]) {
  const minUnit = 10n ** BigInt(Math.max(0, brand.currencyScale - 2));
  const maxBet = MAX_BET_MAJOR * 10n ** BigInt(brand.currencyScale);
  const planned: {
    content: PlaceContent;
    game: LotteryGameDef;
    units: number;
    unitStake: bigint;
  }[] = [];
  for (const c of contents) {
    const game = lotteryGame(c.gameId);
    if (!game) throw new AppError('lottery.game_unknown', { gameId: c.gameId });
    const quote = quoteLotteryBet(game.family, c.playId, c.bettingContent);
    if (!quote.ok) throw new AppError(quote.code, { gameId: c.gameId, playId: c.playId });
    if (c.bettingSlip !== undefined && c.bettingSlip !== quote.units) {
      throw new AppError('lottery.content_invalid', { reason: 'bettingSlip', units: quote.units });
    }
    const unitStake = priceToMinor(c.singleBetPrice, brand.currencyScale);
    if (unitStake === null || unitStake < minUnit) {
      throw new AppError('lottery.stake_invalid', { reason: 'singleBetPrice', min: minUnit.toString() });
    }
    for (const n of c.numero) {
      if (unitStake * BigInt(quote.units) * BigInt(n.multiple) > maxBet) {
        throw new AppError('lottery.stake_invalid', { reason: 'max', max: maxBet.toString() });
      }
    }
    planned.push({ content: c, game, units: quote.units, unitStake });
  }
  return planned;
}

/**
 * The selling cut-off: every wanted issue must be scheduled (its commitment published), open, and
 * more than `closeBeforeSeconds` before its draw at `now` (ms).
 */
export function checkOnSale(
  gameCode: string,
  wanted: string[],
  issues: { issue: string; draw_at: Date | string; status: string }[],
  now: number,
  closeBeforeSeconds: number,
) {
  const byIssue = new Map(issues.map((i) => [i.issue, i]));
  for (const numero of wanted) {
    const row = byIssue.get(numero);
    if (!row || row.status !== 'open')
      throw new AppError('lottery.issue_unknown', { gameId: gameCode, numero });
    const closes = new Date(row.draw_at).getTime() - closeBeforeSeconds * 1000;
    if (now >= closes) {
      throw new AppError('lottery.sales_closed', {
        gameId: gameCode,
        numero,
        closeTime: new Date(closes).toISOString(),
      });
    }
  }
}
