import {
  type RiskFlag,
  type RiskFlagKind,
  type RiskSettings,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type Routes,
  riskFlagKinds,
} from '@arcadia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { type BrandService, opsBrandOf } from '../brand/index.js';
import { writeAudit } from '../operator/index.js';
import type { FlagRow, RiskRepository } from './risk.repository.js';
import { riskSettingsOf, scanBrand } from './risk.scan.service.js';

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

/**
 * The risk desk (docs/back-office.md, "Risk"). Flags are raised by a scan of new rows since a
 * cursor per brand and check — the `risk.scan` job every minute, and the queue itself before it
 * answers — never inside a deposit, a withdrawal or a bet, so no money path waits on it.
 */
export function createRiskService(deps: {
  db: Kysely<Database>;
  brands: BrandService;
  repository: RiskRepository;
}) {
  const { db, brands, repository } = deps;

  return {
    /** Scans every active brand; returns the flags raised. */
    async scanAll() {
      let raised = 0;
      for (const brand of await brands.list()) raised += await scanBrand(db, brand.id, brand.currencyScale);
      return raised;
    },

    async flagList(merchantCode: string, query: RouteQuery<Routes['opsRiskFlagList']>) {
      const brand = await opsBrandOf(brands, merchantCode);
      await scanBrand(db, brand.id, brand.currencyScale);
      const rows = await repository.flagPage(brand.id, query);
      const open = await repository.openCounts(brand.id);
      return {
        list: rows.map(toFlag),
        total: rows.length > 0 ? Number(rows[0]!.total) : 0,
        open: Object.fromEntries(
          riskFlagKinds.map((k) => [k, Number(open.find((o) => o.kind === k)?.n ?? 0)]),
        ) as Record<RiskFlagKind, number>,
      };
    },

    /** Open: cleared or escalated. Escalated: cleared. Cleared: final. Audited. */
    async review(
      params: RouteParams<Routes['opsRiskFlagReview']>,
      body: RouteBody<Routes['opsRiskFlagReview']>,
      actor: string,
    ) {
      const brand = await opsBrandOf(brands, params.merchantCode);
      const next = body.action === 'clear' ? 'cleared' : 'escalated';
      await db.transaction().execute(async (tx) => {
        const flag = await repository.lockFlag(tx, brand.id, params.flagId);
        if (!flag) throw new AppError('not.found', { flag: params.flagId });
        // Open: cleared or escalated. Escalated: cleared. Cleared: final.
        if (flag.status === 'cleared' || flag.status === next)
          throw new AppError('risk.flag_closed', { status: flag.status });
        await repository.review(tx, params.flagId, next, actor, body.reason);
        await writeAudit(tx, {
          merchantId: brand.id,
          actor,
          action: `risk.${body.action}`,
          target: flag.account,
          payload: { flagId: params.flagId, kind: flag.kind, from: flag.status, reason: body.reason },
        });
      });
      return toFlag((await repository.flagById(brand.id, params.flagId))!);
    },

    async settings(merchantCode: string) {
      return riskSettingsOf(db, (await opsBrandOf(brands, merchantCode)).id);
    },

    async updateSettings(
      merchantCode: string,
      body: RouteBody<Routes['opsRiskSettingsUpdate']>,
      actor: string,
    ) {
      const brand = await opsBrandOf(brands, merchantCode);
      const before = await riskSettingsOf(db, brand.id);
      const { reason, ...after } = body;
      const value: RiskSettings = after;
      await brands.setSettingsPart(brand.code, 'risk', value);
      await writeAudit(db, {
        merchantId: brand.id,
        actor,
        action: 'risk.settings',
        target: brand.code,
        payload: { reason, before, after: value },
      });
      return value;
    },
  };
}

export type RiskService = ReturnType<typeof createRiskService>;
