import { useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useLogout } from '../features/auth/api/session';
import type { LoginOutcome } from '../features/auth/components/login-panel';
import { useSessionStore } from '../lib/session-store';
import { useUiStore } from '../lib/ui-store';

/**
 * Logout after the user confirmed (spec §4): loader on, `sessionLogout`, session cleared (the
 * merchant code stays), loader off, then home.
 */
export function useLogoutFlow() {
  const logout = useLogout();
  const navigate = useNavigate();
  const { setLoading, closeModal } = useUiStore();
  return async () => {
    closeModal();
    setLoading(true);
    try {
      await logout.mutateAsync();
    } finally {
      setLoading(false);
    }
    void navigate(paths.home);
  };
}

/** A trial account asked to use a real one: end the trial session and offer registration. */
export function useTrialUpgrade() {
  const logout = useLogout();
  const openModal = useUiStore((s) => s.openModal);
  return async () => {
    await logout.mutateAsync();
    openModal('register');
  };
}

/**
 * After a login in the modal: the forced change-password modal when the reply demands it, else
 * close; `/login` and `/register` return to where the guard came from, or home.
 */
export function useAfterLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  const { openModal, closeModal } = useUiStore();
  return ({ forcePasswordChange }: LoginOutcome, target?: string) => {
    if (forcePasswordChange) return openModal('changePassword');
    closeModal();
    const from = (location.state as { from?: string } | null)?.from;
    if (target) void navigate(target);
    else if (location.pathname === paths.login || location.pathname === paths.register)
      void navigate(from ?? paths.home, { replace: true });
  };
}

/** Spec §4: change-password success closes the modal and goes home (an agent at /agent: its centre). */
export function useAfterPasswordChange() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const closeModal = useUiStore((s) => s.closeModal);
  return () => {
    closeModal();
    const agent = pathname === paths.agentLogin && useSessionStore.getState().isAgent;
    void navigate(agent ? paths.agentHome : paths.home);
  };
}
