import { whitelabelModuleIds } from '@arcadia/contract';
import type { BrandFile } from '../../../modules/brand/brand.settings.js';
import { demoHelpTopics } from './demo.help.js';

/**
 * Modules the demo brand leaves off: CREDITMAR3 (a credit market hides deposit and withdrawal)
 * and GEETEST3 (a third-party slider challenge that cannot run offline). Everything else is on.
 */
const offModules = new Set(['CREDITMAR3', 'GEETEST3']);

const optional = (
  patternId: number,
  minLength: number,
  maxLength: number,
  type: 'text' | 'email' | 'tel' = 'text',
) =>
  ({ enabled: true, required: false, patternId, minLength, maxLength, acceptedPattern: '*', type }) as const;
const off = {
  enabled: false,
  required: false,
  patternId: 0,
  minLength: 0,
  maxLength: 64,
  acceptedPattern: '*',
  type: 'text',
} as const;

export const demoBrand: BrandFile = {
  code: 'demo',
  name: 'Arcadia Demo',
  currency: 'USD',
  currencySymbol: '$',
  currencyScale: 2,
  defaultLanguage: 'EN',
  settings: {
    platform: 'WEB',
    supportLanguages: ['EN', 'ZH'],
    lotteryType: 'Lott',
    prizeModes: { ModeLott: 'LOTT', ModeZy: 'ZY', ModeElott: 'ELOTT', ModeSea: 'SEA' },
    esportGames: ['IMES'],
    cockfightGames: ['SV3'],
    spbGames: ['SPB', 'SS'],
    agentTypes: [1, 2, 41, 42],
    trialTypes: [4],
    domains: ['localhost', '127.0.0.1'],
    mainDomain: 'localhost',
    customerService: [
      { csType: 'LIVECHAT', path: '/help#contact', label: 'Live chat' },
      { csType: 'EMAIL', path: 'mailto:support@arcadia.example', label: 'support@arcadia.example' },
    ],
    resources: [],
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
    countries: [
      'CN',
      'HK',
      'TW',
      'MO',
      'SG',
      'MY',
      'TH',
      'VN',
      'PH',
      'ID',
      'IN',
      'KR',
      'JP',
      'BR',
      'GB',
      'US',
    ],
    vendorLogos: ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'],
    helpLinks: [
      'about',
      'deposit',
      'withdrawal',
      'account',
      'responsible-gaming',
      'terms',
      'privacy',
      'contact',
    ],
    ageLimit: 18,
    feedback: { minWords: 5, maxWords: 500 },
    passwordMaxAgeDays: 180,
    transferWallets: ['PT'],
    singleWallet: false,
    payments: {
      channels: [
        {
          code: 'BANK',
          kind: 'BANK_TRANSFER',
          name: 'Bank transfer',
          min: 50,
          max: 100_000,
          bank: {
            bankName: 'Arcadia Demo Bank',
            accountName: 'Arcadia Demo Ltd',
            accountNumber: '6222 0000 1234 5678',
          },
        },
        { code: 'DEMOPAY', kind: 'DEMO_GATEWAY', name: 'Demo gateway', min: 10, max: 50_000 },
      ],
      withdraw: { min: 10, max: 50_000, dailyCount: 5 },
      confirmMinutes: 60,
    },
    // Rebates on valid bets (docs/rewards.md): slots and fishing pay most back, live and sports less.
    rebate: {
      enabled: true,
      rates: {
        RNG: 0.008,
        FISH: 0.008,
        LIVE: 0.005,
        PVP: 0.005,
        SPORTS: 0.005,
        ESPORTS: 0.005,
        COCKFIGHT: 0.003,
        LOTT: 0.003,
        ELOTT: 0.003,
        SPB: 0.005,
      },
      minPayout: 0.1,
    },
  },
  modules: Object.fromEntries(whitelabelModuleIds.map((id) => [id, !offModules.has(id)])),
  registerRules: {
    username: {
      enabled: true,
      required: true,
      patternId: 1,
      minLength: 4,
      maxLength: 16,
      acceptedPattern: '*',
      type: 'text',
    },
    password: {
      enabled: true,
      required: true,
      patternId: 5,
      minLength: 8,
      maxLength: 20,
      acceptedPattern: '*',
      type: 'password',
    },
    mobileNum: {
      enabled: true,
      required: false,
      patternId: 6,
      minLength: 6,
      maxLength: 15,
      acceptedPattern: '*',
      type: 'tel',
    },
    email: optional(3, 5, 100, 'email'),
    payeeName: optional(0, 2, 50),
    affiliateCode: optional(4, 4, 16),
    whatsapp: optional(6, 6, 15, 'tel'),
    paymentPassword: off,
    qqNum: off,
    line: off,
    facebook: off,
    wechat: off,
    idNumber: off,
    captcha: off,
    recommenderId: off,
  },
  availability: {
    maintenance: { enabled: false, message: null, endTime: null },
    regionBlock: { enabled: false, blockedRanges: [] },
  },
  helpTopics: demoHelpTopics,
};
