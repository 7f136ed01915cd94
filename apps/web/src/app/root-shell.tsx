import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { Toaster } from '../components/toaster';
import { useSessionSync } from '../features/auth/hooks/use-session-sync';
import { useUiStore } from '../lib/ui-store';
import { AuthModals } from './auth-modals';
import { RealtimeBridge } from './realtime-bridge';
import { ContractOffers } from '../features/contracts/components/contract-offers';

/**
 * Around both layouts: the session (member info on boot with a token), the account dialogs
 * (the agent login page needs the forced change-password modal and the agent centre the logout
 * confirmation too), the toasts and the global loader.
 */
export function RootShell() {
  useSessionSync();
  const loading = useUiStore((s) => s.loading);
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <AuthModals />
      <RealtimeBridge />
      <ContractOffers />
      <Toaster />
      {loading && <PageLoader overlay />}
    </>
  );
}
