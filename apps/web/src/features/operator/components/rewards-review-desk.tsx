import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { useApiErrorText } from '../../../lib/api-error-text';
import type { OpsBrand } from '../api/operator';
import {
  type OpsApplication,
  type OpsRedemption,
  type OpsReferral,
  fetchApplicationImage,
  useOpsApplications,
  useOpsRedemptions,
  useOpsRewardsLiabilities,
  useOpsReferrals,
  useReviewApplication,
  useReviewRedemption,
  useReviewReferral,
} from '../api/rewards-review';

const REASON_MIN = 3;

function ApplicationRow({ brand, a, mayDecide }: { brand: OpsBrand; a: OpsApplication; mayDecide: boolean }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const review = useReviewApplication(brand.code);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState(false);
  const decide = (action: 'approve' | 'reject') =>
    review.mutate({ id: a.id, action, reason: reason.trim(), ...(amount ? { amount: Number(amount) } : {}) });
  const short = reason.trim().length < REASON_MIN;
  return (
    <li className="ops-review__item" data-testid={`application-${a.id}`}>
      <div className="ops-review__head">
        <strong>{a.account}</strong>
        <span>{a.title}</span>
        <span className="ops-review__time">{new Date(a.createdAt).toLocaleString()}</span>
      </div>
      <p className="ops-review__comment">{a.comment || t('review_no_comment')}</p>
      {a.images.length > 0 && (
        <div className="ops-review__images">
          {a.images.map((img, n) => (
            <button
              key={n}
              type="button"
              className="button button--small"
              onClick={() =>
                fetchApplicationImage(brand.code, a.id, n).then(setImage, () => setImageError(true))
              }
            >
              {t('review_image', { n: n + 1, w: img.width, h: img.height })}
            </button>
          ))}
          {imageError && <span className="form__error">{t('review_image_failed')}</span>}
        </div>
      )}
      {mayDecide && (
        <div className="ops-review__decide">
          <label className="field">
            <span className="field__label">{t('review_amount', { currency: brand.currency })}</span>
            <input
              className="field__input"
              type="number"
              min="0"
              step="0.01"
              placeholder={t('review_amount_default')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">{t('review_reason')}</span>
            <input
              className="field__input"
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <button
            type="button"
            className="button button--primary"
            disabled={short || review.isPending}
            onClick={() => decide('approve')}
          >
            {t('review_approve')}
          </button>
          <button
            type="button"
            className="button"
            disabled={short || review.isPending}
            onClick={() => decide('reject')}
          >
            {t('review_reject')}
          </button>
        </div>
      )}
      {review.error && (
        <p className="form__error" role="alert">
          {errorText(review.error)}
        </p>
      )}
      {image && (
        <Modal
          open
          onClose={() => setImage(null)}
          title={t('review_image_title', { account: a.account })}
          size="medium"
        >
          <img className="ops-review__full" src={image} alt={t('review_image_alt', { account: a.account })} />
        </Modal>
      )}
    </li>
  );
}

function ReferralRow({ brand, r, mayDecide }: { brand: OpsBrand; r: OpsReferral; mayDecide: boolean }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const review = useReviewReferral(brand.code);
  const [reason, setReason] = useState('');
  const short = reason.trim().length < REASON_MIN;
  const money = (v: number) => `${v.toFixed(brand.currencyScale)} ${brand.currency}`;
  return (
    <li className="ops-review__item" data-testid={`referral-${r.refereeId}`}>
      <div className="ops-review__head">
        <strong>{t('review_referral_pair', { referee: r.referee, referrer: r.referrer })}</strong>
        <span className="status-pill status-pill--pending">
          {t(`review_flag.${r.flagReason ?? 'same_ip'}`)}
        </span>
      </div>
      <p className="ops-review__comment">
        {t('review_referral_figures', {
          deposit: money(r.deposit),
          bets: money(r.validBet),
          ip: r.registerIp ?? '—',
        })}
      </p>
      {mayDecide && (
        <div className="ops-review__decide">
          <label className="field">
            <span className="field__label">{t('review_reason')}</span>
            <input
              className="field__input"
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <button
            type="button"
            className="button button--primary"
            disabled={short || review.isPending}
            onClick={() => review.mutate({ refereeId: r.refereeId, action: 'pay', reason: reason.trim() })}
          >
            {t('review_pay')}
          </button>
          <button
            type="button"
            className="button"
            disabled={short || review.isPending}
            onClick={() => review.mutate({ refereeId: r.refereeId, action: 'reject', reason: reason.trim() })}
          >
            {t('review_reject')}
          </button>
        </div>
      )}
      {review.error && (
        <p className="form__error" role="alert">
          {errorText(review.error)}
        </p>
      )}
    </li>
  );
}

function RedemptionRow({ brand, r, mayDecide }: { brand: OpsBrand; r: OpsRedemption; mayDecide: boolean }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const review = useReviewRedemption(brand.code);
  const [note, setNote] = useState('');
  const short = note.trim().length < REASON_MIN;
  return (
    <li className="ops-review__item" data-testid={`redemption-${r.id}`}>
      <div className="ops-review__head">
        <strong>{r.account}</strong>
        <span>{t('review_goods', { name: r.rewardName, quantity: r.quantity, points: r.points })}</span>
        <span className="ops-review__time">{new Date(r.createdAt).toLocaleString()}</span>
      </div>
      <p className="ops-review__comment">{r.address}</p>
      {mayDecide && (
        <div className="ops-review__decide">
          <label className="field">
            <span className="field__label">{t('review_note')}</span>
            <input
              className="field__input"
              value={note}
              maxLength={300}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <button
            type="button"
            className="button button--primary"
            disabled={short || review.isPending}
            onClick={() => review.mutate({ id: r.id, decision: 'approve', note: note.trim() })}
          >
            {t('review_ship')}
          </button>
          <button
            type="button"
            className="button"
            disabled={short || review.isPending}
            onClick={() => review.mutate({ id: r.id, decision: 'reject', note: note.trim() })}
          >
            {t('review_reject')}
          </button>
        </div>
      )}
      {review.error && (
        <p className="form__error" role="alert">
          {errorText(review.error)}
        </p>
      )}
    </li>
  );
}

/**
 * Rewards review (docs/rewards.md): activity applications with their comment and images — approve
 * (issuing the bonus, the promotion's amount unless given) or reject — points-mall goods to ship
 * or refuse (the points come back), and referrals flagged for a
 * shared IP address or device — pay or reject. Every decision needs a reason and is audited.
 */
export function RewardsReviewDesk({ brand, mayDecide }: { brand: OpsBrand; mayDecide: boolean }) {
  const { t } = useTranslation('operator');
  const applications = useOpsApplications(brand.code);
  const referrals = useOpsReferrals(brand.code);
  const redemptions = useOpsRedemptions(brand.code);
  const liabilities = useOpsRewardsLiabilities(brand.code);
  const money = (v: number) => `${v.toFixed(brand.currencyScale)} ${brand.currency}`;
  const l = liabilities.data;
  return (
    <section className="ops-card ops-review" aria-labelledby="ops-review-title">
      <header className="ops-card__header">
        <h2 id="ops-review-title">{t('review_title')}</h2>
      </header>
      {l && (
        <dl className="ops-rebate__figures" data-testid="rewards-liabilities">
          <div>
            <dt>{t('liability_bonuses', { count: l.openBonuses.count })}</dt>
            <dd>{money(l.openBonuses.amount)}</dd>
          </div>
          <div>
            <dt>{t('liability_points')}</dt>
            <dd>{l.pointsOutstanding.toLocaleString()}</dd>
          </div>
          <div>
            <dt>{t('liability_escrow')}</dt>
            <dd>{money(l.escrow)}</dd>
          </div>
        </dl>
      )}
      <h3>{t('review_applications', { count: applications.data?.total ?? 0 })}</h3>
      {applications.data && applications.data.list.length === 0 ? (
        <EmptyState message={t('review_applications_none')} />
      ) : (
        <ul className="ops-review__list">
          {applications.data?.list.map((a) => (
            <ApplicationRow key={a.id} brand={brand} a={a} mayDecide={mayDecide} />
          ))}
        </ul>
      )}
      <h3>{t('review_goods_title', { count: redemptions.data?.totalCount ?? 0 })}</h3>
      {redemptions.data && redemptions.data.list.length === 0 ? (
        <EmptyState message={t('review_goods_none')} />
      ) : (
        <ul className="ops-review__list">
          {redemptions.data?.list.map((r) => (
            <RedemptionRow key={r.id} brand={brand} r={r} mayDecide={mayDecide} />
          ))}
        </ul>
      )}
      <h3>{t('review_referrals', { count: referrals.data?.total ?? 0 })}</h3>
      {referrals.data && referrals.data.list.length === 0 ? (
        <EmptyState message={t('review_referrals_none')} />
      ) : (
        <ul className="ops-review__list">
          {referrals.data?.list.map((r) => (
            <ReferralRow key={r.refereeId} brand={brand} r={r} mayDecide={mayDecide} />
          ))}
        </ul>
      )}
    </section>
  );
}
