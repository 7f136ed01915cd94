import { type BrandAdminView, type BrandTheme, brandLookBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { Field, ReasonField, useIssueText } from './fields';

const COLOURS = ['primary', 'accent', 'background', 'text'] as const;
const CS_TYPES = [
  'LIVECHAT',
  'EMAIL',
  'TELEGRAM',
  'WHATSAPP',
  'FACEBOOK',
  'LINE',
  'YOUTUBE',
  'PHONE',
] as const;

/** A small mock of the site in the chosen colours, so the choice is seen before it is saved. */
export function ThemePreview({
  theme,
  name,
  logoUrl,
}: {
  theme: BrandTheme;
  name: string;
  logoUrl: string | null;
}) {
  const { t } = useTranslation('operator');
  return (
    <div
      className="brand-preview"
      data-testid="theme-preview"
      style={{ background: theme.background, color: theme.text, borderColor: theme.primary }}
      aria-label={t('brandPage.preview')}
    >
      <div className="brand-preview__bar" style={{ borderBottomColor: theme.primary }}>
        {logoUrl ? (
          <img className="brand-preview__logo" src={logoUrl} alt="" />
        ) : (
          <span
            className="brand-preview__mark"
            style={{ background: theme.primary, color: theme.background }}
          >
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <strong>{name}</strong>
      </div>
      <p className="brand-preview__text">{t('brandPage.preview_text')}</p>
      <div className="brand-preview__buttons">
        <span
          className="brand-preview__button"
          style={{ background: theme.primary, color: theme.background }}
        >
          {t('brandPage.preview_deposit')}
        </span>
        <span className="brand-preview__button" style={{ borderColor: theme.accent, color: theme.accent }}>
          {t('brandPage.preview_play')}
        </span>
      </div>
    </div>
  );
}

/** Theme colours, logo and customer-service entries: what the content role may change. */
export function LookForm({
  view,
  mayEdit,
  saving,
  error,
  onSave,
  onLogo,
  logoSaving,
  logoError,
}: {
  view: BrandAdminView;
  mayEdit: boolean;
  saving: boolean;
  error?: string | null;
  onSave(body: unknown): Promise<unknown>;
  onLogo(file: File, reason: string): Promise<unknown>;
  logoSaving: boolean;
  logoError?: string | null;
}) {
  const { t } = useTranslation('operator');
  const issue = useIssueText();
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const fileRef = useRef<HTMLInputElement>(null);
  const [logoReason, setLogoReason] = useState('');
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const defaults = { theme: view.theme, customerService: view.customerService, reason: '' };
  const { register, control, handleSubmit, reset, setValue, formState } = useForm({
    resolver: zodResolver(brandLookBodySchema),
    defaultValues: defaults,
  });
  const cs = useFieldArray({ control, name: 'customerService' });
  const theme = (useWatch({ control, name: 'theme' }) ?? view.theme) as BrandTheme;
  const errors = formState.errors;

  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body);
      reset({ ...(body as typeof defaults), reason: '' });
    } catch {
      // shown from `error`
    }
  });

  const uploadLogo = async () => {
    const file = fileRef.current?.files?.[0];
    if (!file) return setLogoProblem(t('brandPage.logo_choose'));
    if (logoReason.trim().length < 3) return setLogoProblem(t('brandPage.reason_needed'));
    setLogoProblem(null);
    try {
      await onLogo(file, logoReason.trim());
      setLogoReason('');
      if (fileRef.current) fileRef.current.value = '';
    } catch {
      // shown from `logoError`
    }
  };

  const hexOk = (v: string | undefined) => /^#[0-9a-fA-F]{6}$/.test(v ?? '');

  return (
    <div className="brand-look">
      <form className="form brand-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="brand-form__set" disabled={!mayEdit || saving}>
          <legend className="field__label">{t('brandPage.theme')}</legend>
          <div className="brand-colours">
            {COLOURS.map((key) => (
              <Field
                key={key}
                id={id(key)}
                label={t(`brandPage.colour_${key}`)}
                error={issue(errors.theme?.[key])}
              >
                <div className="brand-colours__pair">
                  <input
                    type="color"
                    aria-label={t(`brandPage.colour_${key}`)}
                    className="brand-colours__swatch"
                    value={hexOk(theme[key]) ? theme[key] : '#000000'}
                    onChange={(e) =>
                      setValue(`theme.${key}`, e.target.value, { shouldDirty: true, shouldValidate: true })
                    }
                  />
                  <input
                    id={id(key)}
                    className="field__input brand-colours__hex"
                    {...register(`theme.${key}`)}
                  />
                </div>
              </Field>
            ))}
          </div>
          <ThemePreview
            theme={COLOURS.every((k) => hexOk(theme[k])) ? theme : view.theme}
            name={view.name}
            logoUrl={view.logoUrl}
          />
        </fieldset>
        <fieldset className="brand-form__set" disabled={!mayEdit || saving}>
          <legend className="field__label">{t('brandPage.customer_service')}</legend>
          {cs.fields.length === 0 && <p className="muted">{t('brandPage.cs_none')}</p>}
          <ul className="brand-cs">
            {cs.fields.map((entry, i) => (
              <li key={entry.id} className="brand-cs__row">
                <select
                  className="field__input"
                  aria-label={t('brandPage.cs_type')}
                  {...register(`customerService.${i}.csType`)}
                >
                  {[...new Set([...CS_TYPES, entry.csType])].map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
                <input
                  className="field__input"
                  aria-label={t('brandPage.cs_label')}
                  placeholder={t('brandPage.cs_label')}
                  {...register(`customerService.${i}.label`)}
                />
                <input
                  className="field__input"
                  aria-label={t('brandPage.cs_path')}
                  placeholder="https://… · mailto:… · /help"
                  aria-invalid={errors.customerService?.[i] ? true : undefined}
                  {...register(`customerService.${i}.path`)}
                />
                <button type="button" className="button button--small" onClick={() => cs.remove(i)}>
                  {t('brandPage.remove')}
                </button>
                {errors.customerService?.[i] && (
                  <p className="field__error brand-cs__error" role="alert">
                    {issue(
                      errors.customerService[i]?.path ??
                        errors.customerService[i]?.label ??
                        errors.customerService[i]?.csType,
                    )}
                  </p>
                )}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button--small"
            onClick={() => cs.append({ csType: 'LIVECHAT', label: '', path: '' })}
            disabled={cs.fields.length >= 20}
          >
            {t('brandPage.cs_add')}
          </button>
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
                {saving ? t('brandPage.saving') : t('brandPage.save_look')}
              </button>
            </div>
          </div>
        )}
      </form>
      {mayEdit && (
        <div className="form brand-logo">
          <Field id={id('logo')} label={t('brandPage.logo')} hint={t('brandPage.logo_hint')}>
            <input
              id={id('logo')}
              ref={fileRef}
              type="file"
              className="field__input"
              accept="image/png,image/jpeg,image/webp"
              data-testid="logo-file"
            />
          </Field>
          <ReasonField
            id={id('logoReason')}
            error={undefined}
            inputProps={{ value: logoReason, onChange: (e) => setLogoReason(e.target.value) }}
          />
          {(logoProblem || logoError) && (
            <p className="form__error" role="alert">
              {logoProblem ?? logoError}
            </p>
          )}
          <div className="ops-actions">
            <button type="button" className="button" disabled={logoSaving} onClick={() => void uploadLogo()}>
              {logoSaving ? t('brandPage.saving') : t('brandPage.logo_upload')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
