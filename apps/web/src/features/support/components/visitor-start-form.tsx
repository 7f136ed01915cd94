import { isSupportName, supportContactKind, supportLimits } from '@arcadia/contract/client';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';

interface Fields {
  name: string;
  contact: string;
}

/**
 * A visitor's way into the chat: a name and an email address or phone number, checked with the
 * contract's own rules (the server checks them again).
 */
export function VisitorStartForm({
  onStart,
  pending,
  error,
}: {
  onStart(fields: Fields): void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('support');
  const errorText = useApiErrorText();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Fields>({ defaultValues: { name: '', contact: '' }, mode: 'onTouched' });

  return (
    <form
      className="support-start"
      onSubmit={handleSubmit((f) => onStart({ name: f.name.trim(), contact: f.contact.trim() }))}
      noValidate
    >
      <h2 className="support-start__title">{t('start_title')}</h2>
      <p className="support-start__intro">{t('start_intro')}</p>
      <TextField
        label={t('name')}
        autoComplete="name"
        required
        maxLength={supportLimits.nameMaxChars}
        error={errors.name && t('name_invalid', { max: supportLimits.nameMaxChars })}
        {...register('name', { validate: (v) => isSupportName(v) })}
      />
      <TextField
        label={t('contact')}
        autoComplete="email"
        required
        maxLength={supportLimits.contactMaxChars}
        hint={t('contact_hint')}
        error={errors.contact && t('contact_invalid')}
        {...register('contact', { validate: (v) => supportContactKind(v) !== null })}
      />
      {error !== null && error !== undefined && (
        <p className="field__error" role="alert">
          {errorText(error)}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? t('loading') : t('start')}
      </button>
    </form>
  );
}
