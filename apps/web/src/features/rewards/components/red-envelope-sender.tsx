import { redEnvelopeSendBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import { type SentEnvelope, useSendEnvelope, useSentEnvelopesQuery } from '../api/red-envelopes';
import { useRewardFormat } from '../hooks/use-reward-format';
import '../rewards.css';

const fields = redEnvelopeSendBodySchema.omit({ requestId: true });
const statusTone = { open: 'pending', empty: 'ok', expired: 'muted' } as const;

/**
 * The agent's red envelopes (`agentRedRain`, AGENTRANSMULTDOWN3): send one to the direct downlines
 * or the whole team — equal or lucky shares, paid from the agent's wallet at once — and follow how
 * much of each was grabbed; what is left at expiry comes back.
 */
export function RedEnvelopeSender() {
  const { t } = useTranslation('rewards');
  const { money, dateTime } = useRewardFormat();
  const errorText = useApiErrorText();
  const send = useSendEnvelope();
  const sent = useSentEnvelopesQuery();
  // One request id per envelope being written: a double click sends it once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(fields),
    defaultValues: {
      total: 100,
      count: 10,
      split: 'lucky' as const,
      target: 'direct' as const,
      message: '',
      expiresInHours: 24,
    },
  });
  const columns: DataColumn<SentEnvelope>[] = [
    { id: 'time', header: t('col_time'), cell: ({ row }) => dateTime(row.original.createdAt) },
    {
      id: 'to',
      header: t('envelope_to'),
      cell: ({ row }) =>
        `${t(`envelope_target.${row.original.target}`)} · ${t(`envelope_split.${row.original.split}`)}`,
    },
    {
      id: 'total',
      header: t('envelope_total'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.total),
    },
    {
      id: 'grabbed',
      header: t('envelope_grabbed'),
      meta: { numeric: true },
      cell: ({ row }) =>
        `${row.original.grabbed}/${row.original.count} · ${money(row.original.grabbedAmount)}`,
    },
    {
      id: 'status',
      header: t('col_status'),
      cell: ({ row }) => (
        <span className={`status-pill status-pill--${statusTone[row.original.status]}`}>
          {t(`envelope_status.${row.original.status}`)}
        </span>
      ),
    },
  ];
  return (
    <div className="envelope">
      <form
        className="envelope__form"
        noValidate
        aria-label={t('envelope_send_title')}
        onSubmit={handleSubmit((v) =>
          send.mutate(
            { ...v, requestId },
            {
              onSuccess: (r) => {
                showToast(
                  t('envelope_sent', { amount: money(r.envelope.total), count: r.envelope.count }),
                  'success',
                );
                reset();
                setRequestId(crypto.randomUUID());
              },
            },
          ),
        )}
      >
        <TextField
          label={t('envelope_total')}
          type="number"
          step="0.01"
          error={errors.total ? t('envelope_total_invalid') : undefined}
          {...register('total', { valueAsNumber: true })}
        />
        <TextField
          label={t('envelope_count')}
          type="number"
          error={errors.count ? t('quantity_invalid') : undefined}
          {...register('count', { valueAsNumber: true })}
        />
        <fieldset className="envelope__choice">
          <legend>{t('envelope_split_label')}</legend>
          {(['lucky', 'equal'] as const).map((v) => (
            <label key={v}>
              <input type="radio" value={v} {...register('split')} /> {t(`envelope_split.${v}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="envelope__choice">
          <legend>{t('envelope_to')}</legend>
          {(['direct', 'team'] as const).map((v) => (
            <label key={v}>
              <input type="radio" value={v} {...register('target')} /> {t(`envelope_target.${v}`)}
            </label>
          ))}
        </fieldset>
        <TextField label={t('envelope_message')} maxLength={60} {...register('message')} />
        <label className="field">
          <span className="field__label">{t('envelope_expires')}</span>
          <select className="field__input" {...register('expiresInHours', { valueAsNumber: true })}>
            {[1, 6, 24, 72].map((h) => (
              <option key={h} value={h}>
                {t('envelope_hours', { count: h })}
              </option>
            ))}
          </select>
        </label>
        {send.error && (
          <p className="field__error envelope__error" role="alert">
            {errorText(send.error)}
          </p>
        )}
        <button type="submit" className="button button--primary envelope__send" disabled={send.isPending}>
          {t('envelope_send')}
        </button>
      </form>
      {sent.data && sent.data.list.length === 0 ? (
        <EmptyState message={t('envelope_none')} />
      ) : (
        <DataTable
          columns={columns}
          data={sent.data?.list ?? []}
          caption={t('envelope_sent_caption')}
          rowKey={(e) => e.id}
          testId="envelopes-sent"
        />
      )}
    </div>
  );
}
