import type { RegisterRules } from '@arcadia/contract/client';
import { useState } from 'react';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useWhitelabel } from '../../../lib/permission';
import {
  type RegisterInput,
  useAffiliateCheck,
  useCountriesQuery,
  useRegister,
  useSendSmsCode,
} from '../api/account';
import { useCaptcha, useCompleteLogin } from '../api/session';
import { useServerFieldErrors } from '../hooks/use-field-errors';
import { storedInvitationCodes } from '../lib/invitation';
import { type RegisterMode, RegisterForm } from './register-form';

interface RegisterPanelProps {
  rules: RegisterRules;
  modes: RegisterMode[];
  ageLimit: number;
  onLogin?: () => void;
  /** Registered and logged in (`login: true`); the caller closes the modal and goes home. */
  onRegistered(outcome: { forcePasswordChange: boolean }): void;
}

/**
 * Registration (spec §3, §4, §7): `register` in username mode, `registerMobile` in mobile mode,
 * with the fields the original always added (registration URL, domain, method WEB, stored
 * invitation codes, `login: true`). Server field errors land on their fields.
 */
export function RegisterPanel({ rules, modes, ageLimit, onLogin, onRegistered }: RegisterPanelProps) {
  const wl = useWhitelabel();
  const errorText = useApiErrorText();
  const fieldErrors = useServerFieldErrors(rules);
  const register = useRegister();
  const sendSms = useSendSmsCode('register');
  const affiliate = useAffiliateCheck();
  const complete = useCompleteLogin();
  const needsCountries = modes.includes('mobile') || !!rules.mobileNum?.enabled;
  const countries = useCountriesQuery(needsCountries);
  const captchaOn = !!rules.captcha?.enabled && !!wl.CAPTCHA3;
  const captcha = useCaptcha(captchaOn);
  const [codes] = useState(storedInvitationCodes);
  const [error, setError] = useState<string>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [completing, setCompleting] = useState(false);

  const submit = (mode: RegisterMode, values: Record<string, string>) => {
    setError(undefined);
    setServerErrors({});
    const body: RegisterInput = {
      ...(values as Partial<RegisterInput>),
      password: values.password ?? '',
      confirmPassword: values.confirmPassword ?? '',
      affiliateCode: values.affiliateCode || codes.affiliateCode || undefined,
      referralCode: codes.referralCode || undefined,
      registerUrl: location.href.slice(0, 2000),
      domain: location.hostname,
      registerMethod: 'WEB',
      login: true,
    };
    if (mode === 'mobile') delete body.username;
    register.mutate(
      { mode, body },
      {
        onSuccess: async (reply) => {
          setCompleting(true);
          try {
            onRegistered(await complete(reply, 'register'));
          } finally {
            setCompleting(false);
          }
        },
        onError: (err) => {
          // The image was spent on this attempt.
          if (captchaOn) void captcha.refetch();
          setServerErrors(fieldErrors(err));
          // Field errors show on their fields; the summary names the kind of failure as well.
          setError(errorText(err));
        },
      },
    );
  };

  const sendCode = async (mode: RegisterMode, countryDialingCode: string, mobileNum: string) => {
    setError(undefined);
    try {
      return (await sendSms.mutateAsync({ countryDialingCode, mobileNum, regType: mode })).expiredMinutes;
    } catch (err) {
      setServerErrors(fieldErrors(err));
      setError(errorText(err));
      return null;
    }
  };

  return (
    <RegisterForm
      rules={rules}
      modes={modes}
      ageLimit={ageLimit}
      onSubmit={submit}
      onLogin={onLogin}
      submitting={register.isPending || completing}
      error={error}
      countries={countries.data ?? []}
      smsVerification={!!wl.REGMOBVERF3}
      onSendCode={sendCode}
      onAffiliateCheck={(code) => affiliate.mutateAsync(code)}
      serverErrors={serverErrors}
      captcha={captchaOn ? { image: captcha.data, onRefresh: () => void captcha.refetch() } : undefined}
      initialValues={codes.affiliateCode ? { affiliateCode: codes.affiliateCode } : undefined}
    />
  );
}
