import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { Toaster } from '../components/toaster';
import { useSessionSync } from '../features/auth/hooks/use-session-sync';
import { useSessionStore } from '../lib/session-store';
import { useUiStore } from '../lib/ui-store';
import { AuthModals } from './auth-modals';
import { RealtimeBridge } from './realtime-bridge';

// Only signed-in agents ever see a contract offer: its dialog, forms and tables load with the
// session, not with a visitor's first page.
const ContractOffers = lazy(() =>
  import('../features/contracts/components/contract-offers').then((m) => ({ default: m.ContractOffers })),
);

// The reality check's reminder (responsible gaming): members only, loaded with the session.
const RealityCheck = lazy(() =>
  import('../features/responsible/components/reality-check').then((m) => ({ default: m.RealityCheck })),
);

/**
 * Around both layouts: the session (member info on boot with a token), the account dialogs
 * (the agent login page needs the forced change-password modal and the agent centre the logout
 * confirmation too), the toasts and the global loader.
 */
export function RootShell() {
  useSessionSync();
  const loading = useUiStore((s) => s.loading);
  const signedIn = useSessionStore((s) => s.token !== null);
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <AuthModals />
      <RealtimeBridge />
      {signedIn && (
        <Suspense fallback={null}>
          <ContractOffers />
          <RealityCheck />
        </Suspense>
      )}
      <Toaster />
      {loading && <PageLoader overlay />}
    </>
  );
}
