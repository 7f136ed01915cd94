import { randomBytes } from 'node:crypto';
import {
  BRAND_LOGO_MAX_BYTES,
  type BrandAdminView,
  type BrandCreateBody,
  type LanguageCode,
  type RegisterFieldRule,
  type RegisterRules,
  brandAvailabilitySchema,
  defaultBrandTheme,
  registerFields,
  registerRulesSchema,
  whitelabelModuleIds,
} from '@arcadia/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { UploadStore } from '../../lib/upload-store.js';
import { writeAudit } from '../operator/index.js';
import { brandAdminQueries } from './brand.repository.js';
import { type BrandSettings, brandSettingsSchema } from './brand.settings.js';
import { themeOfSettings } from './brand.theme.js';

type Row = Selectable<Database['merchant']>;

/** Folder of the upload store that holds brand logos. */
export const LOGO_FOLDER = 'brand-logos';
export const logoFilePattern = /^(\d+)-[a-f0-9]{16}\.(png|jpg|webp)$/;
export const logoUrl = (code: string, file: string) => `/wps/system/brand-logo/${code}/${file}`;

/** The type of an image by its first bytes: PNG, JPEG or WebP, else null (whatever its name says). */
export function sniffLogo(bytes: Buffer): { ext: 'png' | 'jpg' | 'webp'; mime: string } | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > 24 && png.every((b, i) => bytes[i] === b) && bytes.toString('latin1', 12, 16) === 'IHDR')
    return { ext: 'png', mime: 'image/png' };
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { ext: 'jpg', mime: 'image/jpeg' };
  if (
    bytes.length > 16 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP' &&
    bytes.toString('latin1', 12, 15) === 'VP8'
  )
    return { ext: 'webp', mime: 'image/webp' };
  return null;
}

export const logoMime = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/** Whitelabel modules a new brand starts with off (as the demo brand): a credit market, the slider. */
const OFF_BY_DEFAULT = new Set(['CREDITMAR3', 'GEETEST3']);

const rule = (
  enabled: boolean,
  required: boolean,
  patternId: number,
  minLength: number,
  maxLength: number,
  type: RegisterFieldRule['type'] = 'text',
): RegisterFieldRule => ({ enabled, required, patternId, minLength, maxLength, acceptedPattern: '*', type });

/** A new brand's registration rules: account and password required, the rest hidden. */
export function defaultRegisterRules(): RegisterRules {
  const rules = Object.fromEntries(
    registerFields.map((f) => [f, rule(false, false, 0, 0, 64)]),
  ) as RegisterRules;
  rules.username = rule(true, true, 1, 4, 16);
  rules.password = rule(true, true, 5, 6, 20, 'password');
  rules.email = rule(true, false, 3, 5, 100, 'email');
  rules.mobileNum = rule(true, false, 6, 6, 15, 'tel');
  rules.captcha = rule(true, true, 4, 4, 6);
  rules.affiliateCode = rule(true, false, 4, 0, 32);
  return rules;
}

/** A new brand's settings: the platform's defaults, edited on the Brand page afterwards. */
export function defaultSettings(body: BrandCreateBody): BrandSettings {
  return brandSettingsSchema.parse({
    platform: 'WEB',
    supportLanguages: body.supportLanguages,
    lotteryType: 'Lott',
    prizeModes: { ModeLott: 'LOTT', ModeZy: 'ZY', ModeElott: 'ELOTT', ModeSea: 'SEA' },
    esportGames: [],
    cockfightGames: [],
    spbGames: [],
    agentTypes: [1, 2, 41, 42],
    trialTypes: [4],
    vendorLogos: [],
    helpLinks: [],
    ageLimit: 18,
    feedback: { minWords: 5, maxWords: 500 },
    domains: [],
    mainDomain: '',
    customerService: [],
    resources: [],
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
    countries: [],
    theme: defaultBrandTheme,
  });
}

/** The brand as the Brand page sees it (any status). */
export function adminView(row: Row): BrandAdminView {
  const settings = brandSettingsSchema.parse(row.settings);
  return {
    merchantCode: row.code,
    name: row.name,
    status: row.status,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    currencyScale: row.currency_scale,
    defaultLanguage: z.string().parse(row.default_language) as LanguageCode,
    supportLanguages: settings.supportLanguages,
    theme: themeOfSettings(settings),
    logoUrl: settings.logo ? logoUrl(row.code, settings.logo.file) : null,
    domains: settings.domains,
    mainDomain: settings.mainDomain,
    customerService: settings.customerService,
    imageCDNs: settings.imageCDNs,
    launchGameCDNs: settings.launchGameCDNs,
    gtagId: settings.analytics.gtagId,
    prizeModes: settings.prizeModes,
    esportGames: settings.esportGames,
    cockfightGames: settings.cockfightGames,
    modules: z.record(z.string(), z.boolean()).parse(row.modules),
    registerRules: registerRulesSchema.parse(row.register_rules),
    availability: brandAvailabilitySchema.parse(row.availability),
  };
}

export interface BrandChange {
  /** What the audit log calls it (`brand.update`, `brand.modules` …). */
  action: string;
  /** What changed, as the audit log keeps it (before and after where it helps). */
  payload: Record<string, unknown>;
  /** The new settings, columns or flags (whatever is left out is kept). */
  settings?: BrandSettings;
  name?: string;
  defaultLanguage?: string;
  modules?: Record<string, boolean>;
  registerRules?: RegisterRules;
  availability?: unknown;
}

/**
 * Reads, writes and audits brands for the Brand page. Each change reads the row under a lock,
 * checks the whole settings object against the brand schema before writing (so a bad edit fails,
 * never lands half-written) and writes the audit line in the same transaction.
 */
export function createBrandAdmin(deps: { db: Kysely<Database>; uploads: UploadStore }) {
  const { db } = deps;
  const read = (code: string) => brandAdminQueries(db).findByCode(code);

  return {
    async view(code: string): Promise<BrandAdminView> {
      const row = await read(code.toLowerCase());
      if (!row) throw new AppError('not.found', { merchant: code });
      return adminView(row);
    },

    async create(body: BrandCreateBody, actor: string): Promise<BrandAdminView> {
      const modules = Object.fromEntries(whitelabelModuleIds.map((id) => [id, !OFF_BY_DEFAULT.has(id)]));
      const row = await db.transaction().execute(async (tx) => {
        const inserted = await brandAdminQueries(tx).insert({
          code: body.merchantCode,
          name: body.name,
          currency: body.currency,
          currency_symbol: body.currencySymbol,
          currency_scale: body.currencyScale,
          default_language: body.defaultLanguage,
          settings: JSON.stringify(defaultSettings(body)),
          modules: JSON.stringify(modules),
          register_rules: JSON.stringify(defaultRegisterRules()),
          availability: JSON.stringify({
            maintenance: { enabled: false, message: null, endTime: null },
            regionBlock: { enabled: false, blockedRanges: [] },
          }),
        });
        if (!inserted) throw new AppError('brand.exists', { merchant: body.merchantCode });
        const { reason, ...created } = body;
        await writeAudit(tx, {
          merchantId: inserted.id,
          actor,
          action: 'brand.create',
          target: body.merchantCode,
          payload: { ...created, reason },
        });
        return inserted;
      });
      return adminView(row);
    },

    /**
     * Applies one change: `make` gets the brand's current row and settings and returns the change
     * (or throws a coded error); nothing is written unless the new settings pass the brand schema.
     */
    async change(
      code: string,
      actor: string,
      reason: string,
      make: (current: Row, settings: BrandSettings) => BrandChange | Promise<BrandChange>,
    ): Promise<{ view: BrandAdminView; id: number }> {
      const row = await db.transaction().execute(async (tx: Transaction<Database>) => {
        const queries = brandAdminQueries(tx);
        const current = await queries.lockByCode(code.toLowerCase());
        if (!current) throw new AppError('not.found', { merchant: code });
        const change = await make(current, brandSettingsSchema.parse(current.settings));
        const settings = change.settings ? brandSettingsSchema.safeParse(change.settings) : null;
        if (settings && !settings.success)
          throw new AppError('request_param_err', {
            fields: { settings: settings.error.issues[0]?.message },
          });
        const updated = await queries.update(current.id, {
          ...(settings ? { settings: JSON.stringify(settings.data) } : {}),
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.defaultLanguage !== undefined ? { default_language: change.defaultLanguage } : {}),
          ...(change.modules ? { modules: JSON.stringify(change.modules) } : {}),
          ...(change.registerRules ? { register_rules: JSON.stringify(change.registerRules) } : {}),
          ...(change.availability ? { availability: JSON.stringify(change.availability) } : {}),
          updated_at: new Date(),
        });
        await writeAudit(tx, {
          merchantId: current.id,
          actor,
          action: change.action,
          target: current.code,
          payload: { ...change.payload, reason },
        });
        return updated;
      });
      return { view: adminView(row), id: row.id };
    },

    /** Stores a logo after checking its content; returns its file name. */
    async storeLogo(brandId: number, data: string): Promise<string> {
      const bytes = Buffer.from(data, 'base64');
      const kind = bytes.length <= BRAND_LOGO_MAX_BYTES ? sniffLogo(bytes) : null;
      if (!kind) throw new AppError('brand.logo.invalid');
      const file = `${brandId}-${randomBytes(8).toString('hex')}.${kind.ext}`;
      await deps.uploads.put(`${LOGO_FOLDER}/${file}`, bytes);
      return file;
    },

    readLogo: (file: string) => deps.uploads.get(`${LOGO_FOLDER}/${file}`),
  };
}

export type BrandAdmin = ReturnType<typeof createBrandAdmin>;
