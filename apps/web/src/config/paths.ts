/** Every URL of the spec's route table (spec §2), once. */
export const paths = {
  home: '/',
  homeAliases: ['/index', '/index.html', '/home'],
  login: '/login',
  register: '/register',
  agentLogin: '/agent',
  agentHome: '/agentHome',
  member: '/member',
  help: '/help',
  sports: '/sports',
  esports: '/esports',
  lott: '/lott',
  elott: '/elott',
  live: '/live',
  /** A house live table (docs/live.md). */
  liveTable: '/live/:tableCode',
  /** A host's chat room (docs/chat.md): the original's `chatUrl`. */
  chatRoom: '/chatRoom/:modelId',
  /** A card room (docs/pvp.md). */
  pvpRoom: '/pvp/:tableCode',
  fish: '/fish',
  rng: '/rng',
  pvp: '/pvp',
  favorite: '/favorite',
  recent: '/recent',
  lottery: '/lottery',
  seaLottery: '/seaLottery',
  vnLottery: '/vnLottery',
  promotions: '/promotions',
  pointMall: '/pointMall',
  /** App download (spec §2 side menu: built from the site address, language and session token). */
  download: '/download',
  seamless: '/seamless',
  /** The operator page (payment queue); `/ops/…` is the operator API. */
  ops: '/ops',
  /** The customer-service window (spec §1: a 440 × 750 popup with the live chat). */
  customerService: '/customer-service',
  /** A house game, full viewport (it runs inside the `/seamless` iframe). */
  play: '/play/:engine',
  /** The public provably-fair verifier. */
  fair: '/fair',
} as const;

/**
 * Game pages hide the side menu. The original lists `/seamless, /lottert, /vnlottery,
 * /sealottery`; "lottert" is its misspelling of the lottery page, matched here as `/lottery`.
 */
export const gamePagePaths = ['/seamless', '/lottery', '/vnlottery', '/sealottery'];

export function isGamePage(pathname: string): boolean {
  return gamePagePaths.includes(pathname.toLowerCase());
}

/** Routes that need a session token; without one the guard sends the visitor to /login. */
export const protectedPaths: string[] = [
  paths.member,
  paths.favorite,
  paths.recent,
  paths.lottery,
  paths.seaLottery,
  paths.vnLottery,
  paths.seamless,
];
