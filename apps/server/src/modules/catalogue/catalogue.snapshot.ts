import {
  type ClassifyKey,
  type GameType,
  type LobbyGame,
  type VendorCard,
  type VendorLane,
  classifyKeys,
} from '@arcadia/contract';
import { artPaths, isGameMotif } from './art.js';
import type { GameRow, VendorRow } from './catalogue.repository.js';

/** Lane order: the navigation order of spec §2 (sports first, slots last). */
export const laneOrder: readonly GameType[] = [
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LIVE',
  'LOTT',
  'ELOTT',
  'FISH',
  'PVP',
  'RNG',
  'SPB',
];

const classifyNames: Record<ClassifyKey, Record<string, string>> = {
  SC: { EN: 'Scratch', ZH: '刮刮乐' },
  VP: { EN: 'Video Poker', ZH: '视频扑克' },
  JP: { EN: 'Jackpot', ZH: '奖池游戏' },
  TG: { EN: 'Table Games', ZH: '桌面游戏' },
  AC: { EN: 'Arcade', ZH: '街机游戏' },
  BG: { EN: 'Bingo', ZH: '宾果' },
};

/** The text in `lang`, else English, else whatever exists. */
export function pick(texts: Record<string, string>, lang: string): string {
  return texts[lang] ?? texts.EN ?? Object.values(texts)[0] ?? '';
}

/** A game as the lobby lists it: enabled, its studio enabled, its adapter able to serve it. */
interface Listed {
  row: GameRow;
  vendor: VendorRow;
  /** Lower-cased names in every language and the code, for the name search. */
  haystack: string;
}

/** The brand's listable catalogue, built once per invalidation and shared by every request. */
export class Snapshot {
  readonly games: Listed[];
  readonly byNode = new Map<number, Listed>();
  readonly byCode = new Map<string, Listed>();
  private readonly position = new Map<number, number>();
  readonly vendorOrder: VendorRow[];
  private readonly views = new Map<string, LobbyGame[]>();
  private readonly laneCache = new Map<string, VendorLane[]>();
  private readonly replies = new Map<string, object>();

  /**
   * A reply computed once per snapshot and frozen: the same request gets the same object, which
   * the route layer serialises once (plugins/routes.ts). Bounded: when full it starts again, so a
   * caller walking endless page numbers costs recomputation, never memory.
   */
  reply<T extends object>(key: string, compute: () => T): Readonly<T> {
    const hit = this.replies.get(key);
    if (hit) return hit as T;
    const value = Object.freeze(compute());
    if (this.replies.size >= MAX_MEMO_REPLIES) this.replies.clear();
    this.replies.set(key, value);
    return value;
  }

  /** Replies by the query object they answer, then by language: see `replyFor`. */
  private readonly byQuery = new WeakMap<object, Map<string, object>>();

  /**
   * `reply`, found by the query object itself when it is frozen: the route layer hands every
   * request with the same query string the same frozen object (plugins/routes.ts), so a repeated
   * read costs two lookups instead of building and hashing a key string. `key` is built only on a
   * miss; a query that is not frozen (a caller's own object) goes by the key alone.
   */
  replyFor<T extends object>(query: object, lang: string, key: () => string, compute: () => T): Readonly<T> {
    if (!Object.isFrozen(query)) return this.reply(key(), compute);
    let perLang = this.byQuery.get(query);
    if (perLang === undefined) {
      perLang = new Map();
      this.byQuery.set(query, perLang);
    }
    let hit = perLang.get(lang) as Readonly<T> | undefined;
    if (hit === undefined) {
      hit = this.reply(key(), compute);
      perLang.set(lang, hit);
    }
    return hit;
  }

  constructor(vendors: VendorRow[], games: GameRow[], available: Set<string>) {
    const vendorByCode = new Map(vendors.filter((v) => v.enabled).map((v) => [v.vassalage, v]));
    this.vendorOrder = [...vendorByCode.values()].sort(
      (a, b) => a.sortOrder - b.sortOrder || a.vassalage.localeCompare(b.vassalage),
    );
    const rank = new Map(this.vendorOrder.map((v, i) => [v.vassalage, i]));
    this.games = games
      .filter((g) => g.enabled && vendorByCode.has(g.vassalage) && available.has(g.adapter))
      .map((row) => ({
        row,
        vendor: vendorByCode.get(row.vassalage)!,
        haystack: [row.gameCode, ...Object.values(row.names)].join('\n').toLowerCase(),
      }))
      .sort(
        (a, b) =>
          rank.get(a.row.vassalage)! - rank.get(b.row.vassalage)! ||
          a.row.sortOrder - b.row.sortOrder ||
          a.row.nodeId - b.row.nodeId,
      );
    this.games.forEach((g, i) => {
      this.byNode.set(g.row.nodeId, g);
      this.byCode.set(g.row.gameCode, g);
      this.position.set(g.row.nodeId, i);
    });
  }

  private toLobby(g: Listed, lang: string): LobbyGame {
    const { row } = g;
    const name = pick(row.names, lang);
    const motif =
      row.isGame === 'VASSALAGE' ? 'lobby' : row.engine && isGameMotif(row.engine) ? row.engine : 'lobby';
    const icon = row.iconUrl ?? artPaths.game(row.gameCode, motif);
    return {
      nodeId: row.nodeId,
      gameCode: row.gameCode,
      nodeTypeManageId: row.gameCode,
      gameType: row.gameType as GameType,
      vassalage: row.vassalage,
      displayName: pick(g.vendor.names, lang),
      gameName: name,
      nodeName: name,
      defaultIcon: icon,
      showIcon: icon,
      isGame: row.isGame,
      gameClassify: row.classify.filter((k): k is ClassifyKey =>
        (classifyKeys as readonly string[]).includes(k),
      ),
      hotRank: row.hotRank,
      trial: row.trial,
    };
  }

  /** Every listed game in lobby order, rendered in `lang` (memoised per language). */
  view(lang: string): LobbyGame[] {
    let v = this.views.get(lang);
    if (!v) {
      v = this.games.map((g) => this.toLobby(g, lang));
      this.views.set(lang, v);
    }
    return v;
  }

  lobby(nodeId: number, lang: string): LobbyGame | undefined {
    const i = this.position.get(nodeId);
    return i === undefined ? undefined : this.view(lang)[i];
  }

  lanes(lang: string): VendorLane[] {
    const hit = this.laneCache.get(lang);
    if (hit) return hit;
    const lanes: VendorLane[] = [];
    for (const type of laneOrder) {
      const games = this.games.filter((g) => g.row.gameType === type);
      if (games.length === 0) continue;
      const cards: VendorCard[] = [];
      for (const vendor of this.vendorOrder) {
        const own = games.filter((g) => g.vendor === vendor);
        if (own.length === 0) continue;
        // A studio with one entry (a single game or a lobby entry) can be launched straight from
        // the navigation (spec §2 category click rule); otherwise it opens a list.
        const single = own.length === 1 ? own[0]!.row : null;
        const logo = artPaths.vendor(vendor.vassalage);
        cards.push({
          vassalage: vendor.vassalage,
          displayName: pick(vendor.names, lang),
          gameType: type,
          smallIcon: logo,
          mobileSmallIcon: logo,
          h5Icon: logo,
          lagerIcon: logo,
          mobileLargeIcon: logo,
          accountTypeName: vendor.vassalage,
          gameCode: single?.gameCode ?? null,
          nodeId: single?.nodeId ?? null,
          isGame: own.some((g) => g.row.isGame === 'VASSALAGE') ? 'VASSALAGE' : 'GAME',
          gameCount: own.filter((g) => g.row.isGame === 'GAME').length,
        });
      }
      const gameClassify = classifyKeys
        .map((key) => ({
          key,
          displayName: pick(classifyNames[key], lang),
          gameCount: games.filter((g) => g.row.classify.includes(key)).length,
        }))
        .filter((c) => c.gameCount > 0);
      lanes.push({ title: type, cards, gameClassify });
    }
    this.laneCache.set(lang, lanes);
    return lanes;
  }
}

/** Distinct replies a snapshot remembers (pages × filters × languages of one brand). */
const MAX_MEMO_REPLIES = 2_000;
