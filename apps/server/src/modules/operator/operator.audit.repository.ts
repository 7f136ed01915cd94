import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One line of the append-only operator audit log (`operator_audit`). */
export interface AuditEntry {
  /** The brand acted on; null for deployment-wide actions (operator accounts). */
  merchantId: number | null;
  actor: string;
  action: string;
  target: string;
  payload: unknown;
}

/**
 * Writes an audit line, on the transaction of the change it records so both land or neither does.
 * Payloads may hold bigint amounts (minor units); they are written as decimal strings.
 */
export async function writeAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry) {
  await db
    .insertInto('operator_audit')
    .values({
      merchant_id: entry.merchantId,
      actor: entry.actor,
      action: entry.action,
      target: entry.target,
      payload: JSON.stringify(entry.payload, (_key, value: unknown) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
    })
    .execute();
}
