import type { BetRecord, RecordFigures, RouteQuery, Routes, Winner } from '@arcadia/contract';
import { lotteryBetTypes, lotteryGame } from '@arcadia/games';
import { AppError } from '../../lib/app-error.js';
import { toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import { artPaths, isGameMotif } from '../catalogue/index.js';
import type { RecordsRepository } from './records.repository.js';

const MAX_DAYS = 93;
const DAY_MS = 86_400_000;
const WINNER_WINDOW_DAYS = 7;
const WINNER_CACHE_MS = 30_000;

/** The UTC range of a report: defaults to today, inclusive bounds, at most 93 days. */
export function reportRange(from: string | undefined, to: string | undefined) {
  const today = new Date().toISOString().slice(0, 10);
  const f = from ?? to ?? today;
  const t = to ?? from ?? today;
  const start = Date.parse(`${f}T00:00:00Z`);
  const end = Date.parse(`${t}T00:00:00Z`) + DAY_MS;
  if (!(start < end) || (end - start) / DAY_MS > MAX_DAYS) {
    throw new AppError('report.range.invalid', { maxDays: MAX_DAYS });
  }
  return { from: f, to: t, start: new Date(start), end: new Date(end) };
}

/** `demoplayer` → `de******er`: enough to recognise oneself, not enough to find an account. */
export function maskAccount(account: string): string {
  if (account.length <= 2) return `${account[0] ?? ''}*`;
  if (account.length <= 4) return `${account[0]}${'*'.repeat(account.length - 1)}`;
  return `${account.slice(0, 2)}${'*'.repeat(account.length - 4)}${account.slice(-2)}`;
}

interface Sums {
  count: bigint;
  stake: bigint;
  valid: bigint;
  payout: bigint;
}
const zero = (): Sums => ({ count: 0n, stake: 0n, valid: 0n, payout: 0n });
const add = (a: Sums, b: Sums) => {
  a.count += b.count;
  a.stake += b.stake;
  a.valid += b.valid;
  a.payout += b.payout;
};
const figures = (s: Sums, scale: number): RecordFigures => ({
  betCount: Number(s.count),
  stake: toMajor(s.stake, scale),
  validBet: toMajor(s.valid, scale),
  payout: toMajor(s.payout, scale),
  profitLoss: toMajor(s.payout - s.stake, scale),
});

interface CatalogueGame {
  nodeId: number;
  names: Record<string, string>;
  engine: string | null;
}

export function createRecordsService(repository: RecordsRepository) {
  const winnerCache = new Map<string, { list: Winner[]; until: number }>();

  /**
   * Catalogue names, node ids and engines of these games. The catalogue is the lobby's: a game
   * it does not list (or a database without it) just has no name beyond its code.
   */
  async function catalogue(merchantId: number, codes: string[]): Promise<Map<string, CatalogueGame>> {
    const out = new Map<string, CatalogueGame>();
    if (codes.length === 0) return out;
    try {
      const rows = await repository.catalogueGames(merchantId, codes);
      for (const r of rows) out.set(r.game_code, { nodeId: r.node_id, names: r.names, engine: r.engine });
    } catch {
      // No catalogue table: codes only.
    }
    return out;
  }
  /**
   * The house lottery's rounds (`L<bet id>`): issue, bet type, selection and the draw's numbers,
   * with the game's and bet type's names (the lottery's games are not catalogue rows).
   */
  async function lotteryDetails(rows: { adapter: string; round_id: string }[], lang: string) {
    const out = new Map<string, { gameName: string; detail: NonNullable<BetRecord['lottery']> }>();
    const ids = rows
      .filter((r) => r.adapter === 'house' && /^L[1-9][0-9]{0,17}$/.test(r.round_id))
      .map((r) => r.round_id.slice(1));
    if (ids.length === 0) return out;
    const found = await repository.lotteryBets(ids);
    const language = lang === 'ZH' ? 'zh' : 'en';
    for (const b of found) {
      const game = lotteryGame(b.game_code);
      const type = game ? lotteryBetTypes(game.family).find((x) => x.code === b.play_id) : undefined;
      out.set(`L${b.id}`, {
        gameName: game?.names[language] ?? b.game_code,
        detail: {
          numero: b.issue,
          playId: b.play_id,
          betType: type?.names[language] ?? b.play_id,
          content: b.content,
          multiple: b.multiple,
          numbers: b.status === 'drawn' ? (b.numbers ?? null) : null,
        },
      });
    }
    return out;
  }

  /** The house sportsbook's rounds (`S<bet id>`): single or parlay with each leg. */
  async function sportsDetails(rows: { adapter: string; round_id: string }[], lang: string) {
    const out = new Map<string, NonNullable<BetRecord['sports']>>();
    const ids = rows
      .filter((r) => r.adapter === 'house' && /^S[1-9][0-9]{0,17}$/.test(r.round_id))
      .map((r) => r.round_id.slice(1));
    if (ids.length === 0) return out;
    const legs = await repository.sportsLegs(ids);
    const zh = lang === 'ZH';
    for (const l of legs) {
      const key = `S${l.bet_id}`;
      const bet = out.get(key) ?? { kind: 'single' as const, legs: [] };
      bet.legs.push({
        event: l.event_label,
        pick: sportsPick(l, zh),
        odds: (l.odds / 1000).toFixed(2),
        result: l.result as NonNullable<BetRecord['sports']>['legs'][number]['result'],
      });
      if (bet.legs.length > 1) bet.kind = 'parlay';
      out.set(key, bet);
    }
    return out;
  }

  const nameOf = (game: CatalogueGame | undefined, code: string, lang: string) =>
    game ? (game.names[lang] ?? game.names.EN ?? Object.values(game.names)[0] ?? code) : code;

  return {
    async betRecord(brand: Brand, memberId: string, q: RouteQuery<Routes['memberBetRecord']>) {
      const range = reportRange(q.from, q.to);
      const lang = q.language ?? brand.defaultLanguage.toUpperCase();
      const [rows, total] = await repository.betPage(brand.id, memberId, range, q);
      const games = await catalogue(
        brand.id,
        rows.map((r) => r.game_code),
      );
      const [lottery, sports] = await Promise.all([lotteryDetails(rows, lang), sportsDetails(rows, lang)]);
      const scale = brand.currencyScale;
      const list: BetRecord[] = rows.map((r) => ({
        id: r.id,
        roundId: r.round_id,
        gameType: r.game_type,
        vassalage: r.vassalage,
        gameCode: r.game_code,
        gameName: nameOf(games.get(r.game_code), r.game_code, lang),
        stake: toMajor(r.stake, scale),
        validBet: toMajor(r.valid_bet, scale),
        payout: toMajor(r.payout, scale),
        profitLoss: toMajor(BigInt(r.payout) - BigInt(r.stake), scale),
        status: r.status,
        placedAt: new Date(r.placed_at).toISOString(),
        settledAt: r.settled_at ? new Date(r.settled_at).toISOString() : null,
        ...(lottery.has(r.round_id)
          ? {
              gameName: lottery.get(r.round_id)!.gameName,
              lottery: lottery.get(r.round_id)!.detail,
            }
          : {}),
        ...(sports.has(r.round_id)
          ? {
              gameName: bookNames[r.game_code]?.[lang === 'ZH' ? 1 : 0] ?? r.game_code,
              sports: sports.get(r.round_id)!,
            }
          : {}),
      }));
      const totalCount = Number(total.n);
      return {
        list,
        pageNo: q.pageNo,
        totalPages: Math.ceil(totalCount / q.pageSize),
        totalCount,
        range: { from: range.from, to: range.to },
        totals: figures(
          {
            count: BigInt(totalCount),
            stake: BigInt(total.stake),
            valid: BigInt(total.valid),
            payout: BigInt(total.payout),
          },
          scale,
        ),
      };
    },

    async profitLoss(brand: Brand, memberId: string, q: RouteQuery<Routes['memberProfitLoss']>) {
      const range = reportRange(q.from, q.to);
      const rows = await repository.dailyFigures(brand.id, memberId, range);
      const scale = brand.currencyScale;
      const totals = zero();
      const byCategory = new Map<string, Sums>();
      const days = rows.map((r) => {
        const s = {
          count: BigInt(r.n),
          stake: BigInt(r.stake),
          valid: BigInt(r.valid),
          payout: BigInt(r.payout),
        };
        add(totals, s);
        const cat = byCategory.get(r.game_type) ?? zero();
        add(cat, s);
        byCategory.set(r.game_type, cat);
        return { day: r.day, gameType: r.game_type, ...figures(s, scale) };
      });
      return {
        range: { from: range.from, to: range.to },
        days,
        byCategory: [...byCategory.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([gameType, s]) => ({ gameType, ...figures(s, scale) })),
        totals: figures(totals, scale),
      };
    },

    /** Largest payouts of winning settled rounds of the last 7 days (cached briefly). */
    async winners(brand: Brand, q: RouteQuery<Routes['winnerBoard']>): Promise<{ list: Winner[] }> {
      const lang = q.language ?? brand.defaultLanguage.toUpperCase();
      const key = `${brand.id}:${q.gameCategory}:${lang}:${q.limitNum}`;
      const hit = winnerCache.get(key);
      if (hit && hit.until > Date.now()) return { list: hit.list };
      const rows = await repository.biggestWins(
        brand.id,
        new Date(Date.now() - WINNER_WINDOW_DAYS * DAY_MS),
        q.gameCategory,
        q.limitNum,
      );
      const games = await catalogue(
        brand.id,
        rows.map((r) => r.game_code),
      );
      const list = rows.map((r): Winner => {
        const game = games.get(r.game_code);
        return {
          vo: {
            gameName: nameOf(game, r.game_code, lang),
            customerName: maskAccount(r.account),
            winAmount: toMajor(r.payout, brand.currencyScale),
            nodeId: game?.nodeId ?? null,
            gameType: r.game_type,
            vendor: r.vassalage,
            iconUrl: game
              ? artPaths.game(r.game_code, game.engine && isGameMotif(game.engine) ? game.engine : 'lobby')
              : null,
          },
        };
      });
      winnerCache.set(key, { list, until: Date.now() + WINNER_CACHE_MS });
      return { list };
    },
  };
}
export type RecordsService = ReturnType<typeof createRecordsService>;

/** The house sportsbook's rounds are booked by category: their names in the record. */
const bookNames: Record<string, [string, string]> = {
  SPORTS: ['Sportsbook', '体育投注'],
  ESPORTS: ['E-sports book', '电竞投注'],
  COCKFIGHT: ['Cockfight', '斗鸡'],
};

/** A line in quarter goals as players read it (−3 → "−0.75", 10 → "2.5"). */
function lineText(quarters: number, signed: boolean): string {
  const v = Math.abs(quarters) / 4;
  const text = Number.isInteger(v) ? String(v) : v.toFixed(Math.abs(quarters) % 2 === 1 ? 2 : 1);
  return !signed || quarters === 0 ? text : `${quarters < 0 ? '−' : '+'}${text}`;
}

/** A sportsbook leg's selection in words, in English or Chinese. */
export function sportsPick(
  l: { event_label: string; kind: string; key: string; line: number | null; map: number | null },
  zh: boolean,
): string {
  const [home, away] = l.event_label.split(' v ');
  const team = l.key === 'home' ? home : l.key === 'away' ? away : undefined;
  const words: Record<string, [string, string]> = {
    draw: ['Draw', '和'],
    over: ['Over', '大'],
    under: ['Under', '小'],
    yes: ['Both score: yes', '双方进球：是'],
    no: ['Both score: no', '双方进球：否'],
    meron: ['Meron', '红方'],
    wala: ['Wala', '蓝方'],
  };
  const word = (k: string) => words[k]?.[zh ? 1 : 0] ?? k;
  switch (l.kind) {
    case 'handicap':
      return `${team} ${lineText(l.key === 'home' ? (l.line ?? 0) : -(l.line ?? 0), true)}`;
    case 'total':
      return `${word(l.key)} ${lineText(l.line ?? 0, false)}`;
    case 'correct_score':
      return l.key.replace('-', '–');
    case 'map_winner':
      return `${zh ? `第 ${l.map} 局` : `Map ${l.map}`}: ${team}`;
    case 'fight':
      return l.key === 'draw' ? word('draw') : `${word(l.key)} · ${l.key === 'meron' ? home : away}`;
    default:
      return team ?? word(l.key);
  }
}
