import { brandCreateBodySchema } from '@arcadia/contract';
import { type LanguageCode, languageCatalogue } from '@arcadia/contract/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, type FieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useOpsBrandCreate } from './api';
import { Field, ReasonField, useIssueText } from './fields';
import { LanguagePicker } from './general-form';

/** A new brand (all-brand admins): code, name, currency and languages; the rest is edited after. */
export function CreateBrandForm({ onCreated }: { onCreated(code: string): void }) {
  const { t } = useTranslation('operator');
  const issue = useIssueText();
  const errorText = useApiErrorText();
  const create = useOpsBrandCreate();
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const [done, setDone] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(brandCreateBodySchema),
    defaultValues: {
      merchantCode: '',
      name: '',
      currency: 'USD',
      currencySymbol: '$',
      currencyScale: 2,
      defaultLanguage: 'EN' as LanguageCode,
      supportLanguages: ['EN'] as LanguageCode[],
      reason: '',
    },
  });
  const supported = useWatch({ control, name: 'supportLanguages' }) ?? [];
  const errors = formState.errors;

  const submit = handleSubmit((body) => {
    setDone(null);
    create.mutate(body, {
      onSuccess: (view) => {
        setDone(view.merchantCode);
        reset();
        onCreated(view.merchantCode);
      },
    });
  });

  return (
    <form className="form brand-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="brand-form__grid">
        <Field
          id={id('code')}
          label={t('brandPage.code')}
          hint={t('brandPage.code_hint')}
          error={issue(errors.merchantCode)}
          required
        >
          <input id={id('code')} className="field__input" autoComplete="off" {...register('merchantCode')} />
        </Field>
        <Field id={id('name')} label={t('brandPage.name')} error={issue(errors.name)} required>
          <input id={id('name')} className="field__input" {...register('name')} />
        </Field>
        <Field
          id={id('currency')}
          label={t('brandPage.currency')}
          hint="ISO 4217"
          error={issue(errors.currency)}
          required
        >
          <input id={id('currency')} className="field__input" maxLength={3} {...register('currency')} />
        </Field>
        <Field
          id={id('symbol')}
          label={t('brandPage.currency_symbol')}
          error={issue(errors.currencySymbol)}
          required
        >
          <input id={id('symbol')} className="field__input" maxLength={8} {...register('currencySymbol')} />
        </Field>
        <Field
          id={id('scale')}
          label={t('brandPage.currency_scale')}
          hint={t('brandPage.currency_scale_hint')}
          error={issue(errors.currencyScale)}
          required
        >
          <input
            id={id('scale')}
            type="number"
            min={0}
            max={4}
            className="field__input"
            {...register('currencyScale', { valueAsNumber: true })}
          />
        </Field>
        <Field
          id={id('default')}
          label={t('brandPage.default_language')}
          error={errors.defaultLanguage ? t('brandPage.default_not_supported') : undefined}
          required
        >
          <select id={id('default')} className="field__input" {...register('defaultLanguage')}>
            {supported.map((code) => (
              <option key={code} value={code}>
                {languageCatalogue[code].nativeName} ({code})
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field
        id={id('langs')}
        label={t('brandPage.support_languages')}
        error={issue(errors.supportLanguages as FieldError | undefined)}
      >
        <Controller
          control={control}
          name="supportLanguages"
          render={({ field }) => (
            <LanguagePicker id={id('langs')} value={field.value} onChange={field.onChange} />
          )}
        />
      </Field>
      <div className="brand-form__footer">
        <ReasonField id={id('reason')} error={issue(errors.reason)} inputProps={register('reason')} />
        {create.error && (
          <p className="form__error" role="alert">
            {errorText(create.error)}
          </p>
        )}
        {done && (
          <p className="ops-result" role="status">
            {t('brandPage.created', { code: done })}
          </p>
        )}
        <div className="ops-actions">
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? t('brandPage.saving') : t('brandPage.create')}
          </button>
        </div>
      </div>
    </form>
  );
}
