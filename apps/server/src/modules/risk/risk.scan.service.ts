import { type RiskSettings, defaultRiskSettings, riskSettingsSchema } from '@arcadia/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  checks,
  lockScan,
  moveCursor,
  scanCursors,
  storedRiskSettings,
  transactionNow,
} from './risk.scan.repository.js';

/** The brand's thresholds: its `settings.risk`, the defaults for anything it has not set. */
export async function riskSettingsOf(
  db: Kysely<Database> | Transaction<Database>,
  merchantId: number,
): Promise<RiskSettings> {
  const risk = await storedRiskSettings(db, merchantId);
  const parsed = riskSettingsSchema.partial().safeParse(risk ?? {});
  return { ...defaultRiskSettings, ...(parsed.success ? parsed.data : {}) };
}

/**
 * Runs every check of one brand from its cursor, under the brand's scan lock (a job and a reader
 * catching up wait for each other rather than read the same rows twice), and moves the cursors to
 * the scan's start. Returns the flags raised.
 */
export async function scanBrand(db: Kysely<Database>, merchantId: number, scale: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await lockScan(tx, merchantId);
    const settings = await riskSettingsOf(tx, merchantId);
    const cursors = await scanCursors(tx, merchantId);
    const now = await transactionNow(tx);
    let raised = 0;
    for (const [scanner, check] of Object.entries(checks)) {
      const since = cursors.find((c) => c.scanner === scanner)?.scanned_to ?? new Date(0);
      raised += await check(tx, merchantId, new Date(since), settings, scale);
      await moveCursor(tx, merchantId, scanner, now);
    }
    return raised;
  });
}
