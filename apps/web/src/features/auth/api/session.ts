import type { LoginReply, RouteBodyIn, Routes } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, call, sessionPublicKey } from '../../../lib/api-client';
import { useWhitelabel } from '../../../lib/permission';
import { useSessionStore } from '../../../lib/session-store';
import { storeLoginReply, storeMemberInfo } from '../lib/session-items';
import { markFirstLogin } from '../../../lib/first-login';

export const authKeys = {
  /** Keyed by token so one session's member never shows under another. */
  memberInfo: (token: string | null) => ['member', 'info', token] as const,
  captcha: ['auth', 'captcha'] as const,
};

const memberInfoQuery = (token: string | null) => ({
  queryKey: authKeys.memberInfo(token),
  queryFn: () => call('memberInfo'),
  staleTime: 60_000,
});

/** The logged-in member (spec §3); runs only with a token. */
export function useMemberInfoQuery() {
  const token = useSessionStore((s) => s.token);
  return useQuery({ ...memberInfoQuery(token), enabled: !!token });
}

export type LoginInput = NonNullable<RouteBodyIn<Routes['sessionLogin']>>;

export function useLogin() {
  return useMutation({ mutationFn: (body: LoginInput) => call('sessionLogin', { body }) });
}

/** `code` empty sends a code by `method`; a code completes the login. */
export type VerificationInput = NonNullable<RouteBodyIn<Routes['sessionLoginVerification']>>;

export function useLoginVerification() {
  return useMutation({
    mutationFn: (body: VerificationInput) => call('sessionLoginVerification', { body }),
  });
}

/** Free play: a plain body, but the gateway wants version 3 and an RSA-wrapped random nonce. */
export function useFreePlay() {
  return useMutation({
    mutationFn: async () => {
      const attempt = async (refresh: boolean) =>
        call('sessionFreePlay', {
          body: { platform: 'W', os: 'web' },
          headers: {
            'X-Gateway-Version': '3',
            Encryption: await (
              await import('../../../lib/body-crypto')
            ).wrapRandomNonce(await sessionPublicKey(refresh)),
          },
        });
      try {
        return await attempt(false);
      } catch (err) {
        // A rotated key makes the nonce unreadable: fetch the key again and retry once.
        if (!(err instanceof ApiError) || err.code !== 'request_body_required') throw err;
        return attempt(true);
      }
    },
  });
}

/**
 * Ends the session on the server, then forgets it here. A 401 means the server had already
 * ended it; any other failure still clears the local session, because a user who asked to log
 * out must not stay logged in on this device.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await call('sessionLogout');
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 401) console.warn('logout failed', err);
      } finally {
        useSessionStore.getState().clear();
        queryClient.removeQueries({ queryKey: ['member'] });
      }
    },
  });
}

/** A fresh single-use captcha image (base64 PNG) while `enabled`. */
export function useCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.captcha,
    queryFn: () => call('captcha'),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

// Tokens whose first-login action was sent or waits for the forced password change.
const firstLoginSent = new Set<string>();
let firstLoginPending: string | null = null;

function sendFirstLogin(token: string) {
  if (firstLoginSent.has(token)) return;
  firstLoginSent.add(token);
  // The welcome mark is best effort: the login itself has already succeeded.
  call('memberFirstLogin').catch(() => firstLoginSent.delete(token));
}

/** After the forced password change: the first-login action the server refused until now. */
export function flushPendingFirstLogin() {
  const token = useSessionStore.getState().token;
  if (firstLoginPending && firstLoginPending === token) sendFirstLogin(token);
  firstLoginPending = null;
}

export type LoginKind = 'username' | 'sms' | 'freeplay' | 'register' | 'verification';

/**
 * What every successful login does (spec §4): store the token and session items, run the
 * first-login action once, load member info, and say whether the password must change first.
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  const wl = useWhitelabel();
  return useCallback(
    async (reply: LoginReply, kind: LoginKind): Promise<{ forcePasswordChange: boolean }> => {
      storeLoginReply(reply);
      const expired = reply.passwordExpired && !!wl.PWDEXPFORCECHANGE3 && kind !== 'sms';
      const passwordChange = reply.mustChangePassword ? 'temporary' : expired ? 'expired' : 'none';
      useSessionStore.getState().setPasswordChange(passwordChange);
      if (reply.firstTimeLogin) {
        // `F` announcement popups are for this session's first login only.
        markFirstLogin();
        // A session that must change its password may call nothing else until it has.
        if (passwordChange === 'none') sendFirstLogin(reply.token);
        else firstLoginPending = reply.token;
      }
      try {
        storeMemberInfo(await queryClient.fetchQuery(memberInfoQuery(reply.token)));
      } catch {
        // The header's member-info query tries again; the login reply already set the type.
      }
      return { forcePasswordChange: passwordChange !== 'none' };
    },
    [queryClient, wl],
  );
}
