import type { RiskFlag, RiskFlagKind, RouteQuery, Routes } from '@arcadia/contract';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface FlagRow {
  id: string;
  kind: RiskFlagKind;
  member_id: string;
  account: string;
  amount: string | null;
  details: Record<string, unknown>;
  created_at: Date;
  status: RiskFlag['status'];
  reviewer: string | null;
  reason: string | null;
  reviewed_at: Date | null;
}

const flagColumns = sql`f.id::text, f.kind, f.member_id::text, m.account, f.amount::text, f.details, f.created_at,
  f.status, f.reviewer, f.reason, f.reviewed_at`;

/** The risk desk's queries over its flags (docs/back-office.md, "Risk"); the service keeps the transactions. */
export function createRiskRepository(db: Kysely<Database>) {
  return {
    async flagById(merchantId: number, flagId: string) {
      const { rows } = await sql<FlagRow>`
      select ${flagColumns} from risk_flag f join member m on m.id = f.member_id
      where f.merchant_id = ${merchantId} and f.id = ${flagId}::bigint`.execute(db);
      return rows[0];
    },

    /** A page of the brand's flags by the filters, newest first, each row with the total. */
    async flagPage(merchantId: number, query: RouteQuery<Routes['opsRiskFlagList']>) {
      const where = sql.join(
        [
          sql`f.merchant_id = ${merchantId}`,
          ...(query.kind ? [sql`f.kind = ${query.kind}`] : []),
          ...(query.status ? [sql`f.status = ${query.status}`] : []),
          ...(query.account ? [sql`lower(m.account) = ${query.account.toLowerCase()}`] : []),
        ],
        sql` and `,
      );
      const { rows } = await sql<FlagRow & { total: string }>`
          select ${flagColumns}, count(*) over ()::text as total
          from risk_flag f join member m on m.id = f.member_id
          where ${where} order by f.id desc
          limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`.execute(db);
      return rows;
    },

    /** The brand's open flags per kind. */
    async openCounts(merchantId: number) {
      const { rows } = await sql<{ kind: RiskFlagKind; n: string }>`
          select kind, count(*)::text as n from risk_flag
          where merchant_id = ${merchantId} and status = 'open' group by kind`.execute(db);
      return rows;
    },

    /** The flag under review, locked. */
    async lockFlag(tx: Transaction<Database>, merchantId: number, flagId: string) {
      const { rows } = await sql<{ status: RiskFlag['status']; kind: string; account: string }>`
            select f.status, f.kind, m.account from risk_flag f join member m on m.id = f.member_id
            where f.merchant_id = ${merchantId} and f.id = ${flagId}::bigint for update of f`.execute(tx);
      return rows[0];
    },

    /** Records a review's outcome. */
    review(tx: Transaction<Database>, flagId: string, next: string, reviewer: string, reason: string) {
      return sql`
            update risk_flag set status = ${next}, reviewer = ${reviewer}, reason = ${reason},
              reviewed_at = now()
            where id = ${flagId}::bigint`.execute(tx);
    },
  };
}

export type RiskRepository = ReturnType<typeof createRiskRepository>;
