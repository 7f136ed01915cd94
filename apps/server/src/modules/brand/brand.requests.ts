import type { LanguageCode } from '@arcadia/contract';
import { languageCodes } from '@arcadia/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Brand, BrandService } from './brand.service.js';

/** Query language, else the `Language` header when it names a known language, else the brand's. */
export function requestLanguage(request: FastifyRequest, brand: Brand, query?: LanguageCode): LanguageCode {
  if (query) return query;
  const header = request.headers.language;
  const code = typeof header === 'string' ? header.trim().toUpperCase() : '';
  return (languageCodes as readonly string[]).includes(code) ? (code as LanguageCode) : brand.defaultLanguage;
}

/** The brand named in an operator path, or 404 (the operator's scope was checked by the route). */
export async function opsBrandOf(brands: BrandService, code: string): Promise<Brand> {
  const brand = await brands.find(code.toLowerCase());
  if (!brand) throw new AppError('not.found', { merchant: code });
  return brand;
}
