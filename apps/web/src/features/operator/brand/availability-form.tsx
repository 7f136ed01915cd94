import { type BrandAdminView, brandAvailabilityBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { Field, ReasonField, splitList, useIssueText } from './fields';

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as a `datetime-local` value in the operator's time zone. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Maintenance and region block (spec §4 "System status"): the message and expected end players
 * see, the IP ranges that see the region-block screen. Saved with a reason; every instance and
 * every open site follow at once.
 */
export function AvailabilityForm({
  availability,
  mayEdit,
  saving,
  error,
  onSave,
}: {
  availability: BrandAdminView['availability'];
  mayEdit: boolean;
  saving: boolean;
  error?: string | null;
  onSave(body: unknown): Promise<unknown>;
}) {
  const { t } = useTranslation('operator');
  const issue = useIssueText();
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const defaults = { ...availability, reason: '' };
  const { register, control, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(brandAvailabilityBodySchema),
    defaultValues: defaults,
  });
  const maintenance = useWatch({ control, name: 'maintenance.enabled' });
  const block = useWatch({ control, name: 'regionBlock.enabled' });
  const errors = formState.errors;

  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body);
      reset({ ...(body as typeof defaults), reason: '' });
    } catch {
      // shown from `error`
    }
  });

  return (
    <form className="form brand-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="brand-form__set" disabled={!mayEdit || saving}>
        <div className="brand-avail">
          <section className={`brand-avail__box${maintenance ? ' brand-avail__box--on' : ''}`}>
            <label className="brand-avail__switch">
              <input type="checkbox" data-testid="maintenance-on" {...register('maintenance.enabled')} />
              <strong>{t('brandPage.maintenance')}</strong>
              <span className={`ops-role brand-avail__state${maintenance ? ' brand-avail__state--on' : ''}`}>
                {maintenance ? t('brandPage.on') : t('brandPage.off')}
              </span>
            </label>
            <Field
              id={id('message')}
              label={t('brandPage.maintenance_message')}
              error={issue(errors.maintenance?.message)}
            >
              <textarea
                id={id('message')}
                className="field__input"
                rows={3}
                maxLength={2000}
                {...register('maintenance.message', { setValueAs: (v: string | null) => (v ? v : null) })}
              />
            </Field>
            <Field
              id={id('endTime')}
              label={t('brandPage.maintenance_end')}
              error={errors.maintenance?.endTime ? t('brandPage.invalid_plain') : undefined}
            >
              <Controller
                control={control}
                name="maintenance.endTime"
                render={({ field }) => (
                  <input
                    id={id('endTime')}
                    type="datetime-local"
                    className="field__input"
                    value={toLocalInput(field.value)}
                    onBlur={field.onBlur}
                    onChange={(e) =>
                      field.onChange(e.target.value ? new Date(e.target.value).toISOString() : null)
                    }
                  />
                )}
              />
            </Field>
          </section>
          <section className={`brand-avail__box${block ? ' brand-avail__box--on' : ''}`}>
            <label className="brand-avail__switch">
              <input type="checkbox" data-testid="region-on" {...register('regionBlock.enabled')} />
              <strong>{t('brandPage.region_block')}</strong>
              <span className={`ops-role brand-avail__state${block ? ' brand-avail__state--on' : ''}`}>
                {block ? t('brandPage.on') : t('brandPage.off')}
              </span>
            </label>
            <Field
              id={id('ranges')}
              label={t('brandPage.blocked_ranges')}
              hint={t('brandPage.blocked_ranges_hint')}
              error={errors.regionBlock?.blockedRanges ? t('brandPage.ranges_invalid') : undefined}
            >
              <Controller
                control={control}
                name="regionBlock.blockedRanges"
                render={({ field }) => (
                  <textarea
                    id={id('ranges')}
                    className="field__input brand-form__list"
                    rows={4}
                    spellCheck={false}
                    defaultValue={(field.value ?? []).join('\n')}
                    onBlur={field.onBlur}
                    onChange={(e) => field.onChange(splitList(e.target.value))}
                  />
                )}
              />
            </Field>
          </section>
        </div>
      </fieldset>
      {mayEdit && (
        <div className="brand-form__footer">
          <ReasonField id={id('reason')} error={issue(errors.reason)} inputProps={register('reason')} />
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <div className="ops-actions">
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? t('brandPage.saving') : t('brandPage.save_availability')}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
