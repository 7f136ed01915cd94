import { type BrandAdminView, brandUpdateBodySchema } from '@arcadia/contract';
import { type LanguageCode, languageCatalogue, languageCodes } from '@arcadia/contract/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, type FieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { Field, ReasonField, splitList, useIssueText } from './fields';

/** Languages as a grid of checkboxes (the brand's supported languages). */
export function LanguagePicker({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: readonly string[];
  onChange(next: LanguageCode[]): void;
  disabled?: boolean;
}) {
  return (
    <div id={id} className="brand-langs" role="group">
      {languageCodes.map((code) => (
        <label key={code} className="brand-langs__item">
          <input
            type="checkbox"
            checked={value.includes(code)}
            disabled={disabled}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? languageCodes.filter((c) => c === code || value.includes(c))
                  : (value.filter((c) => c !== code) as LanguageCode[]),
              )
            }
          />
          <span>
            {languageCatalogue[code].nativeName} <code>{code}</code>
          </span>
        </label>
      ))}
    </div>
  );
}

/** The first problem of a list field (the array's own, or its first bad entry's). */
const listError = (error: unknown): FieldError | undefined => {
  if (!error) return undefined;
  if (Array.isArray(error)) return error.find(Boolean) as FieldError | undefined;
  return error as FieldError;
};

const LISTS = ['domains', 'imageCDNs', 'launchGameCDNs', 'esportGames', 'cockfightGames'] as const;
const MODES = ['ModeLott', 'ModeZy', 'ModeElott', 'ModeSea'] as const;

/** The admin's general settings: name, languages, domains, CDNs, analytics, prize modes, game lists. */
export function GeneralForm({
  view,
  mayEdit,
  saving,
  error,
  onSave,
}: {
  view: BrandAdminView;
  mayEdit: boolean;
  saving: boolean;
  error?: string | null;
  onSave(body: unknown): Promise<unknown>;
}) {
  const { t } = useTranslation('operator');
  const issue = useIssueText();
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const defaults = {
    name: view.name,
    defaultLanguage: view.defaultLanguage,
    supportLanguages: view.supportLanguages,
    domains: view.domains,
    mainDomain: view.mainDomain || undefined,
    imageCDNs: view.imageCDNs,
    launchGameCDNs: view.launchGameCDNs,
    gtagId: view.gtagId,
    prizeModes: view.prizeModes,
    esportGames: view.esportGames,
    cockfightGames: view.cockfightGames,
    reason: '',
  };
  const { register, control, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(brandUpdateBodySchema),
    defaultValues: defaults,
  });
  const errors = formState.errors;
  const supported = useWatch({ control, name: 'supportLanguages' }) ?? [];
  const domains = useWatch({ control, name: 'domains' }) ?? [];

  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body);
      reset({ ...body, reason: '' } as typeof defaults);
    } catch {
      // shown from `error`
    }
  });

  const described = (name: string, err: unknown) => (err ? `${id(name)}-error` : undefined);

  return (
    <form className="form brand-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="brand-form__set" disabled={!mayEdit || saving}>
        <div className="brand-form__grid">
          <Field id={id('name')} label={t('brandPage.name')} error={issue(errors.name)} required>
            <input
              id={id('name')}
              className="field__input"
              aria-describedby={described('name', errors.name)}
              {...register('name')}
            />
          </Field>
          <Field
            id={id('defaultLanguage')}
            label={t('brandPage.default_language')}
            error={errors.defaultLanguage ? t('brandPage.default_not_supported') : undefined}
            required
          >
            <select id={id('defaultLanguage')} className="field__input" {...register('defaultLanguage')}>
              {supported.map((code) => (
                <option key={code} value={code}>
                  {languageCatalogue[code as LanguageCode].nativeName} ({code})
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field
          id={id('supportLanguages')}
          label={t('brandPage.support_languages')}
          error={issue(errors.supportLanguages as FieldError | undefined)}
        >
          <Controller
            control={control}
            name="supportLanguages"
            render={({ field }) => (
              <LanguagePicker
                id={id('supportLanguages')}
                value={field.value ?? []}
                onChange={field.onChange}
              />
            )}
          />
        </Field>
        <div className="brand-form__grid">
          {LISTS.map((name) => (
            <Field
              key={name}
              id={id(name)}
              label={t(`brandPage.${name}`)}
              hint={t(`brandPage.${name}_hint`)}
              error={issue(listError(errors[name]))}
            >
              <Controller
                control={control}
                name={name}
                render={({ field }) => (
                  <textarea
                    id={id(name)}
                    className="field__input brand-form__list"
                    rows={3}
                    spellCheck={false}
                    defaultValue={(field.value ?? []).join('\n')}
                    onBlur={field.onBlur}
                    onChange={(e) => field.onChange(splitList(e.target.value))}
                  />
                )}
              />
            </Field>
          ))}
          <Field
            id={id('mainDomain')}
            label={t('brandPage.mainDomain')}
            error={errors.mainDomain ? t('brandPage.main_not_listed') : undefined}
          >
            <select
              id={id('mainDomain')}
              className="field__input"
              {...register('mainDomain', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
            >
              <option value="">{t('brandPage.none')}</option>
              {domains.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={id('gtagId')}
            label={t('brandPage.gtagId')}
            hint="G-XXXXXXX"
            error={issue(errors.gtagId)}
          >
            <input
              id={id('gtagId')}
              className="field__input"
              {...register('gtagId', { setValueAs: (v: string | null) => (v ? v.trim() : null) })}
            />
          </Field>
        </div>
        <fieldset className="brand-form__modes">
          <legend className="field__label">{t('brandPage.prize_modes')}</legend>
          {MODES.map((mode) => (
            <Field
              key={mode}
              id={id(mode)}
              label={t(`brandPage.${mode}`)}
              error={issue(errors.prizeModes?.[mode])}
            >
              <input id={id(mode)} className="field__input" {...register(`prizeModes.${mode}`)} />
            </Field>
          ))}
        </fieldset>
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
              {saving ? t('brandPage.saving') : t('brandPage.save_general')}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
