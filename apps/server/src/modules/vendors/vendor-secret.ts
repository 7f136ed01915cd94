import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findVendorSecret, insertVendorSecretIfAbsent } from './vendors.repository.js';

/** The built-in vendor: its secret is created for a brand on first use (it lives in this platform). */
export const HOUSE_VENDOR = 'house';

/** hex(HMAC-SHA256(secret, raw body bytes)): the `X-Signature` header of every vendor callback. */
export function signVendorBody(secret: string, raw: Buffer | string): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

/** Constant-time check of an `X-Signature` header (hex, any case) against the raw body bytes. */
export function verifyVendorSignature(secret: string, raw: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-fA-F]{64}$/.test(header)) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}

/**
 * A vendor's signing secret for a brand, or null when the brand has none for that vendor (its
 * callbacks are then refused). The house vendor's is generated on first use: both sides of the
 * protocol run in this platform and read it from `vendor_secret`. Secrets are cached per process:
 * a rotated secret takes effect on the next start.
 */
export function createVendorSecrets(db: Kysely<Database>) {
  const cache = new Map<string, string>();
  return {
    async get(merchantId: number, vendorCode: string): Promise<string | null> {
      const key = `${merchantId}:${vendorCode}`;
      const cached = cache.get(key);
      if (cached) return cached;
      if (vendorCode === HOUSE_VENDOR) {
        await insertVendorSecretIfAbsent(db, merchantId, vendorCode, randomBytes(32).toString('hex'));
      }
      const row = await findVendorSecret(db, merchantId, vendorCode);
      if (!row) return null;
      cache.set(key, row.secret);
      return row.secret;
    },
  };
}
export type VendorSecrets = ReturnType<typeof createVendorSecrets>;

/** One-off read (for the house vendor's signing side and tests). */
export const vendorSecret = (db: Kysely<Database>, merchantId: number, vendorCode: string) =>
  createVendorSecrets(db).get(merchantId, vendorCode);
