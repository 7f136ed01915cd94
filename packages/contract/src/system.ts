import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import { languageCodes } from './enums.js';
import { registerRulesSchema } from './register-rules.js';
import type { WhitelabelNode } from './whitelabel.js';

const whitelabelNodeSchema: z.ZodType<WhitelabelNode> = z
  .object({
    modId: z.string(),
    enabled: z.enum(['1', '0']),
    get childrenNodes() {
      return z.array(whitelabelNodeSchema);
    },
  })
  .meta({ id: 'WhitelabelNode' });

export const languageCodeSchema = z.enum(languageCodes);

export const customerServiceEntrySchema = z.object({
  /** FACEBOOK, YOUTUBE, WHATSAPP, TELEGRAM, LIVECHAT, EMAIL, … */
  csType: z.string(),
  /** Where the channel opens. Plain: the original DES-wrapped it, which protected nothing. */
  path: z.string(),
  label: z.string(),
});

export const resourceSchema = z.object({
  resourceType: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
});

/** Brand settings the client sees; the server's stored settings extend these. */
export const brandPresentationSchema = z.object({
  platform: z.literal('WEB'),
  supportLanguages: z.array(languageCodeSchema).min(1),
  lotteryType: z.string(),
  prizeModes: z.object({
    ModeLott: z.string(),
    ModeZy: z.string(),
    ModeElott: z.string(),
    ModeSea: z.string(),
  }),
  esportGames: z.array(z.string()),
  cockfightGames: z.array(z.string()),
  spbGames: z.array(z.string()),
  agentTypes: z.array(z.number().int()),
  trialTypes: z.array(z.number().int()),
  vendorLogos: z.array(z.string()),
  helpLinks: z.array(z.string()),
  ageLimit: z.number().int().min(18),
  feedback: z.object({ minWords: z.number().int().min(1), maxWords: z.number().int().min(1) }),
});

export type BrandPresentation = z.infer<typeof brandPresentationSchema>;

/** The brand facts the SPA needs before it renders (the original bundled them at build time). */
export const brandInfoSchema = brandPresentationSchema.extend({
  merchantCode: z.string(),
  name: z.string(),
  defaultLanguage: languageCodeSchema,
  currency: z.string(),
  currencySymbol: z.string(),
  /** Digits after the decimal point of the brand currency (minor units). */
  currencyScale: z.number().int(),
});
export type BrandInfo = z.infer<typeof brandInfoSchema>;

/** `#rrggbb` colour. */
export const hexColourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb');

/** A brand's theme colours (the Brand page; the player site paints with them: brandThemeCss). */
export const brandThemeSchema = z.object({
  primary: hexColourSchema,
  accent: hexColourSchema,
  background: hexColourSchema,
  text: hexColourSchema,
});
export type BrandTheme = z.infer<typeof brandThemeSchema>;

export const permissionInfoSchema = z.object({
  brand: brandInfoSchema,
  customerService: z.array(customerServiceEntrySchema),
  domainRoute: z.array(z.string()),
  /** Keyed by `resourceType` (spec: `Android.url` among them). */
  resources: z.record(z.string(), resourceSchema),
  whitelabel: whitelabelNodeSchema,
  register: registerRulesSchema,
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  /** The brand's own theme colours; null while it keeps the platform's. */
  theme: brandThemeSchema.nullable(),
});
export type PermissionInfo = z.infer<typeof permissionInfoSchema>;

/** 0 normal, 1 maintenance, 2 region block (spec §4 "System status"). */
export const systemStatusCodeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatusCode = z.infer<typeof systemStatusCodeSchema>;

export const systemStatusSchema = z
  .object({
    maintenance: z.boolean(),
    regionRestriction: z.boolean(),
    systemStatus: systemStatusCodeSchema,
    maintenanceInfo: z.object({ message: z.string().nullable(), endTime: z.string().nullable() }).nullable(),
    location: z.object({ ip: z.string() }),
    info: permissionInfoSchema,
  })
  .meta({ id: 'SystemStatus' });
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const countrySchema = z.object({
  countryCode: z.string().length(2),
  countryDialingCode: z.string(),
});

export const helpTopicSchema = z.object({
  term: z.string(),
  title: z.string(),
  /** Sanitised by the client before it is rendered. */
  content: z.string(),
});
export type HelpTopic = z.infer<typeof helpTopicSchema>;

export const feedbackQuestionTypes = [
  'DEPOSIT',
  'WITHDRAWAL',
  'GAME',
  'ACCOUNT',
  'PROMOTION',
  'SUGGESTION',
  'OTHER',
] as const;

export const feedbackBodySchema = z.object({
  questionType: z.enum(feedbackQuestionTypes),
  content: z.string().trim().min(1).max(5000),
  contact: z.string().trim().max(200).optional(),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

export const deviceSchema = z.enum(['WEB', 'H5', 'APP']);

/** The test clock (`POST /dev/clock`): forward by at most a year at a time. */
export const devClockBodySchema = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 3_600_000),
});
export const devClockReplySchema = z.object({ now: z.iso.datetime(), offsetMs: z.number().int() });

export const systemRoutes = {
  systemStatus: defineRoute({
    ...endpoints.systemStatus,
    tag: 'system',
    summary: 'Permission bootstrap: system status, location and every brand setting the client needs.',
    reply: systemStatusSchema,
  }),
  systemDomainRoute: defineRoute({
    ...endpoints.systemDomainRoute,
    tag: 'system',
    summary: "The brand's domains.",
    reply: z.array(z.string()),
  }),
  systemWhitelabel: defineRoute({
    ...endpoints.systemWhitelabel,
    tag: 'system',
    summary: 'The whitelabel module tree with enabled flags.',
    reply: whitelabelNodeSchema,
  }),
  systemRegisterSettings: defineRoute({
    ...endpoints.systemRegisterSettings,
    tag: 'system',
    summary: 'Per-field registration rules.',
    reply: registerRulesSchema,
  }),
  systemCountry: defineRoute({
    ...endpoints.systemCountry,
    tag: 'system',
    summary: 'Countries the brand accepts mobile numbers from, with dialing codes.',
    reply: z.array(countrySchema),
  }),
  systemHelpCenter: defineRoute({
    ...endpoints.systemHelpCenter,
    tag: 'system',
    summary: 'Help-centre topics in the requested language (falls back to the brand default).',
    query: z.object({ lang: languageCodeSchema.optional(), device: deviceSchema.default('WEB') }),
    reply: z.array(helpTopicSchema),
  }),
  feedback: defineRoute({
    ...endpoints.feedback,
    tag: 'system',
    summary: 'Leave feedback; content length is bounded in words by the brand.',
    body: feedbackBodySchema,
    reply: z.object({ id: z.string() }),
  }),
  devClock: defineRoute({
    ...endpoints.devClock,
    tag: 'dev',
    summary:
      "Test clock only (TEST_CLOCK=1, never a deployment): moves the schedules' clock forward so a period can end; 404 otherwise.",
    body: devClockBodySchema,
    reply: devClockReplySchema,
  }),
} as const;
