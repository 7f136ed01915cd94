import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PanelLoading } from '../../../components/panel-state';
import { paths } from '../../../config/paths';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import { type RewardCenterItem, useClaimPromotion, useRewardCenterQuery } from '../api/promotions';
import { useClaimRebate } from '../api/rebate';
import { useGrabEnvelope } from '../api/red-envelopes';
import { useClaimMission } from '../api/missions';
import { useClaimRaffle } from '../api/raffles';
import { useRewardFormat } from '../hooks/use-reward-format';
import '../rewards.css';

function ClaimButton({ item }: { item: RewardCenterItem }) {
  const { t } = useTranslation('rewards');
  const { money } = useRewardFormat();
  const errorText = useApiErrorText();
  const promotion = useClaimPromotion();
  const rebate = useClaimRebate();
  const envelope = useGrabEnvelope();
  const mission = useClaimMission();
  const raffle = useClaimRaffle();
  const claim =
    item.kind === 'rebate'
      ? rebate
      : item.kind === 'red_envelope'
        ? envelope
        : item.kind === 'mission'
          ? mission
          : item.kind === 'raffle'
            ? raffle
            : promotion;
  const onClaim = () => {
    const done = (amount: number) =>
      showToast(t('promo_claimed_toast', { amount: money(amount) }), 'success');
    if (item.kind === 'rebate') rebate.mutate(undefined, { onSuccess: (r) => done(r.payment.amount) });
    else if (item.kind === 'red_envelope')
      envelope.mutate(item.id, {
        onSuccess: (r) => showToast(t('envelope_opened', { amount: money(r.amount) }), 'success'),
      });
    else if (item.kind === 'mission') mission.mutate(item.id, { onSuccess: () => done(item.amount ?? 0) });
    else if (item.kind === 'raffle') raffle.mutate(item.id, { onSuccess: (r) => done(r.prize.amount) });
    else promotion.mutate(item.id, { onSuccess: (r) => done(r.grant.amount) });
  };
  return (
    <>
      <button type="button" className="button button--primary" disabled={claim.isPending} onClick={onClaim}>
        {item.amount === null
          ? t('envelope_open')
          : item.amount === 0
            ? t('mission_claim') // a points-only mission
            : t('promo_claim', { amount: money(item.amount) })}
      </button>
      {claim.error && (
        <p className="field__error" role="alert">
          {errorText(claim.error)}
        </p>
      )}
    </>
  );
}

/** Reward centre (`rewardCenter`): every reward waiting to be claimed, each with its claim button. */
export function RewardCenter() {
  const { t } = useTranslation(['rewards', 'common', 'lobby']);
  const { dateTime } = useRewardFormat();
  const centre = useRewardCenterQuery();
  if (centre.isPending) return <PanelLoading />;
  const list = centre.data?.list ?? [];
  return (
    <div className="reward-center">
      {list.length === 0 ? (
        <EmptyState message={t('rewards:centre_empty')} />
      ) : (
        <ul className="reward-center__list" aria-label={t('rewards:centre_list')}>
          {list.map((item) => (
            <li key={`${item.kind}:${item.id}`} className="reward-center__item">
              <span className="point-reward__kind">{t(`rewards:centre_kind.${item.kind}`)}</span>
              <strong className="reward-center__title">
                {item.kind === 'rebate' ? t('common:manual_rebate') : item.title}
              </strong>
              {item.expiresAt && (
                <span className="reward-center__expiry">
                  {t('rewards:raffle_claim_by', { time: dateTime(item.expiresAt) })}
                </span>
              )}
              <ClaimButton item={item} />
            </li>
          ))}
        </ul>
      )}
      <p className="reward-center__more">
        <Link to={paths.promotions}>{t('rewards:centre_all_promotions')}</Link>
        {' · '}
        <Link to={`${paths.promotions}#raffles-title`}>{t('rewards:raffle_centre_link')}</Link>
        {' · '}
        <Link to="/pointMall">{t('lobby:point_mall_title')}</Link>
      </p>
    </div>
  );
}
