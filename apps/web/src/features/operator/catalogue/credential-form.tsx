import { vendorCredentialBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { z } from 'zod';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type OpsVendor, useSetCredential } from './api';

type FormValues = z.input<typeof vendorCredentialBodySchema>;

/**
 * A studio's API credential: the form never shows what is stored, only whether one is set; typing
 * a new value replaces it (admins only).
 */
export function CredentialForm({
  code,
  vendor,
  onDone,
}: {
  code: string;
  vendor: OpsVendor;
  onDone(): void;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const save = useSetCredential(code);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(vendorCredentialBodySchema),
    defaultValues: { credential: '', reason: '' },
  });
  return (
    <form
      className="content-form catalogue-credential"
      noValidate
      aria-label={t('catalogue.credential_for', { name: vendor.displayName })}
      onSubmit={handleSubmit((body) =>
        save.mutate({ vassalage: vendor.vassalage, body }, { onSuccess: onDone }),
      )}
    >
      <h3>{t('catalogue.credential_for', { name: vendor.displayName })}</h3>
      <p className="muted">
        {vendor.credentialSet ? t('catalogue.credential_set_note') : t('catalogue.credential_missing_note')}
      </p>
      <div className="content-form__grid">
        <TextField
          label={vendor.credentialSet ? t('catalogue.credential_new') : t('catalogue.credential')}
          type="password"
          autoComplete="new-password"
          required
          error={errors.credential ? t('catalogue.credential_invalid') : undefined}
          {...register('credential')}
        />
        <TextField
          label={t('catalogue.reason')}
          required
          error={errors.reason ? t('catalogue.reason_required') : undefined}
          {...register('reason')}
        />
      </div>
      <div className="content-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {vendor.credentialSet ? t('catalogue.replace') : t('catalogue.set')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('catalogue.cancel')}
        </button>
      </div>
      {save.error && (
        <p className="form__error" role="alert">
          {errorText(save.error)}
        </p>
      )}
    </form>
  );
}
