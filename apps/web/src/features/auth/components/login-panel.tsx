import type { LoginReply } from '@arcadia/contract';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useWhitelabel } from '../../../lib/permission';
import { useSendSmsCode, useCountriesQuery } from '../api/account';
import {
  type LoginInput,
  type LoginKind,
  useCaptcha,
  useCompleteLogin,
  useFreePlay,
  useLogin,
} from '../api/session';
import { readRemembered, remember } from '../lib/remember';
import { LoginForm, type LoginFormValues } from './login-form';
import { type LoginChallenge, LoginVerifyStep } from './login-verify-step';

export interface LoginOutcome {
  forcePasswordChange: boolean;
}

interface LoginPanelProps {
  /** The agent login page: `agent: true`, no SMS tab and no free trial. */
  agent?: boolean;
  accountLabel?: string;
  notice?: string | undefined;
  onRegister?: () => void;
  onForgot?: () => void;
  /** The session is stored and member info loaded; the caller closes, navigates or forces a change. */
  onLoggedIn(outcome: LoginOutcome): void;
}

function challengeOf(err: unknown): LoginChallenge | null {
  if (!(err instanceof ApiError) || err.code !== 'login_verify_required') return null;
  const { verifyToken, methods } = err.value ?? {};
  if (typeof verifyToken !== 'string') return null;
  const known = (Array.isArray(methods) ? methods : []).filter(
    (m): m is 'SMS' | 'EMAIL' => m === 'SMS' || m === 'EMAIL',
  );
  return { verifyToken, methods: known.length ? known : ['SMS'] };
}

const wantsCaptcha = (err: unknown) =>
  err instanceof ApiError &&
  (err.value?.captcha === true || err.code === 'captcha.required' || err.code === 'captcha.invalid');

/**
 * The whole login (spec §4): password or SMS code, captcha once the server asks for one, the
 * second factor for an unregistered IP, free trial, and "remember me".
 */
export function LoginPanel({
  agent,
  accountLabel,
  notice,
  onRegister,
  onForgot,
  onLoggedIn,
}: LoginPanelProps) {
  const wl = useWhitelabel();
  const errorText = useApiErrorText();
  const login = useLogin();
  const freePlay = useFreePlay();
  const sendSms = useSendSmsCode('login');
  const complete = useCompleteLogin();
  const smsOn = !agent && !!wl.MOBILEVERCODELOGIN3;
  const countries = useCountriesQuery(smsOn);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const captcha = useCaptcha(needCaptcha);
  const [error, setError] = useState<string>();
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const [completing, setCompleting] = useState(false);
  const last = useRef<LoginFormValues | null>(null);
  const [initial] = useState(() => {
    const username = readRemembered('username');
    const mobile = readRemembered('mobile');
    return { username, mobile, remember: !!(username || mobile) };
  });

  const finish = async (reply: LoginReply, kind: LoginKind) => {
    setCompleting(true);
    try {
      onLoggedIn(await complete(reply, kind));
    } finally {
      setCompleting(false);
    }
  };

  const fail = (err: unknown) => {
    const next = challengeOf(err);
    if (next) return setChallenge(next);
    // Each captcha allows one guess, so a failed attempt needs a new image.
    if (needCaptcha) void captcha.refetch();
    else if (wantsCaptcha(err)) setNeedCaptcha(true);
    setError(errorText(err));
  };

  const submit = (values: LoginFormValues) => {
    setError(undefined);
    last.current = values;
    const body: LoginInput =
      values.type === 'sms'
        ? {
            username: values.mobile,
            password: values.code,
            type: 'sms',
            countryDialingCode: values.countryDialingCode,
          }
        : { username: values.username, password: values.password, type: 'username' };
    if (needCaptcha) body.captcha = values.captcha;
    if (agent) body.agent = true;
    login.mutate(body, {
      onSuccess: (reply) => {
        if (values.type === 'sms') remember('mobile', values.mobile, values.remember);
        else remember('username', values.username, values.remember);
        void finish(reply, values.type);
      },
      onError: fail,
    });
  };

  const sendCode = async (countryDialingCode: string, mobileNum: string) => {
    setError(undefined);
    try {
      return (await sendSms.mutateAsync({ countryDialingCode, mobileNum })).expiredMinutes;
    } catch (err) {
      setError(errorText(err));
      return null;
    }
  };

  const startFreePlay = () => {
    setError(undefined);
    freePlay.mutate(undefined, {
      onSuccess: (reply) => void finish(reply, 'freeplay'),
      onError: (err) => setError(errorText(err)),
    });
  };

  if (challenge) {
    return (
      <LoginVerifyStep
        challenge={challenge}
        onVerified={(reply) => void finish(reply, last.current?.type ?? 'verification')}
        onBack={() => setChallenge(null)}
      />
    );
  }
  return (
    <LoginForm
      accountLabel={accountLabel}
      notice={notice}
      error={error}
      submitting={login.isPending || freePlay.isPending || completing}
      initialValues={initial}
      onSubmit={submit}
      onRegister={onRegister}
      onForgot={onForgot}
      onFreeTrial={!agent && wl.FREEPLAY3 ? startFreePlay : undefined}
      sms={smsOn ? { countries: countries.data ?? [], onSendCode: sendCode } : undefined}
      captcha={needCaptcha ? { image: captcha.data, onRefresh: () => void captcha.refetch() } : undefined}
    />
  );
}
