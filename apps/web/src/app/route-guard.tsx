import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { useSessionStore } from '../lib/session-store';
import { useUiStore } from '../lib/ui-store';

/** Spec §2: with a session token everything passes; protected routes otherwise go to /login. */
export function RequireToken() {
  const token = useSessionStore((s) => s.token);
  const location = useLocation();
  if (!token)
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** `/agentHome` sends anyone who is not a logged-in agent to the agent login page. */
export function RequireAgent() {
  const token = useSessionStore((s) => s.token);
  const isAgent = useSessionStore((s) => s.isAgent);
  if (!token || !isAgent) return <Navigate to={paths.agentLogin} replace />;
  return <Outlet />;
}

/**
 * The member centre is for real accounts (spec §4, §6): a trial account goes home and is told to
 * register first.
 */
export function RequireRealAccount() {
  const isTrial = useSessionStore((s) => s.isTrial);
  const openModal = useUiStore((s) => s.openModal);
  useEffect(() => {
    if (isTrial) openModal('trialInfo');
  }, [isTrial, openModal]);
  if (isTrial) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
