import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PanelLoading } from '../../../components/panel-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import {
  type RebateAccrued,
  useClaimRebate,
  useRebateAccruedQuery,
  useRebatePaidEvents,
} from '../api/rebate';
import { useRewardFormat } from '../hooks/use-reward-format';
import '../rewards.css';

type Product = RebateAccrued['list'][number];

/**
 * Manual rebate (`manualRebate`): what the member's valid bets earned over the window, per product
 * type at the brand's rates, what has been paid, and a claim button for the rest. The daily job
 * pays whatever is left the day after.
 */
export function ManualRebate() {
  const { t } = useTranslation(['rewards', 'records']);
  const { money, percent, dateTime } = useRewardFormat();
  const errorText = useApiErrorText();
  const accrued = useRebateAccruedQuery();
  const claim = useClaimRebate();
  useRebatePaidEvents();

  if (accrued.isPending) return <PanelLoading />;
  if (accrued.isError)
    return (
      <p className="field__error" role="alert">
        {errorText(accrued.error)}
      </p>
    );
  const data = accrued.data;
  const columns: DataColumn<Product>[] = [
    {
      id: 'product',
      header: t('rewards:col_product'),
      cell: ({ row }) => (
        <>
          {t(`records:category_name.${row.original.productType}`, { defaultValue: row.original.productType })}
          <small className="rebate__rate">{t('rewards:rate_of', { rate: percent(row.original.rate) })}</small>
        </>
      ),
    },
    {
      id: 'validBet',
      header: t('rewards:col_valid_bet'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.validBet),
    },
    {
      id: 'amount',
      header: t('rewards:col_rebate'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.amount),
    },
  ];
  const onClaim = () =>
    claim.mutate(undefined, {
      onSuccess: (r) => showToast(t('rewards:claimed', { amount: money(r.payment.amount) }), 'success'),
    });

  return (
    <div className="rebate">
      <section className="rebate__summary" aria-label={t('rewards:claimable')}>
        <div className="rebate__claimable">
          <span className="rebate__label">{t('rewards:claimable')}</span>
          <strong className="rebate__amount" data-testid="rebate-claimable">
            {money(data.claimable)}
          </strong>
          <span className="rebate__hint">
            {t('rewards:window', { from: data.from, to: data.to })} ·{' '}
            {t('rewards:min_payout', { amount: money(data.minPayout) })}
          </span>
        </div>
        <dl className="rebate__figures">
          <div>
            <dt>{t('rewards:accrued')}</dt>
            <dd>{money(data.accrued)}</dd>
          </div>
          <div>
            <dt>{t('rewards:paid')}</dt>
            <dd>{money(data.paid)}</dd>
          </div>
        </dl>
        <button
          type="button"
          className="button button--primary rebate__claim"
          disabled={data.claimable <= 0 || claim.isPending}
          onClick={onClaim}
        >
          {claim.isPending ? t('rewards:claiming') : t('rewards:claim')}
        </button>
        {claim.isError && (
          <p className="field__error rebate__error" role="alert">
            {errorText(claim.error)}
          </p>
        )}
      </section>
      {data.list.length === 0 ? (
        <EmptyState message={t('rewards:no_rates')} />
      ) : (
        <DataTable
          columns={columns}
          data={data.list}
          caption={t('rewards:products_caption')}
          rowKey={(r) => r.productType}
          busy={accrued.isFetching}
          testId="rebate-products"
        />
      )}
      <p className="rebate__note">{t('rewards:rule_text', { days: 7 })}</p>
      {data.lastPayment && (
        <p className="rebate__last">
          {t('rewards:last_payment', {
            amount: money(data.lastPayment.amount),
            time: dateTime(data.lastPayment.createdAt),
            kind: t(`rewards:kind.${data.lastPayment.kind}`),
          })}
        </p>
      )}
    </div>
  );
}
