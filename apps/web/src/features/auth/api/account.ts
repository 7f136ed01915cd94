import type { RouteBodyIn, Routes } from '@arcadia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client';

type Body<K extends keyof Routes> = NonNullable<RouteBodyIn<Routes[K]>>;

export type RegisterInput = Body<'register'>;

/** Username mode goes to `register`, mobile mode to `registerMobile` (spec §7). */
export function useRegister() {
  return useMutation({
    mutationFn: ({ mode, body }: { mode: 'username' | 'mobile'; body: RegisterInput }) =>
      call(mode === 'mobile' ? 'registerMobile' : 'register', { body }),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: Body<'changePassword'>) => call('changePassword', { body }) });
}

/** Sent form-encoded (the endpoint's `form` flag); the reply is the same whether or not it matched. */
export function useForgotByEmail() {
  return useMutation({ mutationFn: (body: Body<'forgotByEmail'>) => call('forgotByEmail', { body }) });
}

export function useSetPasswordByPhone() {
  return useMutation({
    mutationFn: (body: Body<'setPasswordByPhone'>) => call('setPasswordByPhone', { body }),
  });
}

export type SmsPurpose = 'login' | 'register' | 'reset';

export interface SmsTarget {
  mobileNum: string;
  countryDialingCode: string;
  regType?: 'username' | 'mobile';
}

/** One SMS route per purpose; each answers `{ expiredMinutes }` for the countdown. */
export function useSendSmsCode(purpose: SmsPurpose) {
  return useMutation({
    mutationFn: ({ regType, ...body }: SmsTarget) =>
      purpose === 'login'
        ? call('smsLoginCode', { body })
        : purpose === 'register'
          ? call('smsRegisterCode', { body: { ...body, regType: regType ?? 'mobile' } })
          : call('resetSmsCode', { body }),
  });
}

/** Countries the brand accepts mobile numbers from, with dialing codes. */
export function useCountriesQuery(enabled = true) {
  return useQuery({
    queryKey: ['system', 'country'],
    queryFn: () => call('systemCountry'),
    staleTime: 60 * 60_000,
    enabled,
  });
}

/** Resolves false for an unknown invitation code (`invitation_code_error`); other failures throw. */
export function useAffiliateCheck() {
  return useMutation({
    mutationFn: async (code: string) => {
      try {
        await call('affiliateCheck', { query: { code, domain: location.hostname } });
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.code === 'invitation_code_error') return false;
        throw err;
      }
    },
  });
}
