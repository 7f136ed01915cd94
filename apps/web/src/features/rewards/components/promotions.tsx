import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { PanelLoading } from '../../../components/panel-state';
import { FilterTabs } from '../../../components/section';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import { useSessionStore } from '../../../lib/session-store';
import { useUiStore } from '../../../lib/ui-store';
import { ApplicationForm } from './application-form';
import { RafflePanel } from './raffle-panel';
import { type PromotionItem, useClaimPromotion, usePromotionsQuery } from '../api/promotions';
import { useRewardFormat } from '../hooks/use-reward-format';
import '../rewards.css';

type Category = 'all' | PromotionItem['category'];

function PromotionAction({ p }: { p: PromotionItem }) {
  const { t } = useTranslation('rewards');
  const { money } = useRewardFormat();
  const errorText = useApiErrorText();
  const openModal = useUiStore((s) => s.openModal);
  const claim = useClaimPromotion();
  const token = useSessionStore((s) => s.token);
  const [applying, setApplying] = useState(false);
  // A member applies to an application promotion (spec §3): the form opens here.
  if (p.status === 'join' && token && p.kind === 'application')
    return (
      <>
        <button type="button" className="button button--primary" onClick={() => setApplying(true)}>
          {t('apply_open')}
        </button>
        {applying && (
          <ApplicationForm promotionId={p.id} title={p.title} onClose={() => setApplying(false)} />
        )}
      </>
    );
  if (p.status === 'join')
    return (
      <button type="button" className="button button--primary" onClick={() => openModal('login')}>
        {t('promo_join')}
      </button>
    );
  if (p.status === 'claim' || p.status === 'issued')
    return (
      <>
        <button
          type="button"
          className="button button--primary"
          disabled={claim.isPending}
          onClick={() =>
            claim.mutate(p.id, {
              onSuccess: (r) =>
                showToast(t('promo_claimed_toast', { amount: money(r.grant.amount) }), 'success'),
            })
          }
        >
          {t('promo_claim', { amount: money(p.claimable ?? 0) })}
        </button>
        {claim.error && (
          <p className="field__error" role="alert">
            {errorText(claim.error)}
          </p>
        )}
      </>
    );
  return (
    <>
      <button type="button" className="button" disabled>
        {t(`promo_status.${p.status}`)}
      </button>
      {p.reason && (
        <p className="promo-card__reason">{t(`promo_reason.${p.reason}`, { defaultValue: '' })}</p>
      )}
    </>
  );
}

function PromotionDetail({ p, onClose }: { p: PromotionItem; onClose(): void }) {
  const { t } = useTranslation('rewards');
  // Sanitised by the server; sanitised again here, as every HTML the site shows.
  const html = useMemo(() => DOMPurify.sanitize(p.content), [p.content]);
  return (
    <Modal open onClose={onClose} title={p.title} size="medium">
      <div className="promo-detail">
        <p className="promo-detail__summary">{p.summary}</p>
        <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        <p className="rebate__note">{t('promo_wagering', { times: p.wagering })}</p>
        <PromotionAction p={p} />
      </div>
    </Modal>
  );
}

/** Promotions (spec §1, §2 /promotions): the brand's raffles, then its promotions by category, each with its status. */
export function Promotions() {
  return (
    <>
      <RafflePanel />
      <PromotionList />
    </>
  );
}

function PromotionList() {
  const { t } = useTranslation('rewards');
  const promotions = usePromotionsQuery();
  const [category, setCategory] = useState<Category>('all');
  const [open, setOpen] = useState<string | null>(null);
  if (promotions.isPending) return <PanelLoading />;
  const list = promotions.data?.list ?? [];
  if (list.length === 0) return <EmptyState message={t('promo_none')} />;
  const categories = [...new Set(list.map((p) => p.category))];
  const shown = list.filter((p) => category === 'all' || p.category === category);
  const detail = list.find((p) => p.id === open);
  return (
    <div className="promotions">
      <FilterTabs
        label={t('promo_categories')}
        value={category}
        onChange={setCategory}
        items={[
          { key: 'all' as const, label: t('promo_category.all') },
          ...categories.map((c) => ({ key: c, label: t(`promo_category.${c}`) })),
        ]}
      />
      <ul className="promo-grid" aria-label={t('promo_list')}>
        {shown.map((p) => (
          <li key={p.id} className={`promo-card promo-card--${p.category}`}>
            <div className="promo-card__art" aria-hidden="true">
              <span>{t(`promo_category.${p.category}`)}</span>
            </div>
            <div className="promo-card__body">
              <h2 className="promo-card__title">{p.title}</h2>
              <p className="promo-card__summary">{p.summary}</p>
              <div className="promo-card__actions">
                <PromotionAction p={p} />
                <button type="button" className="button" onClick={() => setOpen(p.id)}>
                  {t('promo_details')}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {detail && <PromotionDetail p={detail} onClose={() => setOpen(null)} />}
    </div>
  );
}
