import { INBOX_TITLE_MAX, type OpsInboxSendBody, opsInboxSendBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, type FieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/modal';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useOpsInboxSend } from '../api/inbox';
import type { OpsBrand } from '../api/operator';
import { useOpsFormat } from '../lib/format';
import '../inbox.css';

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as a `datetime-local` value in the operator's time zone. */
function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A `datetime-local` value (the operator's time zone) as the wire's ISO time; '' when empty. */
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');
/** The server refuses a time that has passed by the time it arrives; say so before sending. */
const hasPassed = (iso: string) => new Date(iso).getTime() <= Date.now();

function Field({
  id,
  label,
  error,
  hint,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Compose an in-site message (docs/inbox.md): to one member, an agent's team or the whole brand,
 * now or at a chosen time. The form validates with the contract's body schema; a brand-wide
 * message asks for confirmation first. Every send lands in the audit log (server side).
 */
export function InboxComposer({ brand }: { brand: OpsBrand }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const fmt = useOpsFormat(brand);
  const send = useOpsInboxSend(brand.code);
  const [confirming, setConfirming] = useState<OpsInboxSendBody | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [schedule, setSchedule] = useState(false);
  const ids = {
    target: useId(),
    account: useId(),
    title: useId(),
    content: useId(),
    schedule: useId(),
    sendAt: useId(),
  };
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(opsInboxSendBodySchema),
    defaultValues: { target: 'member', title: '', content: '' },
    // Fields that are not shown (the account of a brand-wide message, an unscheduled time) are not sent.
    shouldUnregister: true,
  });
  const target = useWatch({ control, name: 'target' });

  const message = (field: 'account' | 'title' | 'content' | 'sendAt', error: FieldError | undefined) => {
    if (!error) return undefined;
    if (field === 'sendAt') return t('inbox.invalid_time');
    return error.type === 'too_big' ? t('inbox.too_long') : t('required');
  };

  const deliver = (body: OpsInboxSendBody) => {
    send.mutate(body, {
      onSuccess: (sent) => {
        setResult(
          sent.status === 'scheduled'
            ? t('inbox.scheduled_result', { time: fmt.time(sent.sendAt) })
            : t('inbox.sent_result', { count: sent.recipientCount ?? 0 }),
        );
        setSchedule(false);
        reset({ target: body.target, account: '', title: '', content: '' });
      },
    });
  };

  const submit = handleSubmit((body) => {
    setResult(null);
    send.reset();
    if (body.sendAt && hasPassed(body.sendAt)) {
      setError('sendAt', { type: 'custom' });
      return;
    }
    if (body.target === 'brand') setConfirming(body);
    else deliver(body);
  });

  const described = (id: string, error: unknown, hint = false) =>
    error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const accountError = message('account', errors.account);
  const titleError = message('title', errors.title);
  const contentError = message('content', errors.content);
  const sendAtError = message('sendAt', errors.sendAt);

  return (
    <section className="ops-card" aria-labelledby="ops-inbox-compose-title">
      <header className="ops-card__header">
        <h2 id="ops-inbox-compose-title">{t('inbox.compose')}</h2>
      </header>
      <form className="form ops-inbox-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted ops-inbox-form__hint">{t('inbox.compose_hint')}</p>
        <Field id={ids.target} label={t('inbox.target')} hint={t('inbox.vip_note')}>
          <select
            id={ids.target}
            className="field__input"
            aria-describedby={`${ids.target}-hint`}
            {...register('target')}
          >
            <option value="member">{t('inbox.target_member')}</option>
            <option value="team">{t('inbox.target_team')}</option>
            <option value="brand">{t('inbox.target_brand')}</option>
          </select>
        </Field>
        {target !== 'brand' && (
          <Field
            id={ids.account}
            label={target === 'team' ? t('inbox.agent_account') : t('inbox.member_account')}
            error={accountError}
            required
          >
            <input
              id={ids.account}
              className="field__input"
              autoComplete="off"
              aria-invalid={accountError ? true : undefined}
              aria-describedby={described(ids.account, accountError)}
              {...register('account')}
            />
          </Field>
        )}
        <Field id={ids.title} label={t('inbox.title')} error={titleError} required>
          <input
            id={ids.title}
            className="field__input"
            autoComplete="off"
            maxLength={INBOX_TITLE_MAX}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={described(ids.title, titleError)}
            {...register('title')}
          />
        </Field>
        <Field id={ids.content} label={t('inbox.content')} error={contentError} required>
          <textarea
            id={ids.content}
            className="field__input ops-textarea ops-inbox-form__content"
            rows={6}
            aria-invalid={contentError ? true : undefined}
            aria-describedby={described(ids.content, contentError)}
            {...register('content')}
          />
        </Field>
        <label className="ops-inbox-form__check" htmlFor={ids.schedule}>
          <input
            id={ids.schedule}
            type="checkbox"
            checked={schedule}
            onChange={(e) => setSchedule(e.target.checked)}
          />
          {t('inbox.schedule')}
        </label>
        {schedule && (
          <Field
            id={ids.sendAt}
            label={t('inbox.send_at')}
            error={sendAtError}
            hint={t('inbox.send_at_hint')}
            required
          >
            <Controller
              control={control}
              name="sendAt"
              render={({ field }) => (
                <input
                  id={ids.sendAt}
                  type="datetime-local"
                  className="field__input"
                  aria-invalid={sendAtError ? true : undefined}
                  aria-describedby={described(ids.sendAt, sendAtError, true)}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={toLocalInput(field.value)}
                  onChange={(e) => field.onChange(fromLocalInput(e.target.value) || undefined)}
                />
              )}
            />
          </Field>
        )}
        {send.error && (
          <p className="form__error" role="alert">
            {errorText(send.error)}
          </p>
        )}
        {result && (
          <p className="ops-result" role="status">
            {result}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          {schedule ? t('inbox.schedule_send') : t('inbox.send')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={t('inbox.confirm_brand')}
        message={t('inbox.confirm_brand_text', { title: confirming?.title ?? '', brand: brand.name })}
        confirmLabel={t('inbox.send')}
        cancelLabel={t('inbox.cancel')}
        onConfirm={() => {
          if (confirming) deliver(confirming);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
