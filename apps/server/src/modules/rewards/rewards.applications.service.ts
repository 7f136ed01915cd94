import { APPLICATION_IMAGE_MAX_BYTES, type ApplicationBody, type Promotion } from '@arcadia/contract';
import type { Kysely } from 'kysely';
import type { ApplicationImage, Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { settingToMinor, toMajor } from '../../lib/money.js';
import type { UploadStore } from '../../lib/upload-store.js';
import type { Brand } from '../brand/index.js';
import { isUniqueViolation } from '../member/index.js';
import { parseImageUpload } from '../support/index.js';
import * as repo from './rewards.applications.repository.js';
import type { ApplicationRow as Row } from './rewards.applications.repository.js';
import { pick, promotionsSettings } from './rewards.promotions.service.js';

/** An application's image as sent: PNG or JPEG by its bytes, at most 5 MB (`upload.invalid`). */
const parseUpload = (input: string) =>
  parseImageUpload(input, { maxBytes: APPLICATION_IMAGE_MAX_BYTES, code: 'upload.invalid' });

/**
 * Activity applications (docs/rewards.md): a member applies to an `application` promotion with a
 * comment and up to three images (kept on disk, checked by content); an operator approves — the
 * bonus is issued, and the member claims it like any promotion (a `BONUS` posting with its
 * turnover then) — or rejects with a reason.
 */
export function createApplications(deps: { db: Kysely<Database>; clock: Clock; uploads: UploadStore }) {
  const { db } = deps;

  const promotionOf = (brand: Brand, id: string): Promotion | undefined =>
    promotionsSettings(brand).list.find((p) => p.id === id && p.kind === 'application');

  const out = (brand: Brand, r: Row, language: string) => {
    const p = promotionOf(brand, r.promotion_id);
    return {
      id: String(r.id),
      promotionId: r.promotion_id,
      title: p ? pick(p.title, language, brand.defaultLanguage) : r.promotion_id,
      comment: r.comment,
      images: r.images.map((i) => ({ mime: i.mime, width: i.width, height: i.height })),
      status: r.status,
      amount: toMajor(r.amount, brand.currencyScale),
      reason: r.reason,
      createdAt: new Date(r.created_at).toISOString(),
      reviewedAt: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
    };
  };

  async function image(r: { images: ApplicationImage[] } | undefined, n: number) {
    const img = r?.images[n];
    if (!img) throw new AppError('not.found', { image: n });
    return { mime: img.mime, data: (await deps.uploads.get(img.file)).toString('base64') };
  }

  return {
    /** The member's applications by promotion (the promotions list reads their statuses). */
    async byPromotion(
      memberId: string,
    ): Promise<Map<string, { status: Row['status']; amount: string; reason: string | null }>> {
      const rows = await repo.statusesOf(db, memberId);
      return new Map(rows.map((r) => [r.promotion_id, r]));
    },

    /** The approved amount of the member's application, if it was approved (the claim pays it). */
    async issued(tx: Kysely<Database>, memberId: string, promotionId: string): Promise<bigint | null> {
      const r = await repo.findStatus(tx, memberId, promotionId);
      return r?.status === 'issued' ? BigInt(r.amount) : null;
    },

    async submit(brand: Brand, memberId: string, body: ApplicationBody, language: string) {
      const p = promotionOf(brand, body.promotionId);
      if (!p) throw new AppError('promotion.unknown', { promotionId: body.promotionId });
      const now = deps.clock.now().getTime();
      if ((p.startsAt && Date.parse(p.startsAt) > now) || (p.endsAt && Date.parse(p.endsAt) <= now))
        throw new AppError('promotion.not_eligible', { reason: 'promotion.closed' });
      // Every image is checked before anything is written.
      const images = body.images.map(parseUpload);
      try {
        const row = await db.transaction().execute(async (tx) => {
          const inserted = await repo.insertApplication(tx, {
            merchant_id: brand.id,
            member_id: memberId,
            promotion_id: p.id,
            comment: body.comment,
          });
          const files: ApplicationImage[] = [];
          for (const [n, img] of images.entries()) {
            const file = `applications/${brand.id}-${inserted.id}-${n}.${img.mime === 'image/png' ? 'png' : 'jpg'}`;
            await deps.uploads.put(file, img.bytes);
            files.push({
              file,
              mime: img.mime,
              bytes: img.bytes.length,
              width: img.width,
              height: img.height,
            });
          }
          // The row lists its files only once they are all on disk; a failure leaves no row.
          return repo.setImages(tx, inserted.id, JSON.stringify(files));
        });
        return out(brand, row, language);
      } catch (err) {
        if (isUniqueViolation(err, 'promotion_application_member_id_promotion_id_key'))
          throw new AppError('promotion.applied', { promotionId: p.id });
        throw err;
      }
    },

    async list(brand: Brand, memberId: string, language: string) {
      const rows = await repo.latestOf(db, memberId);
      return { list: rows.map((r) => out(brand, r, language)) };
    },

    async image(memberId: string, id: string, n: number) {
      const r = await repo.imagesOf(db, id, { memberId });
      return image(r, n);
    },

    async opsList(
      brand: Brand,
      q: { status: Row['status']; pageNo: number; pageSize: number },
      language: string,
    ) {
      const rows = await repo.opsPage(db, brand.id, q);
      return {
        list: rows.map((r) => ({ ...out(brand, r, language), account: r.account })),
        total: Number(rows[0]?.total ?? 0),
      };
    },

    async opsImage(brand: Brand, id: string, n: number) {
      const r = await repo.imagesOf(db, id, { merchantId: brand.id });
      return image(r, n);
    },

    /** An operator's decision; only an application still `applying` can be decided. */
    async review(
      brand: Brand,
      id: string,
      decision: { action: 'approve' | 'reject'; amount?: number; reason: string },
      actor: string,
      language: string,
    ) {
      const current = await repo.findPromotionOf(db, brand.id, id);
      if (!current) throw new AppError('not.found', { id });
      const p = promotionOf(brand, current.promotion_id);
      let amount = 0n;
      if (decision.action === 'approve') {
        amount = settingToMinor(decision.amount ?? p?.amount ?? 0, brand.currencyScale);
        const cap = settingToMinor(p?.cap ?? 0, brand.currencyScale);
        if (cap > 0n && amount > cap) amount = cap;
        if (amount <= 0n) throw new AppError('request_param_err', { fields: { amount: 'required' } });
      }
      // Decided once: the update only matches an application still waiting.
      const row = await repo.decide(db, brand.id, id, {
        status: decision.action === 'approve' ? 'issued' : 'rejected',
        amount,
        reason: decision.reason,
        reviewed_by: actor,
        reviewed_at: deps.clock.now(),
      });
      if (!row) throw new AppError('request.state', { id });
      const account = await repo.accountOf(db, row.member_id);
      return { ...out(brand, row, language), account: account.account };
    },
  };
}

export type Applications = ReturnType<typeof createApplications>;
