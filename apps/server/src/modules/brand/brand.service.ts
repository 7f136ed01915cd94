import {
  type BrandAvailability,
  type BrandPresentation,
  type BrandInfo,
  type LanguageCode,
  type RegisterRules,
  brandAvailabilitySchema,
  brandPresentationSchema,
  registerRulesSchema,
} from '@arcadia/contract';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { InvalidationBus } from '../../lib/invalidation-bus.js';
import { ipInRanges, parseRanges } from '../../lib/ip-ranges.js';
import type { BrandRepository } from './brand.repository.js';
import { type BrandSettings, brandSettingsSchema } from './brand.settings.js';

/** A brand as the request handlers see it: parsed, validated, cached. */
export interface Brand {
  id: number;
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  currencyScale: number;
  defaultLanguage: LanguageCode;
  settings: BrandSettings;
  /** The part of the settings the client sees (`brandPresentationSchema`). */
  presentation: BrandPresentation;
  modules: Record<string, boolean>;
  registerRules: RegisterRules;
  availability: BrandAvailability;
  /** Parsed `availability.regionBlock.blockedRanges`. */
  blockedRanges: ReturnType<typeof parseRanges>;
}

const TOPIC = 'brand';

export interface BrandServiceOptions {
  repository: BrandRepository;
  bus: InvalidationBus;
  /** How long a cached brand may be served before it is read again (bounds cross-instance staleness). */
  ttlMs: number;
  now?: () => number;
}

export function createBrandService({ repository, bus, ttlMs, now = Date.now }: BrandServiceOptions) {
  const cache = new Map<string, { brand: Brand | null; at: number }>();
  bus.subscribe(TOPIC, (code) => cache.delete(code));

  async function load(code: string): Promise<Brand | null> {
    const row = await repository.findByCode(code);
    if (!row || row.status !== 'active') return null;
    const availability = brandAvailabilitySchema.parse(row.availability);
    const settings = brandSettingsSchema.parse(row.settings);
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      currency: row.currency,
      currencySymbol: row.currency_symbol,
      currencyScale: row.currency_scale,
      defaultLanguage: z.string().parse(row.default_language) as LanguageCode,
      settings,
      presentation: brandPresentationSchema.parse(settings),
      modules: z.record(z.string(), z.boolean()).parse(row.modules),
      registerRules: registerRulesSchema.parse(row.register_rules),
      availability,
      blockedRanges: parseRanges(availability.regionBlock.blockedRanges),
    };
  }

  return {
    /** The active brand with this code, or null. Served from a per-process cache. */
    async find(code: string): Promise<Brand | null> {
      const hit = cache.get(code);
      if (hit && now() - hit.at < ttlMs) return hit.brand;
      const brand = await load(code);
      cache.set(code, { brand, at: now() });
      return brand;
    },

    /**
     * Every active brand, through the cache (the one walk over brands: schedules and fan-outs that
     * act per brand use this rather than reading `merchant` themselves).
     */
    async list(): Promise<Brand[]> {
      const codes = await repository.listCodes();
      const brands = await Promise.all(codes.map((code) => this.find(code)));
      return brands.filter((b): b is Brand => b !== null);
    },

    /**
     * The brand as the cache holds it right now, without waiting: the brand, null for a code
     * known not to be an active brand, undefined when the cache has nothing fresh (ask `get`).
     * Every request resolves its brand, so the hot path skips three awaits with it.
     */
    cached(code: string): Brand | null | undefined {
      const hit = cache.get(code);
      return hit && now() - hit.at < ttlMs ? hit.brand : undefined;
    },

    async get(code: string): Promise<Brand> {
      const brand = await this.find(code);
      if (!brand) throw new AppError('merchant.acct.setup.err', { merchant: code });
      return brand;
    },

    /** Replaces the brand's maintenance and region-block settings; every instance sees it at once. */
    async setAvailability(code: string, availability: BrandAvailability): Promise<BrandAvailability> {
      const updated = await repository.updateAvailability(code, availability);
      if (!updated) throw new AppError('not.found', { merchant: code });
      await bus.publish(TOPIC, code);
      return availability;
    },

    /** Replaces one part of the brand's settings (validated by the caller); every instance sees it at once. */
    async setSettingsPart(code: string, key: string, value: unknown): Promise<void> {
      const updated = await repository.updateSettingsPart(code, key, value);
      if (!updated) throw new AppError('not.found', { merchant: code });
      await bus.publish(TOPIC, code);
    },

    /** Drops the brand from every instance's cache after a change written elsewhere (the Brand page). */
    async invalidate(code: string): Promise<void> {
      await bus.publish(TOPIC, code);
    },

    /** 0 normal, 1 maintenance, 2 region block (maintenance wins). */
    statusFor(brand: Brand, ip: string): 0 | 1 | 2 {
      if (brand.availability.maintenance.enabled) return 1;
      if (brand.availability.regionBlock.enabled && ipInRanges(ip, brand.blockedRanges)) return 2;
      return 0;
    },

    info(brand: Brand): BrandInfo {
      return {
        ...brand.presentation,
        merchantCode: brand.code,
        name: brand.name,
        defaultLanguage: brand.defaultLanguage,
        currency: brand.currency,
        currencySymbol: brand.currencySymbol,
        currencyScale: brand.currencyScale,
      };
    },
  };
}

export type BrandService = ReturnType<typeof createBrandService>;
