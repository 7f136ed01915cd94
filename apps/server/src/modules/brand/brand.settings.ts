import { z } from 'zod';
import {
  brandAvailabilitySchema,
  brandPresentationSchema,
  customerServiceEntrySchema,
  languageCodeSchema,
  registerRulesSchema,
  resourceSchema,
} from '@arcadia/contract';

/** What `merchant.settings` holds. Validated on every read so a bad edit fails loudly, not later. */
export const brandSettingsSchema = brandPresentationSchema.extend({
  domains: z.array(z.string()),
  mainDomain: z.string(),
  customerService: z.array(customerServiceEntrySchema),
  resources: z.array(resourceSchema),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  /** ISO 3166 codes accepted for mobile numbers; empty means every country. */
  countries: z.array(z.string().length(2)),
  /** Passwords older than this count as expired (0: never); PWDEXPFORCECHANGE3 forces the change. */
  passwordMaxAgeDays: z.number().int().min(0).default(0),
  /** Transfer-mode vendors: each gives every member a sub-wallet beside the main one. */
  transferWallets: z.array(z.string().regex(/^[A-Z0-9_]{1,32}$/)).default([]),
  /** One wallet only: My Wallet is hidden and transfers are refused. */
  singleWallet: z.boolean().default(false),
});
export type BrandSettings = z.infer<typeof brandSettingsSchema>;

const helpTopicSeedSchema = z.object({
  term: z.string().regex(/^[a-z0-9_-]{1,64}$/),
  title: z.string(),
  content: z.string(),
});

/** A brand file: everything needed to create a brand on first start. */
export const brandFileSchema = z.object({
  code: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/),
  name: z.string(),
  currency: z.string().length(3),
  currencySymbol: z.string(),
  currencyScale: z.number().int().min(0).max(4),
  defaultLanguage: languageCodeSchema,
  settings: brandSettingsSchema,
  modules: z.record(z.string(), z.boolean()),
  registerRules: registerRulesSchema,
  availability: brandAvailabilitySchema,
  helpTopics: z.partialRecord(languageCodeSchema, z.array(helpTopicSeedSchema)),
});
export type BrandFile = z.infer<typeof brandFileSchema>;
