/** Game categories (lane titles) and the lobby's pseudo-tabs (spec §1, reference §5). */
export const gameCategories = [
  'HOME',
  'PROMO',
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'ELOTT',
  'LOTT',
  'COCKFIGHT',
  'SPB',
] as const;
export type GameCategory = (typeof gameCategories)[number];

export const lobbyPseudoTabs = ['HOT', 'FAV', 'RECENT', 'MXWIN'] as const;
export type LobbyPseudoTab = (typeof lobbyPseudoTabs)[number];

/** Member `type` values (spec §3): agents 1, 2, 41, 42; trial 4; ordinary members 0. */
export const memberTypes = {
  member: 0,
  agent: 1,
  agentLevel2: 2,
  trial: 4,
  agent41: 41,
  agent42: 42,
} as const;
export const agentTypes = [1, 2, 41, 42] as const;
export const trialTypes = [4] as const;

export function isAgentType(type: number): boolean {
  return (agentTypes as readonly number[]).includes(type);
}
export function isTrialType(type: number): boolean {
  return (trialTypes as readonly number[]).includes(type);
}

/**
 * Interface languages. `code` is the wire code (`Language` header, brand lists, `hisLang`);
 * `locale` is the BCP 47 tag used for formatting and `lang` attributes.
 */
export const languageCatalogue = {
  EN: { locale: 'en', nativeName: 'English', dir: 'ltr' },
  ZH: { locale: 'zh-CN', nativeName: '简体中文', dir: 'ltr' },
  TW: { locale: 'zh-TW', nativeName: '繁體中文', dir: 'ltr' },
  JA: { locale: 'ja', nativeName: '日本語', dir: 'ltr' },
  KO: { locale: 'ko', nativeName: '한국어', dir: 'ltr' },
  TH: { locale: 'th', nativeName: 'ไทย', dir: 'ltr' },
  VI: { locale: 'vi', nativeName: 'Tiếng Việt', dir: 'ltr' },
  ID: { locale: 'id', nativeName: 'Bahasa Indonesia', dir: 'ltr' },
  MS: { locale: 'ms', nativeName: 'Bahasa Melayu', dir: 'ltr' },
  MY: { locale: 'my', nativeName: 'မြန်မာ', dir: 'ltr' },
  KM: { locale: 'km', nativeName: 'ខ្មែរ', dir: 'ltr' },
  LO: { locale: 'lo', nativeName: 'ລາວ', dir: 'ltr' },
  TY: { locale: 'tl', nativeName: 'Tagalog', dir: 'ltr' },
  HI: { locale: 'hi', nativeName: 'हिन्दी', dir: 'ltr' },
  BN: { locale: 'bn', nativeName: 'বাংলা', dir: 'ltr' },
  TA: { locale: 'ta', nativeName: 'தமிழ்', dir: 'ltr' },
  NE: { locale: 'ne', nativeName: 'नेपाली', dir: 'ltr' },
  UR: { locale: 'ur', nativeName: 'اردو', dir: 'rtl' },
  AR: { locale: 'ar', nativeName: 'العربية', dir: 'rtl' },
  FA: { locale: 'fa', nativeName: 'فارسی', dir: 'rtl' },
  TR: { locale: 'tr', nativeName: 'Türkçe', dir: 'ltr' },
  RU: { locale: 'ru', nativeName: 'Русский', dir: 'ltr' },
  KK: { locale: 'kk', nativeName: 'Қазақ', dir: 'ltr' },
  UZ: { locale: 'uz', nativeName: 'Oʻzbek', dir: 'ltr' },
  ES: { locale: 'es', nativeName: 'Español', dir: 'ltr' },
  PT: { locale: 'pt-PT', nativeName: 'Português', dir: 'ltr' },
  'PT-BR': { locale: 'pt-BR', nativeName: 'Português (Brasil)', dir: 'ltr' },
  FR: { locale: 'fr', nativeName: 'Français', dir: 'ltr' },
  DE: { locale: 'de', nativeName: 'Deutsch', dir: 'ltr' },
  IT: { locale: 'it', nativeName: 'Italiano', dir: 'ltr' },
  NL: { locale: 'nl', nativeName: 'Nederlands', dir: 'ltr' },
  PL: { locale: 'pl', nativeName: 'Polski', dir: 'ltr' },
  EL: { locale: 'el', nativeName: 'Ελληνικά', dir: 'ltr' },
  HE: { locale: 'he', nativeName: 'עברית', dir: 'rtl' },
  MN: { locale: 'mn', nativeName: 'Монгол', dir: 'ltr' },
} as const satisfies Record<string, { locale: string; nativeName: string; dir: 'ltr' | 'rtl' }>;

export type LanguageCode = keyof typeof languageCatalogue;
export const languageCodes = Object.keys(languageCatalogue) as [LanguageCode, ...LanguageCode[]];

/** Spec §9: the brand's default language is EN. */
export const defaultLanguage: LanguageCode = 'EN';

/**
 * The back office's pages under `/ops` (the web's page registry), so the server serves the app
 * for them rather than the API's 404: every other `/ops/…` path is the operator API.
 */
export const opsPagePaths = [
  'players',
  'support',
  'rewards',
  'reports',
  'books',
  'messages',
  'brand',
  'content',
  'catalogue',
  'risk',
  'agents',
  'audit-log',
] as const;
export type OpsPagePath = (typeof opsPagePaths)[number];
