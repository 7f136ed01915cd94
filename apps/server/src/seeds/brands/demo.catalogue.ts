/**
 * The demo brand's games catalogue: fictional house studios, each listing reskins of the house
 * maths engines (packages/games). Every game is served by the `house` adapter. Codes are stable:
 * favourites and recent games refer to the node ids these rows receive on first seed.
 */

export type HouseEngine =
  | 'slot-fruit'
  | 'slot-pharaoh'
  | 'slot-ocean'
  | 'dice'
  | 'limbo'
  | 'mines'
  | 'scratch'
  | 'fishing'
  | 'baccarat'
  | 'blackjack'
  | 'live-baccarat'
  | 'live-dragon-tiger'
  | 'live-sic-bo'
  | 'live-roulette'
  | 'pvp-niuniu'
  | 'pvp-holdem'
  | 'pvp-threecard';

export interface SeedVendor {
  vassalage: string;
  names: { EN: string; ZH: string };
  adapter: string;
}

export interface SeedGame {
  gameCode: string;
  gameType: 'RNG' | 'FISH' | 'LIVE' | 'PVP';
  vassalage: string;
  /** Null only for a studio lobby entry (`isGame: VASSALAGE`). */
  engine: HouseEngine | null;
  names: { EN: string; ZH: string };
  classify: string[];
  hotRank?: number;
  isGame?: 'GAME' | 'VASSALAGE';
}

/** Sub-class of each engine in the RNG side menu (spec §2): arcade, scratch, table games. */
const classifyOf: Record<HouseEngine, string[]> = {
  'slot-fruit': [],
  'slot-pharaoh': [],
  'slot-ocean': [],
  dice: ['AC'],
  limbo: ['AC'],
  mines: ['AC'],
  scratch: ['SC'],
  fishing: [],
  baccarat: ['TG'],
  blackjack: ['TG'],
  'live-baccarat': [],
  'live-dragon-tiger': [],
  'live-sic-bo': [],
  'live-roulette': [],
  'pvp-niuniu': [],
  'pvp-holdem': [],
  'pvp-threecard': [],
};

export const demoVendors: SeedVendor[] = [
  { vassalage: 'AUR', names: { EN: 'Aurora Reels', ZH: '极光转轴' }, adapter: 'house' },
  { vassalage: 'BLZ', names: { EN: 'Blaze Forge', ZH: '烈焰工坊' }, adapter: 'house' },
  { vassalage: 'CRN', names: { EN: 'Crown Tables', ZH: '皇冠牌桌' }, adapter: 'house' },
  { vassalage: 'DRG', names: { EN: 'Dragon Gate', ZH: '龙门游戏' }, adapter: 'house' },
  { vassalage: 'EMB', names: { EN: 'Emberlight', ZH: '余烬之光' }, adapter: 'house' },
  { vassalage: 'FJD', names: { EN: 'Fjord Games', ZH: '峡湾游戏' }, adapter: 'house' },
  { vassalage: 'GLX', names: { EN: 'Galaxy Spin', ZH: '银河旋转' }, adapter: 'house' },
  { vassalage: 'HLO', names: { EN: 'Halo Play', ZH: '光环娱乐' }, adapter: 'house' },
  { vassalage: 'IRS', names: { EN: 'Iris Studio', ZH: '鸢尾工作室' }, adapter: 'house' },
  { vassalage: 'JAD', names: { EN: 'Jade Lotus', ZH: '翡翠莲花' }, adapter: 'house' },
  { vassalage: 'KRM', names: { EN: 'Karma Arcade', ZH: '因果街机' }, adapter: 'house' },
  { vassalage: 'LUX', names: { EN: 'Luxe Works', ZH: '奢华工坊' }, adapter: 'house' },
  { vassalage: 'MNT', names: { EN: 'Mint Reels', ZH: '薄荷转轴' }, adapter: 'house' },
  { vassalage: 'ORC', names: { EN: 'Orca Deep', ZH: '虎鲸深海' }, adapter: 'house' },
  { vassalage: 'VLV', names: { EN: 'Velvet Room Live', ZH: '丝绒厅真人' }, adapter: 'house' },
  { vassalage: 'VLC', names: { EN: 'Velvet Card Club', ZH: '丝绒棋牌' }, adapter: 'house' },
];

type Row = [code: string, engine: HouseEngine, en: string, zh: string, hot?: number];

const rng: Record<string, Row[]> = {
  AUR: [
    ['FRUIT_FIESTA', 'slot-fruit', 'Fruit Fiesta', '水果嘉年华', 1],
    ['PHARAOH_DAWN', 'slot-pharaoh', "Pharaoh's Dawn", '法老黎明', 4],
    ['CORAL_KINGDOM', 'slot-ocean', 'Coral Kingdom', '珊瑚王国'],
    ['AURORA_DICE', 'dice', 'Aurora Dice', '极光骰子'],
  ],
  BLZ: [
    ['EMBER_FRUITS', 'slot-fruit', 'Ember Fruits', '烈焰水果'],
    ['BLAZE_LIMBO', 'limbo', 'Blaze Limbo', '烈焰飞升', 3],
    ['FORGE_MINES', 'mines', 'Forge Mines', '熔炉矿区'],
  ],
  CRN: [
    ['CROWN_BACCARAT', 'baccarat', 'Crown Baccarat', '皇冠百家乐', 2],
    ['CROWN_BLACKJACK', 'blackjack', 'Crown Blackjack', '皇冠二十一点', 6],
    ['ROYAL_SCRATCH', 'scratch', 'Royal Scratch', '皇家刮刮乐'],
  ],
  DRG: [
    ['DRAGON_TOMB', 'slot-pharaoh', "Dragon Emperor's Tomb", '龙帝陵'],
    ['DRAGON_DICE', 'dice', 'Dragon Dice', '神龙骰子', 8],
    ['PEARL_SEA', 'slot-ocean', 'Dragon Pearl Sea', '龙珠之海'],
  ],
  EMB: [
    ['LANTERN_LIMBO', 'limbo', 'Lantern Limbo', '灯笼飞升'],
    ['EMBER_SCRATCH', 'scratch', 'Ember Scratch', '余烬刮刮乐'],
  ],
  FJD: [
    ['NORTHERN_CATCH', 'slot-ocean', 'Northern Catch', '北境渔获'],
    ['FJORD_MINES', 'mines', 'Fjord Mines', '峡湾矿区', 7],
    ['VIKING_BLACKJACK', 'blackjack', 'Viking Blackjack', '维京二十一点'],
  ],
  GLX: [
    ['COSMIC_FRUITS', 'slot-fruit', 'Cosmic Fruits', '宇宙水果', 5],
    ['NEBULA_LIMBO', 'limbo', 'Nebula Limbo', '星云飞升'],
    ['STAR_DICE', 'dice', 'Star Dice', '星辰骰子'],
  ],
  HLO: [
    ['GOLDEN_SANDS', 'slot-pharaoh', 'Golden Sands', '黄金沙海'],
    ['HALO_BACCARAT', 'baccarat', 'Halo Baccarat', '光环百家乐'],
  ],
  IRS: [
    ['SCRATCH_GARDEN', 'scratch', 'Scratch Garden', '花园刮刮乐'],
    ['PETAL_MINES', 'mines', 'Petal Mines', '花瓣矿区'],
    ['BLOOM_FRUITS', 'slot-fruit', 'Bloom Fruits', '繁花水果'],
  ],
  JAD: [
    ['JADE_PYRAMID', 'slot-pharaoh', 'Jade Pyramid', '翡翠金字塔', 9],
    ['LOTUS_BACCARAT', 'baccarat', 'Lotus Baccarat', '莲花百家乐'],
    ['JADE_DICE', 'dice', 'Jade Dice', '翡翠骰子'],
  ],
  KRM: [
    ['KARMA_LIMBO', 'limbo', 'Karma Limbo', '因果飞升'],
    ['KARMA_MINES', 'mines', 'Karma Mines', '因果矿区'],
    ['KARMA_SCRATCH', 'scratch', 'Karma Scratch', '因果刮刮乐', 10],
  ],
  LUX: [
    ['LUXE_BLACKJACK', 'blackjack', 'Luxe Blackjack', '奢华二十一点'],
    ['LUXE_BACCARAT', 'baccarat', 'Luxe Baccarat', '奢华百家乐'],
    ['PEARL_LAGOON', 'slot-ocean', 'Pearl Lagoon', '珍珠泻湖', 11],
  ],
  MNT: [
    ['MINT_FRUITS', 'slot-fruit', 'Mint Fruits', '薄荷水果'],
    ['TIDE_TREASURES', 'slot-ocean', 'Tide Treasures', '潮汐宝藏'],
  ],
};

const fish: Row[] = [
  ['OCEAN_HUNTER', 'fishing', 'Ocean Hunter', '海洋猎手', 12],
  ['GOLDEN_TOAD', 'fishing', 'Golden Toad Catch', '金蟾捕鱼'],
  ['DEEP_SEA_RAID', 'fishing', 'Deep Sea Raid', '深海突袭'],
];

function toGame(vassalage: string, gameType: 'RNG' | 'FISH', [code, engine, en, zh, hot]: Row): SeedGame {
  return {
    gameCode: `${vassalage}_${code}`,
    gameType,
    vassalage,
    engine,
    names: { EN: en, ZH: zh },
    classify: classifyOf[engine],
    ...(hot ? { hotRank: hot } : {}),
  };
}

export const demoGames: SeedGame[] = [
  ...Object.entries(rng).flatMap(([v, rows]) => rows.map((row) => toGame(v, 'RNG', row))),
  ...fish.map((row) => toGame('ORC', 'FISH', row)),
  // The house live tables (docs/live.md): a table's game code is the table's own code.
  ...(
    [
      ['LIVE_BACCARAT_1', 'live-baccarat', 'Velvet Baccarat', '丝绒百家乐', 13],
      ['LIVE_BACCARAT_2', 'live-baccarat', 'Velvet Baccarat High Limit', '丝绒百家乐 高限红'],
      ['LIVE_DRAGON_TIGER', 'live-dragon-tiger', 'Velvet Dragon Tiger', '丝绒龙虎', 14],
      ['LIVE_SIC_BO', 'live-sic-bo', 'Velvet Sic Bo', '丝绒骰宝'],
      ['LIVE_ROULETTE', 'live-roulette', 'Velvet Roulette', '丝绒轮盘', 15],
    ] as Row[]
  ).map(([gameCode, engine, en, zh, hot]): SeedGame => ({
    gameCode,
    gameType: 'LIVE',
    vassalage: 'VLV',
    engine,
    names: { EN: en, ZH: zh },
    classify: [],
    ...(hot ? { hotRank: hot } : {}),
  })),
  // The house card rooms (docs/pvp.md): a room's game code is the room's own code.
  ...(
    [
      ['PVP_NIUNIU_1', 'pvp-niuniu', 'Bull-Bull Room', '牛牛房'],
      ['PVP_NIUNIU_10', 'pvp-niuniu', 'Bull-Bull High Room', '牛牛 高额房'],
      ['PVP_HOLDEM_1', 'pvp-holdem', "Hold'em 1/2", '德州扑克 1/2'],
      ['PVP_ZJH_1', 'pvp-threecard', 'Three-Card Room', '炸金花房'],
    ] as Row[]
  ).map(([gameCode, engine, en, zh]): SeedGame => ({
    gameCode,
    gameType: 'PVP',
    vassalage: 'VLC',
    engine,
    names: { EN: en, ZH: zh },
    classify: [],
  })),
  // A studio lobby entry: the lobby shows it as one card that opens the studio's game list.
  {
    gameCode: 'ORC_LOBBY',
    gameType: 'FISH',
    vassalage: 'ORC',
    engine: null,
    names: { EN: 'Orca Deep Lobby', ZH: '虎鲸深海大厅' },
    classify: [],
    isGame: 'VASSALAGE',
  },
];

// ── announcements ──────────────────────────────────────────────────────────────────────────

export interface SeedAnnouncement {
  seedKey: string;
  type: 'B' | 'PL' | 'PU' | 'PR';
  groupName?: string;
  execution?: 'A' | 'B' | 'F';
  title: { EN: string; ZH: string };
  content?: { EN: string; ZH: string };
  /** Banner motif; the image is `/assets/art/banner/<art>.svg`. */
  art?: string;
  linkageType?: number;
  linkUrl?: string;
  promotionType?: string;
  /** Days before the seed time the notice was published (newest first in the list). */
  ageDays?: number;
}

const banner = (
  seedKey: string,
  groupName: string,
  art: string,
  title: { EN: string; ZH: string },
  linkUrl?: string,
): SeedAnnouncement => ({
  seedKey,
  type: 'B',
  groupName,
  art,
  title,
  ...(linkUrl ? { linkageType: 1, linkUrl } : {}),
});

const notices: Array<[string, string, string, string]> = [
  [
    'Welcome to Arcadia Demo',
    '欢迎来到 Arcadia 演示站',
    'Every game here is provably fair: you can verify each round from its seeds.',
    '本站所有游戏均可验证公平：每一局都能用种子复核结果。',
  ],
  [
    'Thirteen studios now live',
    '十三家游戏工作室已上线',
    'Aurora Reels, Blaze Forge, Crown Tables and ten more studios are in the slots lobby.',
    '极光转轴、烈焰工坊、皇冠牌桌等十三家工作室已加入电子游艺大厅。',
  ],
  [
    'Fishing games by Orca Deep',
    '虎鲸深海捕鱼游戏上线',
    'Ocean Hunter, Golden Toad Catch and Deep Sea Raid are waiting in the fishing lobby.',
    '海洋猎手、金蟾捕鱼和深海突袭已在捕鱼大厅等您。',
  ],
  [
    'Scheduled maintenance window',
    '例行维护时间',
    'Routine maintenance runs on Tuesdays 02:00–03:00 UTC. Balances are never affected.',
    '每周二 02:00–03:00（UTC）例行维护，余额不受影响。',
  ],
  [
    'Set your payment password',
    '请设置支付密码',
    'Withdrawals need a payment password. Set one in the security centre.',
    '提款需要支付密码，请在安全中心设置。',
  ],
  [
    'Free play for every game',
    '所有游戏均可免费试玩',
    'Try any game with play money before you play for real.',
    '正式游戏前，可先用试玩币体验任意游戏。',
  ],
  [
    'New: favourites and recent games',
    '新功能：收藏与最近游戏',
    'Tap the heart on a game card to keep it in your favourites.',
    '点击游戏卡片上的心形即可收藏游戏。',
  ],
  [
    'Responsible gaming',
    '理性游戏',
    'Set limits that suit you and take breaks. Help is in the help centre.',
    '请设定适合自己的限额并适时休息，帮助中心提供更多信息。',
  ],
  [
    'Deposit by bank transfer',
    '支持银行转账存款',
    'Bank transfers are credited once the payment is confirmed by our team.',
    '银行转账经确认后即时入账。',
  ],
  [
    'Invite friends',
    '邀请好友',
    'Share your invitation code from the member centre.',
    '可在会员中心分享您的邀请码。',
  ],
  [
    'Table games updated',
    '桌面游戏更新',
    'Baccarat and blackjack tables now show the full round history.',
    '百家乐和二十一点现可查看完整牌局记录。',
  ],
  [
    'Mobile friendly',
    '手机友好',
    'The whole lobby works on phones and tablets, no download needed.',
    '整个大厅均支持手机与平板，无需下载。',
  ],
];

export const demoAnnouncements: SeedAnnouncement[] = [
  banner(
    'banner.home.1',
    'w_home',
    'home-1',
    { EN: 'Thirteen studios, one wallet', ZH: '十三家工作室，一个钱包' },
    '/rng',
  ),
  banner('banner.home.2', 'w_home', 'home-2', { EN: 'Dive into fishing', ZH: '畅玩捕鱼' }, '/fish'),
  banner('banner.home.3', 'w_home', 'home-3', { EN: 'Provably fair, every round', ZH: '每一局都可验证公平' }),
  banner('banner.rng.1', 'w_rng', 'rng-1', { EN: 'Slots and arcade', ZH: '老虎机与街机' }),
  banner('banner.rng.2', 'w_rng', 'rng-2', { EN: 'Table games', ZH: '桌面游戏' }),
  banner('banner.fish.1', 'w_fish', 'fish-1', { EN: 'Ocean Hunter', ZH: '海洋猎手' }),
  banner('banner.login.1', 'w_login', 'login-1', { EN: 'Welcome back', ZH: '欢迎回来' }),
  banner('banner.register.1', 'w_register', 'register-1', {
    EN: 'Join Arcadia Demo',
    ZH: '加入 Arcadia 演示站',
  }),
  banner('banner.forget.1', 'w_forget', 'forget-1', { EN: 'Reset your password', ZH: '重置密码' }),
  banner('banner.leftmenu.1', 'w_leftmenu', 'leftmenu-1', { EN: 'Invite friends', ZH: '邀请好友' }),
  ...notices.map(([en, zh, cen, czh], i): SeedAnnouncement => ({
    seedKey: `notice.${i + 1}`,
    type: 'PL',
    title: { EN: en, ZH: zh },
    content: { EN: `<p>${cen}</p>`, ZH: `<p>${czh}</p>` },
    ageDays: i,
  })),
  {
    seedKey: 'popup.visitor',
    type: 'PU',
    execution: 'B',
    title: { EN: 'Welcome to Arcadia Demo', ZH: '欢迎来到 Arcadia 演示站' },
    content: {
      EN: '<p>Register in a minute and try every game for free first.</p>',
      ZH: '<p>一分钟完成注册，所有游戏均可先免费试玩。</p>',
    },
  },
  {
    seedKey: 'popup.member',
    type: 'PU',
    execution: 'A',
    title: { EN: 'New studios this week', ZH: '本周新工作室' },
    content: {
      EN: '<p>Karma Arcade and Luxe Works joined the slots lobby.</p>',
      ZH: '<p>因果街机与奢华工坊已加入电子游艺大厅。</p>',
    },
  },
  {
    seedKey: 'popup.first-login',
    type: 'PU',
    execution: 'F',
    title: { EN: 'Your account is ready', ZH: '您的账户已就绪' },
    content: {
      EN: '<p>Set a payment password in the security centre before your first withdrawal.</p>',
      ZH: '<p>首次提款前，请先在安全中心设置支付密码。</p>',
    },
    promotionType: 'WELCOME',
  },
  {
    seedKey: 'promotion.welcome',
    type: 'PR',
    art: 'promo-welcome',
    title: { EN: 'Welcome week', ZH: '新人周' },
    content: {
      EN: '<p>Play any game this week and discover the studios of Arcadia Demo.</p>',
      ZH: '<p>本周畅玩任意游戏，探索 Arcadia 演示站的各家工作室。</p>',
    },
    promotionType: 'WELCOME',
  },
  {
    seedKey: 'promotion.fishing',
    type: 'PR',
    art: 'promo-fishing',
    title: { EN: 'Fishing festival', ZH: '捕鱼节' },
    content: {
      EN: '<p>Ocean Hunter, Golden Toad Catch and Deep Sea Raid: three ways to fish.</p>',
      ZH: '<p>海洋猎手、金蟾捕鱼、深海突袭，三种玩法任您选。</p>',
    },
    promotionType: 'EVENT',
  },
];
