import { type RegisterRules, checkRegisterField } from '@arcadia/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useSessionStore } from '../../../lib/session-store';
import { useChangePassword } from '../api/account';
import { flushPendingFirstLogin } from '../api/session';
import { useServerFieldErrors } from '../hooks/use-field-errors';
import { ruleMessage } from '../lib/rule-message';

type Field = 'oldPassword' | 'newPassword' | 'confirmNewPassword';

/**
 * Change password (spec §5): the old password unless the session already proved it (a temporary
 * password the login said must change), the new one checked with the brand's password rule, and
 * a matching confirmation. Success reloads member info; the caller closes and navigates.
 */
export function ChangePasswordForm({ rules, onChanged }: { rules: RegisterRules; onChanged(): void }) {
  const { t } = useTranslation('auth');
  const errorText = useApiErrorText();
  const serverFieldErrors = useServerFieldErrors(rules);
  const queryClient = useQueryClient();
  const passwordChange = useSessionStore((s) => s.passwordChange);
  const setPasswordChange = useSessionStore((s) => s.setPasswordChange);
  const change = useChangePassword();
  const askOld = passwordChange !== 'temporary';
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const reason = checkRegisterField({ ...rules.password, required: true }, values.newPassword);
    const next: Partial<Record<Field, string>> = {
      oldPassword: askOld && !values.oldPassword ? t('field_required') : undefined,
      newPassword: reason ? ruleMessage(t, rules.password, reason) : undefined,
      confirmNewPassword: !values.confirmNewPassword
        ? t('field_required')
        : values.confirmNewPassword === values.newPassword
          ? undefined
          : t('inconsistent_twice'),
    };
    setErrors(next);
    setError(undefined);
    if (Object.values(next).some(Boolean)) return;
    change.mutate(
      {
        ...(askOld ? { oldPassword: values.oldPassword } : {}),
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      },
      {
        onSuccess: async () => {
          setPasswordChange('none');
          flushPendingFirstLogin();
          await queryClient.invalidateQueries({ queryKey: ['member'] });
          onChanged();
        },
        onError: (err) => {
          setErrors(serverFieldErrors(err));
          setError(errorText(err));
        },
      },
    );
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      value={values[name]}
      error={errors[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );

  return (
    <form className="form" onSubmit={submit} noValidate>
      {passwordChange !== 'none' && <p className="form__notice">{t('password_change_forced')}</p>}
      {askOld && field('oldPassword', t('old_password'), 'current-password')}
      {field('newPassword', t('new_password'), 'new-password')}
      {field('confirmNewPassword', t('confirm_password'), 'new-password')}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={change.isPending}>
        {t('submit')}
      </button>
    </form>
  );
}
