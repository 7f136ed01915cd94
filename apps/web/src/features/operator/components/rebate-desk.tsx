import { type OpsRebateRunBody, opsRebateRunBodySchema, rebateProductTypes } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import type { OpsBrand } from '../api/operator';
import { type OpsRebateSummary, useOpsRebateRun, useOpsRebateSummary } from '../api/rebate';

type Day = OpsRebateSummary['days'][number];

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/**
 * Rebates (docs/rewards.md) for finance and admins: the brand's rates, the rebate members have
 * earned and not been paid (the liability), today's manual claims, the days the daily job settled,
 * and running a closed day now (idempotent, audited with its reason).
 */
export function RebateDesk({ brand, mayRun }: { brand: OpsBrand; mayRun: boolean }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const summary = useOpsRebateSummary(brand.code);
  const run = useOpsRebateRun(brand.code);
  const money = (v: number) => `${v.toFixed(brand.currencyScale)} ${brand.currency}`;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<OpsRebateRunBody>({
    resolver: zodResolver(opsRebateRunBodySchema),
    defaultValues: { day: yesterday(), reason: '' },
  });
  const columns: DataColumn<Day>[] = [
    { id: 'day', header: t('rebate_day'), cell: ({ row }) => row.original.day },
    {
      id: 'payments',
      header: t('rebate_payments'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.payments,
    },
    {
      id: 'amount',
      header: t('rebate_amount'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.amount),
    },
    {
      id: 'settledAt',
      header: t('rebate_settled_at'),
      cell: ({ row }) => new Date(row.original.settledAt).toLocaleString(),
    },
  ];
  const data = summary.data;
  return (
    <section className="ops-card ops-rebate" aria-labelledby="ops-rebate-title">
      <header className="ops-card__header">
        <h2 id="ops-rebate-title">{t('rebate_title')}</h2>
        {data && (
          <span className={`status-pill status-pill--${data.settings.enabled ? 'ok' : 'muted'}`}>
            {data.settings.enabled ? t('rebate_on') : t('rebate_off')}
          </span>
        )}
      </header>
      {summary.error && (
        <p className="form__error" role="alert">
          {errorText(summary.error)}
        </p>
      )}
      {data && (
        <>
          <dl className="ops-rebate__figures">
            <div>
              <dt>{t('rebate_outstanding')}</dt>
              <dd data-testid="rebate-outstanding">{money(data.outstanding)}</dd>
            </div>
            <div>
              <dt>{t('rebate_manual_today')}</dt>
              <dd>{money(data.manualToday)}</dd>
            </div>
            <div>
              <dt>{t('rebate_min_payout')}</dt>
              <dd>{money(data.settings.minPayout)}</dd>
            </div>
          </dl>
          <p className="ops-rebate__rates">
            {rebateProductTypes
              .filter((type) => data.settings.rates[type])
              .map((type) => `${type} ${(data.settings.rates[type]! * 100).toFixed(2)} %`)
              .join(' · ') || t('rebate_no_rates')}
          </p>
          {data.days.length === 0 ? (
            <EmptyState message={t('rebate_no_days')} />
          ) : (
            <DataTable
              columns={columns}
              data={data.days}
              caption={t('rebate_days_caption')}
              rowKey={(d) => d.day}
              testId="rebate-days"
            />
          )}
        </>
      )}
      {mayRun && (
        <form
          className="ops-rebate__form"
          noValidate
          aria-label={t('rebate_run_title')}
          onSubmit={handleSubmit((body) =>
            run.mutate(body, { onSuccess: () => reset({ day: body.day, reason: '' }) }),
          )}
        >
          <TextField
            label={t('rebate_day')}
            type="date"
            max={yesterday()}
            error={errors.day ? t('rebate_day_invalid') : undefined}
            {...register('day')}
          />
          <TextField
            label={t('reason')}
            required
            error={errors.reason ? t('reason_length', { min: 3, max: 500 }) : undefined}
            {...register('reason')}
          />
          <button type="submit" className="button button--primary" disabled={run.isPending}>
            {t('rebate_run')}
          </button>
          {run.error && (
            <p className="form__error" role="alert">
              {errorText(run.error)}
            </p>
          )}
          {run.data && (
            <p role="status" className="ops-rebate__done">
              {t('rebate_run_done', {
                day: run.data.day,
                payments: run.data.payments,
                amount: money(run.data.amount),
              })}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
