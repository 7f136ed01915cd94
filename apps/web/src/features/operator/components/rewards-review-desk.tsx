import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
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

/**
 * A decision on one queued item: an optional field before, the reason (or note) it needs, the two
 * outcomes, and the server's refusal. Closes nothing: the queue drops the item when it is decided.
 */
function Decide<A extends string>({
  reasonLabel,
  maxLength,
  outcomes,
  onDecide,
  pending,
  error,
  children,
}: {
  reasonLabel: string;
  maxLength: number;
  /** The primary outcome first. */
  outcomes: [{ action: A; label: string }, { action: A; label: string }];
  onDecide(action: A, reason: string): void;
  pending: boolean;
  error: unknown;
  children?: ReactNode;
}) {
  const errorText = useApiErrorText();
  const [reason, setReason] = useState('');
  const short = reason.trim().length < REASON_MIN;
  return (
    <>
      <div className="ops-review__decide">
        {children}
        <label className="field">
          <span className="field__label">{reasonLabel}</span>
          <input
            className="field__input"
            value={reason}
            maxLength={maxLength}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        {outcomes.map((o, i) => (
          <button
            key={o.action}
            type="button"
            className={i === 0 ? 'button button--primary' : 'button'}
            disabled={short || pending}
            onClick={() => onDecide(o.action, reason.trim())}
          >
            {o.label}
          </button>
        ))}
      </div>
      {error ? (
        <p className="form__error" role="alert">
          {errorText(error)}
        </p>
      ) : null}
    </>
  );
}

function ApplicationRow({ brand, a, mayDecide }: { brand: OpsBrand; a: OpsApplication; mayDecide: boolean }) {
  const { t } = useTranslation('operator');
  const review = useReviewApplication(brand.code);
  const [amount, setAmount] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState(false);
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
        <Decide
          reasonLabel={t('review_reason')}
          maxLength={200}
          outcomes={[
            { action: 'approve', label: t('review_approve') },
            { action: 'reject', label: t('review_reject') },
          ]}
          pending={review.isPending}
          error={review.error}
          onDecide={(action, reason) =>
            review.mutate({ id: a.id, action, reason, ...(amount ? { amount: Number(amount) } : {}) })
          }
        >
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
        </Decide>
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

function RedemptionRow({ brand, r, mayDecide }: { brand: OpsBrand; r: OpsRedemption; mayDecide: boolean }) {
  const { t } = useTranslation('operator');
  const review = useReviewRedemption(brand.code);
  return (
    <li className="ops-review__item" data-testid={`redemption-${r.id}`}>
      <div className="ops-review__head">
        <strong>{r.account}</strong>
        <span>{t('review_goods', { name: r.rewardName, quantity: r.quantity, points: r.points })}</span>
        <span className="ops-review__time">{new Date(r.createdAt).toLocaleString()}</span>
      </div>
      <p className="ops-review__comment">{r.address}</p>
      {mayDecide && (
        <Decide
          reasonLabel={t('review_note')}
          maxLength={300}
          outcomes={[
            { action: 'approve', label: t('review_ship') },
            { action: 'reject', label: t('review_reject') },
          ]}
          pending={review.isPending}
          error={review.error}
          onDecide={(decision, note) => review.mutate({ id: r.id, decision, note })}
        />
      )}
    </li>
  );
}

function ReferralRow({ brand, r, mayDecide }: { brand: OpsBrand; r: OpsReferral; mayDecide: boolean }) {
  const { t } = useTranslation('operator');
  const review = useReviewReferral(brand.code);
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
        <Decide
          reasonLabel={t('review_reason')}
          maxLength={200}
          outcomes={[
            { action: 'pay', label: t('review_pay') },
            { action: 'reject', label: t('review_reject') },
          ]}
          pending={review.isPending}
          error={review.error}
          onDecide={(action, reason) => review.mutate({ refereeId: r.refereeId, action, reason })}
        />
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
          <div>
            <dt>{t('liability_raffles', { count: l.raffles.outstanding.count })}</dt>
            <dd>{money(l.raffles.outstanding.amount)}</dd>
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
