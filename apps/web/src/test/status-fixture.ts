import { type SystemStatus, buildWhitelabelTree, whitelabelModuleIds } from '@arcadia/contract';

const rule = { enabled: true, required: true, acceptedPattern: '*', type: 'text' as const };
const off = { ...rule, enabled: false, required: false, patternId: 0, minLength: 0, maxLength: 64 };

/** A permission reply shaped like the server's demo brand, for component tests. */
export function statusFixture(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return {
    maintenance: false,
    regionRestriction: false,
    systemStatus: 0,
    maintenanceInfo: null,
    location: { ip: '203.0.113.9' },
    info: {
      brand: {
        merchantCode: 'demo',
        name: 'Arcadia Demo',
        platform: 'WEB',
        defaultLanguage: 'EN',
        supportLanguages: ['EN', 'ZH'],
        currency: 'USD',
        currencySymbol: '$',
        currencyScale: 2,
        lotteryType: 'Lott',
        prizeModes: { ModeLott: 'LOTT', ModeZy: 'ZY', ModeElott: 'ELOTT', ModeSea: 'SEA' },
        esportGames: ['IMES'],
        cockfightGames: ['SV3'],
        spbGames: ['SPB'],
        agentTypes: [1, 2, 41, 42],
        trialTypes: [4],
        vendorLogos: ['PG', 'JDB'],
        helpLinks: ['about', 'terms'],
        ageLimit: 18,
        feedback: { minWords: 5, maxWords: 500 },
      },
      customerService: [{ csType: 'LIVECHAT', path: '/help#contact', label: 'Live chat' }],
      domainRoute: ['localhost'],
      resources: {},
      whitelabel: buildWhitelabelTree(
        Object.fromEntries(whitelabelModuleIds.map((id) => [id, id !== 'CREDITMAR3'])),
      ),
      register: {
        username: { ...rule, patternId: 1, minLength: 4, maxLength: 16 },
        password: { ...rule, patternId: 5, minLength: 8, maxLength: 20, type: 'password' },
        mobileNum: { ...rule, required: false, patternId: 6, minLength: 6, maxLength: 15, type: 'tel' },
        email: { ...rule, required: false, patternId: 3, minLength: 5, maxLength: 100, type: 'email' },
        payeeName: off,
        paymentPassword: off,
        qqNum: off,
        line: off,
        whatsapp: off,
        facebook: off,
        wechat: off,
        idNumber: off,
        affiliateCode: off,
        captcha: off,
        recommenderId: off,
      },
      mainDomain: 'localhost',
      analytics: { gtagId: null },
      imageCDNs: [],
      launchGameCDNs: [],
      theme: null,
    },
    ...overrides,
  };
}
