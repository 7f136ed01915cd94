import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { brandAvailabilitySchema } from './ops.js';
import { registerFieldRuleSchema } from './register-rules.js';
import { registerFields } from './register-patterns.js';
import { defineRoute } from './route.js';
import {
  type BrandTheme,
  brandThemeSchema,
  customerServiceEntrySchema,
  languageCodeSchema,
} from './system.js';
import { whitelabelModuleIds } from './whitelabel.js';

/*
 * The back office's Brand page (docs/back-office.md "Brand"): an all-brand admin creates a brand;
 * a brand's admin edits it (name, languages, domains, CDNs, analytics, prize modes, game lists,
 * the whitelabel switches, the registration rules, maintenance and region block); the content
 * role may change how it looks (theme colours, logo, customer-service entries). Every change
 * carries a reason for the audit log and reaches every instance and every open site at once.
 */

/** Why the change is made: written to the audit log with it. */
export const brandReasonSchema = z.string().trim().min(3).max(500);

export const brandCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'lower-case letters, digits, - and _, at most 32');

/** The theme a brand has until someone chooses one. */
export const defaultBrandTheme: BrandTheme = {
  primary: '#c8a14a',
  accent: '#2f7df6',
  background: '#0f1115',
  text: '#f4f5f7',
};

const hostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(localhost|[0-9.]+|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(:\d{1,5})?$/,
    'a host name',
  );
const cdnSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^https:\/\/[^\s"'<>]+$/, 'an https URL');
const gameCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{1,32}$/, 'upper-case letters, digits and _');
const prizeModeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{1,16}$/, 'upper-case letters, digits and _');

const unique = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .refine((list) => new Set(list).size === list.length, 'each entry once');

export const brandCustomerServiceSchema = customerServiceEntrySchema.extend({
  csType: z
    .string()
    .trim()
    .regex(/^[A-Z_]{2,32}$/, 'upper-case letters'),
  /** An https link, a mailto:, tel: or a path on the site; never a script. */
  path: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https:\/\/[^\s"'<>]+|mailto:[^\s"'<>]+|tel:\+?[0-9 -]+|\/[^\s"'<>]*)$/, 'a link'),
  label: z.string().trim().min(1).max(100),
});

export const brandPrizeModesSchema = z.object({
  ModeLott: prizeModeSchema,
  ModeZy: prizeModeSchema,
  ModeElott: prizeModeSchema,
  ModeSea: prizeModeSchema,
});

const languagesAgree = (b: { defaultLanguage?: unknown; supportLanguages?: unknown[] | undefined }) =>
  b.defaultLanguage === undefined ||
  b.supportLanguages === undefined ||
  b.supportLanguages.includes(b.defaultLanguage);
const languagesMessage = {
  message: 'the default language must be one of the supported languages',
  path: ['defaultLanguage'],
};

/** A new brand. Everything else starts from the platform's defaults and is edited afterwards. */
export const brandCreateBodySchema = z
  .object({
    merchantCode: brandCodeSchema,
    name: z.string().trim().min(1).max(100),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'an ISO 4217 code'),
    currencySymbol: z.string().trim().min(1).max(8),
    currencyScale: z.number().int().min(0).max(4),
    defaultLanguage: languageCodeSchema,
    supportLanguages: z.array(languageCodeSchema).min(1).max(20),
    reason: brandReasonSchema,
  })
  .refine(languagesAgree, languagesMessage);
export type BrandCreateBody = z.infer<typeof brandCreateBodySchema>;

/** The admin's general settings; a field left out keeps its value. */
export const brandUpdateBodySchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    defaultLanguage: languageCodeSchema.optional(),
    supportLanguages: z.array(languageCodeSchema).min(1).max(20).optional(),
    domains: unique(hostSchema, 50).optional(),
    mainDomain: hostSchema.optional(),
    imageCDNs: unique(cdnSchema, 20).optional(),
    launchGameCDNs: unique(cdnSchema, 20).optional(),
    gtagId: z
      .string()
      .trim()
      .regex(/^(G|UA|GT|AW)-[A-Z0-9-]{4,20}$/, 'an analytics id (G-XXXXXXX)')
      .nullable()
      .optional(),
    prizeModes: brandPrizeModesSchema.optional(),
    esportGames: unique(gameCodeSchema, 50).optional(),
    cockfightGames: unique(gameCodeSchema, 50).optional(),
    reason: brandReasonSchema,
  })
  .refine(languagesAgree, languagesMessage)
  .refine((b) => b.mainDomain === undefined || b.domains === undefined || b.domains.includes(b.mainDomain), {
    message: 'the main domain must be one of the domains',
    path: ['mainDomain'],
  });
export type BrandUpdateBody = z.infer<typeof brandUpdateBodySchema>;

/** How the brand looks: the content role may change it. */
export const brandLookBodySchema = z.object({
  theme: brandThemeSchema.optional(),
  customerService: z.array(brandCustomerServiceSchema).max(20).optional(),
  reason: brandReasonSchema,
});
export type BrandLookBody = z.infer<typeof brandLookBodySchema>;

/** Largest logo, in bytes (before base64). */
export const BRAND_LOGO_MAX_BYTES = 512 * 1024;

export const brandLogoBodySchema = z.object({
  /** The image file as base64 (PNG, JPEG or WebP, checked by its content, not by its name). */
  data: z
    .string()
    .max(Math.ceil((BRAND_LOGO_MAX_BYTES * 4) / 3) + 8)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
  reason: brandReasonSchema,
});

export const brandModulesBodySchema = z.object({
  /** Flags by module id; a module left out keeps its flag. */
  modules: z.partialRecord(z.enum(whitelabelModuleIds as [string, ...string[]]), z.boolean()),
  reason: brandReasonSchema,
});

export const brandRegisterRulesBodySchema = z.object({
  rules: z.record(
    z.enum(registerFields),
    registerFieldRuleSchema.refine((r) => r.minLength <= r.maxLength, {
      message: 'the shortest length must not exceed the longest',
      path: ['maxLength'],
    }),
  ),
  reason: brandReasonSchema,
});

export const brandAvailabilityBodySchema = brandAvailabilitySchema.safeExtend({ reason: brandReasonSchema });

/** The brand as the Brand page edits it. */
export const brandAdminViewSchema = z.object({
  merchantCode: z.string(),
  name: z.string(),
  status: z.enum(['active', 'suspended']),
  currency: z.string(),
  currencySymbol: z.string(),
  currencyScale: z.number().int(),
  defaultLanguage: languageCodeSchema,
  supportLanguages: z.array(languageCodeSchema),
  theme: brandThemeSchema,
  /** Where the site loads the logo from; null until one is uploaded. */
  logoUrl: z.string().nullable(),
  domains: z.array(z.string()),
  mainDomain: z.string(),
  customerService: z.array(customerServiceEntrySchema),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  gtagId: z.string().nullable(),
  prizeModes: brandPrizeModesSchema,
  esportGames: z.array(z.string()),
  cockfightGames: z.array(z.string()),
  modules: z.record(z.string(), z.boolean()),
  registerRules: z.record(z.enum(registerFields), registerFieldRuleSchema),
  availability: brandAvailabilitySchema,
});
export type BrandAdminView = z.infer<typeof brandAdminViewSchema>;

const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });

export const brandAdminRoutes = {
  opsBrandCreate: defineRoute({
    ...endpoints.opsBrandCreate,
    tag: 'ops',
    summary:
      'Create a brand (all-brand admins only): code, name, currency and languages; the rest starts from the defaults.',
    body: brandCreateBodySchema,
    reply: brandAdminViewSchema,
  }),
  opsBrandGet: defineRoute({
    ...endpoints.opsBrandGet,
    tag: 'ops',
    summary: "The brand's settings as the Brand page edits them.",
    params: merchantParams,
    reply: brandAdminViewSchema,
  }),
  opsBrandUpdate: defineRoute({
    ...endpoints.opsBrandUpdate,
    tag: 'ops',
    summary:
      'Change the general settings (name, languages, domains, CDNs, analytics, prize modes, game lists).',
    params: merchantParams,
    body: brandUpdateBodySchema,
    reply: brandAdminViewSchema,
  }),
  opsBrandLook: defineRoute({
    ...endpoints.opsBrandLook,
    tag: 'ops',
    summary: 'Change the theme colours and the customer-service entries.',
    params: merchantParams,
    body: brandLookBodySchema,
    reply: brandAdminViewSchema,
  }),
  opsBrandLogo: defineRoute({
    ...endpoints.opsBrandLogo,
    tag: 'ops',
    summary: 'Upload the logo: a PNG, JPEG or WebP image of at most 512 KB, checked by its content.',
    params: merchantParams,
    body: brandLogoBodySchema,
    reply: brandAdminViewSchema,
  }),
  opsBrandModules: defineRoute({
    ...endpoints.opsBrandModules,
    tag: 'ops',
    summary: 'Switch whitelabel modules on or off; open sites follow at once.',
    params: merchantParams,
    body: brandModulesBodySchema,
    reply: brandAdminViewSchema,
  }),
  opsBrandRegisterRules: defineRoute({
    ...endpoints.opsBrandRegisterRules,
    tag: 'ops',
    summary: 'Replace the per-field registration rules (required, shown, pattern from the catalogue).',
    params: merchantParams,
    body: brandRegisterRulesBodySchema,
    reply: brandAdminViewSchema,
  }),
  opsBrandAvailability: defineRoute({
    ...endpoints.opsBrandAvailability,
    tag: 'ops',
    summary: 'Switch maintenance or region block with a reason (audited); every instance follows at once.',
    params: merchantParams,
    body: brandAvailabilityBodySchema,
    reply: brandAdminViewSchema,
  }),
} as const;

/** Pushed to every socket of the brand after a change: the site reads its settings again. */
export const brandAdminEvents = {
  'brand.changed': z.object({ at: z.number().int() }),
} as const;
