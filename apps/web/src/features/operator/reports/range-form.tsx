import { OPS_REPORT_MAX_DAYS, opsReportRangeQuery } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../components/text-field';
import type { ReportRange } from './api';

const DAY_MS = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The last `days` UTC days, today included. */
export const lastDays = (days: number): ReportRange => ({
  from: isoDay(Date.now() - (days - 1) * DAY_MS),
  to: isoDay(Date.now()),
});

/** The contract's range, with the server's own rule: start not after end, at most 92 days. */
const rangeSchema = opsReportRangeQuery.refine(
  (r) => r.from <= r.to && (Date.parse(r.to) - Date.parse(r.from)) / DAY_MS + 1 <= OPS_REPORT_MAX_DAYS,
  { path: ['to'] },
);

const presets = [7, 30, 90] as const;

/** The report range: two UTC days, or a preset of the last 7, 30 or 90 days. */
export function RangeForm({ value, onChange }: { value: ReportRange; onChange(next: ReportRange): void }) {
  const { t } = useTranslation('operator');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReportRange>({ resolver: zodResolver(rangeSchema), values: value });
  const pick = (days: number) => {
    const next = lastDays(days);
    reset(next);
    onChange(next);
  };
  return (
    <form
      className="ops-report__range"
      noValidate
      aria-label={t('reports.range')}
      onSubmit={handleSubmit(onChange)}
    >
      <TextField label={t('reports.from')} type="date" {...register('from')} />
      <TextField
        label={t('reports.to')}
        type="date"
        error={
          errors.to || errors.from ? t('reports.range_invalid', { max: OPS_REPORT_MAX_DAYS }) : undefined
        }
        {...register('to')}
      />
      <button type="submit" className="button button--primary">
        {t('reports.show')}
      </button>
      <span className="ops-report__presets" role="group" aria-label={t('reports.presets')}>
        {presets.map((days) => (
          <button key={days} type="button" className="button button--small" onClick={() => pick(days)}>
            {t('reports.last_days', { count: days })}
          </button>
        ))}
      </span>
    </form>
  );
}
