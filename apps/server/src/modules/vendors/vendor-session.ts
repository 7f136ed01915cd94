import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashToken, newToken } from '../auth/index.js';
import { assertMayPlay } from '../responsible/index.js';
import type { LaunchMode } from './adapter.js';
import { findVendorSessionRow, insertVendorSession, limitedLoginUntil } from './vendors.repository.js';

/** How long a launch token lets a vendor place bets (wins and rollbacks are accepted after it). */
export const VENDOR_SESSION_TTL_MS = 12 * 3_600_000;

export interface VendorSessionInput {
  merchantId: number;
  memberId: string;
  vendorCode: string;
  gameCode: string;
  mode: LaunchMode;
  ttlMs?: number;
}

/**
 * A launch session for a vendor game: an opaque random token (only its SHA-256 is stored) that the
 * vendor sends to `authenticate` and with every `bet`. Called by an adapter's `launch`. Refused
 * (`rg.excluded`) for a real-money session while the member is on a break; under a session time
 * limit it ends when the member's login does.
 */
export async function createVendorSession(
  db: Kysely<Database>,
  input: VendorSessionInput,
): Promise<{ token: string; expiresAt: Date }> {
  // No real-money session for a member on a break (responsible gaming): every house product's bets
  // (games, live tables, lottery, sports) need one.
  if (input.mode === 'real') await assertMayPlay(db, input.memberId);
  const { token, hash } = newToken();
  let expiresAt = new Date(Date.now() + (input.ttlMs ?? VENDOR_SESSION_TTL_MS));
  if (input.mode === 'real') {
    // Under a session time limit, a game does not outlive the member's login (responsible gaming).
    const limit = await limitedLoginUntil(db, input.memberId);
    const until = limit ? new Date(limit) : null;
    if (until && until < expiresAt) expiresAt = until;
  }
  await insertVendorSession(db, {
    tokenHash: hash,
    merchantId: input.merchantId,
    memberId: input.memberId,
    vendorCode: input.vendorCode,
    gameCode: input.gameCode,
    mode: input.mode,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The live session behind a token, or null (unknown or expired). */
export async function findVendorSession(db: Kysely<Database>, token: string) {
  const row = await findVendorSessionRow(db, hashToken(token));
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
  return row;
}
