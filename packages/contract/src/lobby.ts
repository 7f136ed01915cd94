import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import { languageCodeSchema } from './system.js';

/**
 * The games lobby: catalogue reads (vendors, games, hot games), favourites, recent games, launch,
 * announcements, and the operator routes that manage them. Wire-compatible in shape with the
 * original's GCSGAME / MCSFE relays (docs/catalogue.md).
 */

/** Categories a game or vendor belongs to (the lane `title`, a game's `gameType`). */
export const gameTypes = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'SPB',
] as const;
export type GameType = (typeof gameTypes)[number];
export const gameTypeSchema = z.enum(gameTypes);

/**
 * What a list query may name: a real category, or `MXWIN`, which the original treats as RNG
 * (the home section of RNG vendors 11–20).
 */
export const gameTypeQuerySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum([...gameTypes, 'MXWIN']),
);

/** Sub-classes of RNG: scratch, video poker, jackpot, table games, arcade, bingo. */
export const classifyKeys = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;
export type ClassifyKey = (typeof classifyKeys)[number];
export const classifyKeySchema = z.enum(classifyKeys);

/** `GAME`: a playable game. `VASSALAGE`: a vendor lobby entry that opens a popup game list. */
export const isGameSchema = z.enum(['GAME', 'VASSALAGE']);

/** Studio / vendor code shown to players (`vassalage`). */
export const vassalageSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_]+$/);

/** A language code in any case (`en`, `EN`); absent: the `Language` header, then the brand default. */
const languageQuerySchema = z.preprocess(
  (v) => (typeof v === 'string' && v !== '' ? v.trim().toUpperCase() : undefined),
  languageCodeSchema.optional(),
);

const pageNoSchema = z.coerce.number().int().min(1).max(10_000).default(1);

/** Game-list page sizes: 12 (home sections) and 24 (category pages); anything else is refused. */
export const gameListPageSizes = [12, 24] as const;
/** Favourites list page sizes: the original asks for 999 ("all"); 12 and 24 page the same list. */
export const favouritePageSizes = [12, 24, 999] as const;

function pageSizeSchema<T extends readonly number[]>(allowed: T, fallback: T[number]) {
  return z.coerce
    .number()
    .int()
    .refine((n) => allowed.includes(n), { message: `pageSize must be one of ${allowed.join(', ')}` })
    .default(fallback);
}

/** Notice list: the modal shows 9 a page. */
export const NOTICE_PAGE_SIZE = 9;

/** Wire fields the original client sends and the server accepts but does not need. */
const clientEcho = {
  clientType: z.coerce.number().int().optional(),
  platform: z.string().max(64).optional(),
  merchant: z.string().max(32).optional(),
  merchantCode: z.string().max(32).optional(),
  token: z.string().max(200).optional(),
};

export const lobbyGameSchema = z
  .object({
    /** Stable numeric id: the key for favourites, recent games and launch. */
    nodeId: z.number().int(),
    gameCode: z.string(),
    /** Same as `gameCode` (the original's name for it). */
    nodeTypeManageId: z.string(),
    gameType: gameTypeSchema,
    vassalage: z.string(),
    /** The studio's display name. */
    displayName: z.string(),
    /** The game's name in the requested language (falls back to English). */
    gameName: z.string(),
    nodeName: z.string(),
    /** The card image (the original sends both names; the winner board's `vo` calls it `iconUrl`). */
    defaultIcon: z.string(),
    showIcon: z.string(),
    isGame: isGameSchema,
    gameClassify: z.array(classifyKeySchema),
    /** 1 is hottest; null: not in the hot list. */
    hotRank: z.number().int().nullable(),
    /** Free play (`accountType=0`) is offered. */
    trial: z.boolean(),
  })
  .meta({ id: 'LobbyGame' });
export type LobbyGame = z.infer<typeof lobbyGameSchema>;

export const vendorCardSchema = z
  .object({
    vassalage: z.string(),
    displayName: z.string(),
    gameType: gameTypeSchema,
    smallIcon: z.string(),
    mobileSmallIcon: z.string(),
    h5Icon: z.string(),
    /** Spelled as on the original wire. */
    lagerIcon: z.string(),
    mobileLargeIcon: z.string(),
    accountTypeName: z.string(),
    /** For a vendor that is a single game (sports, lottery): the game to launch; else null. */
    gameCode: z.string().nullable(),
    nodeId: z.number().int().nullable(),
    isGame: isGameSchema,
    gameCount: z.number().int(),
  })
  .meta({ id: 'VendorCard' });
export type VendorCard = z.infer<typeof vendorCardSchema>;

export const gameClassifyEntrySchema = z.object({
  key: classifyKeySchema,
  displayName: z.string(),
  gameCount: z.number().int(),
});

export const vendorLaneSchema = z
  .object({
    title: gameTypeSchema,
    cards: z.array(vendorCardSchema),
    gameClassify: z.array(gameClassifyEntrySchema),
  })
  .meta({ id: 'VendorLane' });
export type VendorLane = z.infer<typeof vendorLaneSchema>;

const vendorLanesReply = z.object({ data: z.object({ lanes: z.array(vendorLaneSchema) }) });
const vendorLanesQuery = z.object({ ...clientEcho, language: languageQuerySchema });

export const gameListQuerySchema = z.object({
  ...clientEcho,
  gameType: gameTypeQuerySchema.optional(),
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(gameListPageSizes, 24),
  /** One studio code; unknown or unlisted studios give an empty list. */
  vassalage: z.preprocess((v) => (v === '' ? undefined : v), vassalageSchema.optional()),
  gameClassify: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' ? v.toUpperCase() : v),
    classifyKeySchema.optional(),
  ),
  language: languageQuerySchema,
  /** Case-insensitive substring of the game's name in any language, or of its code. */
  gameName: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(64).optional()),
});

const pagedGames = z.object({
  games: z.array(lobbyGameSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});

export const nodeIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

export const favouriteBodySchema = z.object({
  nodeId: nodeIdSchema,
  /** Sent by the original client; ignored (the node id is enough). */
  vendor: z.string().max(32).optional(),
  gameType: z.string().max(32).optional(),
});

export const launchQuerySchema = z.object({
  ...clientEcho,
  launchMode: z.string().max(16).optional(),
  /** 1 real money, 0 free play. Trial (free-play) accounts may only launch 0. */
  accountType: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n === 1, { message: 'accountType must be 0 or 1' })
    .default(1),
  language: languageQuerySchema,
  gameType: z.string().max(32).optional(),
  vassalage: z.string().max(32).optional(),
  /** The game: by `nodeId` (or its alias `gameId`), else by `gameCode`. */
  nodeId: nodeIdSchema.optional(),
  gameId: nodeIdSchema.optional(),
  gameCode: z.string().trim().max(64).optional(),
  returnUrl: z.string().max(500).optional(),
});

// ── announcements ──────────────────────────────────────────────────────────────────────────

/** B banner, PL notice (marquee `player`), PU popup, PR promotion, H (later clients; no rows). */
export const announcementTypes = ['B', 'PL', 'PU', 'PR'] as const;
export const announcementTypeSchema = z.enum(announcementTypes);
/** Popups: A after login, B before login, F on the first login only. */
export const popupExecutions = ['A', 'B', 'F'] as const;
export const popupExecutionSchema = z.enum(popupExecutions);

/** Banner groups: pages (w_home, w_login, …) and category pages (w_rng, w_fish, …). */
export const bannerGroupSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[a-z][a-z0-9_]*$/);

export const bannerSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    /** Image. */
    url: z.string(),
    groupName: z.string(),
    /** 0 none, 1 in-app route (`linkUrl` is a path), 2 external address. */
    linkageType: z.number().int(),
    linkUrl: z.string().nullable(),
    sort: z.number().int(),
  })
  .meta({ id: 'Banner' });

export const noticeSchema = z
  .object({ id: z.string(), title: z.string(), content: z.string(), publishedAt: z.string() })
  .meta({ id: 'Notice' });

export const popupSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    /** HTML written by operators; clients sanitise before rendering. */
    content: z.string(),
    execution: popupExecutionSchema,
    promotionType: z.string().nullable(),
  })
  .meta({ id: 'Popup' });

export const promotionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    /** HTML written by operators; clients sanitise before rendering. */
    content: z.string(),
    image: z.string().nullable(),
    promotionType: z.string().nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
  })
  .meta({ id: 'Promotion' });

export const announcementsReplySchema = z.object({
  banners: z.array(bannerSchema),
  player: z.array(noticeSchema),
  popup: z.array(popupSchema),
  promotion: z.array(promotionSchema),
});
export type Announcements = z.infer<typeof announcementsReplySchema>;

/** Text per language code (at least EN); readers fall back to EN. */
export const localizedTextSchema = z
  .record(z.string().regex(/^[A-Z]{2}(-[A-Z]{2})?$/), z.string().max(20_000))
  .refine((v) => typeof v.EN === 'string' && v.EN.trim() !== '', { message: 'EN text is required' });

export const opsAnnouncementBodySchema = z.object({
  type: announcementTypeSchema,
  title: localizedTextSchema,
  content: localizedTextSchema.optional(),
  /** Banners: which page or category shows it. */
  groupName: bannerGroupSchema.nullable().optional(),
  /** Popups: when it shows. */
  execution: popupExecutionSchema.nullable().optional(),
  imageUrl: z.string().trim().max(500).nullable().optional(),
  linkageType: z.number().int().min(0).max(2).default(0),
  linkUrl: z.string().trim().max(500).nullable().optional(),
  promotionType: z.string().trim().max(32).nullable().optional(),
  sortOrder: z.number().int().min(0).max(100_000).default(0),
  enabled: z.boolean().default(true),
  startsAt: z.iso.datetime({ offset: true }).nullable().optional(),
  endsAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Why: kept in the audit log with the change. */
  reason: z.string().trim().min(1).max(500).optional(),
});

export const opsAnnouncementSchema = z
  .object({
    id: z.string(),
    type: announcementTypeSchema,
    title: z.record(z.string(), z.string()),
    content: z.record(z.string(), z.string()),
    groupName: z.string().nullable(),
    execution: popupExecutionSchema.nullable(),
    imageUrl: z.string().nullable(),
    linkageType: z.number().int(),
    linkUrl: z.string().nullable(),
    promotionType: z.string().nullable(),
    sortOrder: z.number().int(),
    enabled: z.boolean(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'OpsAnnouncement' });

// ── operator catalogue ────────────────────────────────────────────────────────────────────

export const opsVendorSchema = z
  .object({
    vassalage: z.string(),
    displayName: z.string(),
    gameType: gameTypeSchema,
    adapter: z.string(),
    /** The adapter is registered and has credentials: its games can be listed at all. */
    available: z.boolean(),
    enabled: z.boolean(),
    sortOrder: z.number().int(),
    gameCount: z.number().int(),
    names: z.record(z.string(), z.string()),
    /** An API credential is stored for the studio (it is never returned). */
    credentialSet: z.boolean(),
  })
  .meta({ id: 'OpsVendor' });

export const opsGameSchema = z
  .object({
    nodeId: z.number().int(),
    gameCode: z.string(),
    gameType: gameTypeSchema,
    vassalage: z.string(),
    adapter: z.string(),
    engine: z.string().nullable(),
    names: z.record(z.string(), z.string()),
    gameClassify: z.array(classifyKeySchema),
    isGame: isGameSchema,
    hotRank: z.number().int().nullable(),
    sortOrder: z.number().int(),
    enabled: z.boolean(),
    /** Uploaded artwork; null: the generated icon. */
    iconUrl: z.string().nullable(),
  })
  .meta({ id: 'OpsGame' });

const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });

/** Names per language as an operator edits them: English required, each at most 80 characters. */
const opsNamesSchema = z
  .record(z.string().regex(/^[A-Z]{2}(-[A-Z]{2})?$/), z.string().trim().max(80))
  .refine((v) => typeof v.EN === 'string' && v.EN.trim() !== '', { message: 'EN name is required' });

export const lobbyRoutes = {
  gameList: defineRoute({
    ...endpoints.gameList,
    tag: 'lobby',
    summary:
      'Games of a category, a studio or a sub-class, paged (pageSize 12 or 24). `MXWIN` reads as RNG. An unknown studio gives an empty page; an unknown category or page size is refused.',
    query: gameListQuerySchema,
    reply: pagedGames,
  }),
  hotGames: defineRoute({
    ...endpoints.hotGames,
    tag: 'lobby',
    summary: 'The hot list: games with a hot rank, hottest first (at most 24).',
    query: z.object({
      ...clientEcho,
      isPlatform: z.coerce.number().int().optional(),
      vassalage: z.preprocess((v) => (v === '' ? undefined : v), vassalageSchema.optional()),
      gameType: z.preprocess((v) => (v === '' ? undefined : v), gameTypeQuerySchema.optional()),
      language: languageQuerySchema,
    }),
    reply: z.object({ list: z.array(lobbyGameSchema) }),
  }),
  gameVendors: defineRoute({
    ...endpoints.gameVendors,
    tag: 'lobby',
    summary:
      'Vendor lanes: one per category with listed studios, in navigation order, with the RNG sub-class counts.',
    query: vendorLanesQuery,
    reply: vendorLanesReply,
  }),
  gameVendorsLegacy: defineRoute({
    ...endpoints.gameVendorsLegacy,
    tag: 'lobby',
    summary: 'Older name of the vendor lanes call; same reply.',
    query: vendorLanesQuery,
    reply: vendorLanesReply,
  }),
  vendorGameTypes: defineRoute({
    ...endpoints.vendorGameTypes,
    tag: 'lobby',
    summary: 'Listed studios per category, each with the sub-classes it has games in.',
    query: z.object({
      ...clientEcho,
      typeId: z.string().max(8).optional(),
      merchant_code: z.string().optional(),
    }),
    reply: z.object({ content: z.record(z.string(), z.record(z.string(), z.array(classifyKeySchema))) }),
  }),
  favouriteIds: defineRoute({
    ...endpoints.favouriteIds,
    tag: 'lobby',
    summary: 'Node ids of the member’s favourite games.',
    reply: z.array(z.number().int()),
  }),
  favouriteList: defineRoute({
    ...endpoints.favouriteList,
    tag: 'lobby',
    summary:
      'The member’s favourite games, newest first (pageSize 999, 24 or 12), optionally of one category.',
    query: z.object({
      ...clientEcho,
      language: languageQuerySchema,
      gameType: z.preprocess((v) => (v === '' ? undefined : v), gameTypeQuerySchema.optional()),
      pageNo: pageNoSchema,
      pageSize: pageSizeSchema(favouritePageSizes, 999),
    }),
    reply: z.object({
      content: z.array(lobbyGameSchema),
      pageNum: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  favouriteAdd: defineRoute({
    ...endpoints.favouriteAdd,
    tag: 'lobby',
    summary: 'Add a game to the favourites. Idempotent: adding it again changes nothing.',
    body: favouriteBodySchema,
    reply: z.object({ nodeId: z.number().int(), added: z.boolean() }),
  }),
  favouriteRemove: defineRoute({
    ...endpoints.favouriteRemove,
    tag: 'lobby',
    summary: 'Remove a game from the favourites (no error when it was not there).',
    body: favouriteBodySchema,
    reply: z.object({ nodeId: z.number().int(), removed: z.boolean() }),
  }),
  recentGames: defineRoute({
    ...endpoints.recentGames,
    tag: 'lobby',
    summary: 'Games the member launched, most recent first (at most 24).',
    query: z.object({ ...clientEcho, language: languageQuerySchema }),
    reply: z.object({ list: z.array(lobbyGameSchema) }),
  }),
  launchGame: defineRoute({
    ...endpoints.launchGame,
    tag: 'lobby',
    summary:
      'Launch a game for the member: real money (accountType 1) or free play (0). Trial accounts may only play free (`in_need_true_account`). Records it in the recent games.',
    query: launchQuerySchema,
    reply: z.object({ content: z.object({ game_url: z.string() }) }),
  }),
  announcements: defineRoute({
    ...endpoints.announcements,
    tag: 'lobby',
    summary:
      'Banners (optionally of one group), notice marquee (`player`), popups (optionally of one execution) and promotions that are live now, in the requested language.',
    query: z.object({
      types: z.string().max(32).optional(),
      platform: z.string().max(8).optional(),
      execution: z.preprocess((v) => (v === '' ? undefined : v), popupExecutionSchema.optional()),
      groupName: z.preprocess((v) => (v === '' ? undefined : v), bannerGroupSchema.optional()),
      language: languageQuerySchema,
    }),
    reply: announcementsReplySchema,
  }),
  noticeList: defineRoute({
    ...endpoints.noticeList,
    tag: 'lobby',
    summary: 'Notices for the notice modal, newest first, paged (9 a page by default, at most 50).',
    query: z.object({
      pageNo: pageNoSchema,
      pageSize: z.coerce.number().int().min(1).max(50).default(NOTICE_PAGE_SIZE),
      language: languageQuerySchema,
    }),
    reply: z.object({
      list: z.array(noticeSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  opsVendorList: defineRoute({
    ...endpoints.opsVendorList,
    tag: 'ops',
    summary: 'Every studio of the brand’s catalogue with its enable flag and order.',
    params: merchantParams,
    reply: z.object({ list: z.array(opsVendorSchema) }),
  }),
  opsVendorUpdate: defineRoute({
    ...endpoints.opsVendorUpdate,
    tag: 'ops',
    summary: 'Enable, disable or reorder a studio for the brand. Audited; every instance sees it at once.',
    params: merchantParams.extend({ vassalage: vassalageSchema }),
    body: z
      .object({
        enabled: z.boolean().optional(),
        sortOrder: z.number().int().min(0).max(100_000).optional(),
        names: opsNamesSchema.optional(),
        reason: z.string().trim().min(1).max(500).optional(),
      })
      .refine((b) => b.enabled !== undefined || b.sortOrder !== undefined || b.names !== undefined, {
        message: 'nothing to change',
      }),
    reply: opsVendorSchema,
  }),
  opsGameList: defineRoute({
    ...endpoints.opsGameList,
    tag: 'ops',
    summary: 'The brand’s catalogue games (enabled or not), paged.',
    params: merchantParams,
    query: z.object({
      gameType: z.preprocess((v) => (v === '' ? undefined : v), gameTypeSchema.optional()),
      vassalage: z.preprocess((v) => (v === '' ? undefined : v), vassalageSchema.optional()),
      pageNo: pageNoSchema,
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    }),
    reply: z.object({
      list: z.array(opsGameSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  opsGameUpdate: defineRoute({
    ...endpoints.opsGameUpdate,
    tag: 'ops',
    summary:
      'Enable, disable, reorder a game or set its hot rank (null removes it from the hot list). Audited.',
    params: merchantParams.extend({ nodeId: nodeIdSchema }),
    body: z
      .object({
        enabled: z.boolean().optional(),
        sortOrder: z.number().int().min(0).max(100_000).optional(),
        hotRank: z.number().int().min(1).max(1000).nullable().optional(),
        names: opsNamesSchema.optional(),
        gameType: gameTypeSchema.optional(),
        gameClassify: z.array(classifyKeySchema).max(classifyKeys.length).optional(),
        /** An uploaded image (`/uploads/…`); null restores the generated icon. */
        iconUrl: z
          .string()
          .regex(/^\/uploads\/content\/[a-z0-9/.-]+$/)
          .nullable()
          .optional(),
        reason: z.string().trim().min(1).max(500).optional(),
      })
      .refine(
        (b) =>
          b.enabled !== undefined ||
          b.sortOrder !== undefined ||
          b.hotRank !== undefined ||
          b.names !== undefined ||
          b.gameType !== undefined ||
          b.gameClassify !== undefined ||
          b.iconUrl !== undefined,
        { message: 'nothing to change' },
      ),
    reply: opsGameSchema,
  }),
  opsAnnouncementList: defineRoute({
    ...endpoints.opsAnnouncementList,
    tag: 'ops',
    summary: 'The brand’s announcements of every kind (live, scheduled, disabled), paged.',
    params: merchantParams,
    query: z.object({
      type: z.preprocess((v) => (v === '' ? undefined : v), announcementTypeSchema.optional()),
      pageNo: pageNoSchema,
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    }),
    reply: z.object({
      list: z.array(opsAnnouncementSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  opsAnnouncementCreate: defineRoute({
    ...endpoints.opsAnnouncementCreate,
    tag: 'ops',
    summary: 'Create a banner, notice, popup or promotion. Audited.',
    params: merchantParams,
    body: opsAnnouncementBodySchema,
    reply: opsAnnouncementSchema,
  }),
  opsAnnouncementUpdate: defineRoute({
    ...endpoints.opsAnnouncementUpdate,
    tag: 'ops',
    summary: 'Replace an announcement. Audited.',
    params: merchantParams.extend({ announcementId: z.string().regex(/^\d{1,18}$/) }),
    body: opsAnnouncementBodySchema,
    reply: opsAnnouncementSchema,
  }),
  opsAnnouncementDelete: defineRoute({
    ...endpoints.opsAnnouncementDelete,
    tag: 'ops',
    summary: 'Delete an announcement. Audited.',
    params: merchantParams.extend({ announcementId: z.string().regex(/^\d{1,18}$/) }),
    reply: z.object({ deleted: z.literal(true) }),
  }),
} as const;
