import {
  type RiskFlag,
  type RiskFlagKind,
  type RiskSettings,
  riskFlagKinds,
  riskRoutes,
} from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Job } from '../../jobs/job-runner.js';
import { AppError } from '../../lib/app-error.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { BrandService } from '../brand/brand.service.js';
import { opsBrandOf } from '../brand/index.js';
import { writeAudit } from '../operator/operator-audit.js';
import { riskSettingsOf, scanBrand } from './risk.scan.js';

interface FlagRow {
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

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toFlag = (r: FlagRow): RiskFlag => ({
  id: String(r.id),
  kind: r.kind,
  memberId: String(r.member_id),
  account: r.account,
  amount: r.amount === null ? null : String(r.amount),
  details: r.details,
  createdAt: iso(r.created_at)!,
  status: r.status,
  reviewer: r.reviewer,
  reason: r.reason,
  reviewedAt: iso(r.reviewed_at),
});

const flagColumns = sql`f.id::text, f.kind, f.member_id::text, m.account, f.amount::text, f.details, f.created_at,
  f.status, f.reviewer, f.reason, f.reviewed_at`;

/**
 * The risk desk (docs/back-office.md, "Risk"). Flags are raised by a scan of new rows since a
 * cursor per brand and check — the `risk.scan` job every minute, and the queue itself before it
 * answers — never inside a deposit, a withdrawal or a bet, so no money path waits on it.
 */
export function createRiskModule(deps: { db: Kysely<Database>; brands: BrandService }) {
  const { db, brands } = deps;

  const scanAll = async () => {
    const rows = await db.selectFrom('merchant').select(['id', 'currency_scale']).execute();
    let raised = 0;
    for (const r of rows) raised += await scanBrand(db, r.id, r.currency_scale);
    return raised;
  };

  const jobs: Job[] = [{ name: 'risk.scan', everyMs: 60_000, leaseMs: 10 * 60_000, run: scanAll }];

  async function flagById(merchantId: number, flagId: string) {
    const { rows } = await sql<FlagRow>`
      select ${flagColumns} from risk_flag f join member m on m.id = f.member_id
      where f.merchant_id = ${merchantId} and f.id = ${flagId}::bigint`.execute(db);
    return rows[0];
  }

  return {
    jobs,
    scanAll,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerRoute(app, hooks, riskRoutes.opsRiskFlagList, async ({ params, query }) => {
        const brand = await opsBrandOf(brands, params.merchantCode);
        await scanBrand(db, brand.id, brand.currencyScale);
        const where = sql.join(
          [
            sql`f.merchant_id = ${brand.id}`,
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
        const { rows: open } = await sql<{ kind: RiskFlagKind; n: string }>`
          select kind, count(*)::text as n from risk_flag
          where merchant_id = ${brand.id} and status = 'open' group by kind`.execute(db);
        return {
          list: rows.map(toFlag),
          total: rows.length > 0 ? Number(rows[0]!.total) : 0,
          open: Object.fromEntries(
            riskFlagKinds.map((k) => [k, Number(open.find((o) => o.kind === k)?.n ?? 0)]),
          ) as Record<RiskFlagKind, number>,
        };
      });

      registerRoute(app, hooks, riskRoutes.opsRiskFlagReview, async ({ params, body, operator }) => {
        const brand = await opsBrandOf(brands, params.merchantCode);
        const next = body.action === 'clear' ? 'cleared' : 'escalated';
        await db.transaction().execute(async (tx) => {
          const { rows } = await sql<{ status: RiskFlag['status']; kind: string; account: string }>`
            select f.status, f.kind, m.account from risk_flag f join member m on m.id = f.member_id
            where f.merchant_id = ${brand.id} and f.id = ${params.flagId}::bigint for update of f`.execute(
            tx,
          );
          const flag = rows[0];
          if (!flag) throw new AppError('not.found', { flag: params.flagId });
          // Open: cleared or escalated. Escalated: cleared. Cleared: final.
          if (flag.status === 'cleared' || flag.status === next)
            throw new AppError('risk.flag_closed', { status: flag.status });
          await sql`
            update risk_flag set status = ${next}, reviewer = ${operator!.actor}, reason = ${body.reason},
              reviewed_at = now()
            where id = ${params.flagId}::bigint`.execute(tx);
          await writeAudit(tx, {
            merchantId: brand.id,
            actor: operator!.actor,
            action: `risk.${body.action}`,
            target: flag.account,
            payload: { flagId: params.flagId, kind: flag.kind, from: flag.status, reason: body.reason },
          });
        });
        return toFlag((await flagById(brand.id, params.flagId))!);
      });

      registerRoute(app, hooks, riskRoutes.opsRiskSettings, async ({ params }) =>
        riskSettingsOf(db, (await opsBrandOf(brands, params.merchantCode)).id),
      );

      registerRoute(app, hooks, riskRoutes.opsRiskSettingsUpdate, async ({ params, body, operator }) => {
        const brand = await opsBrandOf(brands, params.merchantCode);
        const before = await riskSettingsOf(db, brand.id);
        const { reason, ...after } = body;
        const value: RiskSettings = after;
        await brands.setSettingsPart(brand.code, 'risk', value);
        await writeAudit(db, {
          merchantId: brand.id,
          actor: operator!.actor,
          action: 'risk.settings',
          target: brand.code,
          payload: { reason, before, after: value },
        });
        return value;
      });
    },
  };
}

export type RiskModule = ReturnType<typeof createRiskModule>;
