import {
  type FeedbackBody,
  type HelpTopic,
  type LanguageCode,
  type SystemStatus,
  buildWhitelabelTree,
} from '@arcadia/contract';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { AppError } from '../../lib/app-error.js';
import type { Brand, BrandService } from '../brand/index.js';
import type { SystemRepository } from './system.repository.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Counts words the way a reader would: CJK text has no spaces, so the segmenter decides. */
export function countWords(text: string): number {
  let n = 0;
  for (const part of segmenter.segment(text)) if (part.isWordLike) n++;
  return n;
}

export function createSystemService(deps: { repository: SystemRepository; brands: BrandService }) {
  const { repository, brands } = deps;

  return {
    /** The permission bootstrap (spec §7 "Permission (loaded first)"). */
    status(brand: Brand, ip: string): SystemStatus {
      const s = brand.settings;
      const systemStatus = brands.statusFor(brand, ip);
      const { maintenance } = brand.availability;
      return {
        maintenance: systemStatus === 1,
        regionRestriction: systemStatus === 2,
        systemStatus,
        maintenanceInfo: maintenance.enabled
          ? { message: maintenance.message, endTime: maintenance.endTime }
          : null,
        location: { ip },
        info: {
          brand: brands.info(brand),
          customerService: s.customerService,
          domainRoute: s.domains,
          resources: Object.fromEntries(s.resources.map((r) => [r.resourceType, r])),
          whitelabel: buildWhitelabelTree(brand.modules),
          register: brand.registerRules,
          mainDomain: s.mainDomain,
          analytics: s.analytics,
          imageCDNs: s.imageCDNs,
          launchGameCDNs: s.launchGameCDNs,
          theme: s.theme ?? null,
        },
      };
    },

    countries(brand: Brand) {
      const allowed = new Set(brand.settings.countries);
      return getCountries()
        .filter((code) => allowed.size === 0 || allowed.has(code))
        .map((code) => ({ countryCode: code, countryDialingCode: getCountryCallingCode(code) }));
    },

    /** Topics in the language asked for; the brand default when that language has none. */
    async helpCenter(brand: Brand, language: LanguageCode | undefined): Promise<HelpTopic[]> {
      if (language && language !== brand.defaultLanguage) {
        const topics = await repository.helpTopics(brand.id, language);
        if (topics.length > 0) return topics;
      }
      return repository.helpTopics(brand.id, brand.defaultLanguage);
    },

    async leaveFeedback(brand: Brand, body: FeedbackBody, caller: { memberId: string | null; ip: string }) {
      const { minWords, maxWords } = brand.settings.feedback;
      const words = countWords(body.content);
      if (words < minWords || words > maxWords) {
        throw new AppError('feedback.content_length', { min: minWords, max: maxWords, words });
      }
      const id = await repository.insertFeedback({
        merchantId: brand.id,
        memberId: caller.memberId,
        questionType: body.questionType,
        content: body.content,
        contact: body.contact ?? null,
        ip: caller.ip,
      });
      return { id };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
