import { Suspense, lazy } from 'react';
import { useAnnouncementsQuery, useVendorLanesQuery } from '../../features/lobby/api/lobby';
import { HomeSkeleton } from '../../features/lobby/components/home-skeleton';

// The lobby is data-bound: its code loads alongside its first reads, after the shell has painted.
const HomeLobby = lazy(() => import('../../features/lobby/components/home-lobby'));

/** Spec §2 home: banners (the brand welcome when there are none), marquee, lobby and winners. */
export default function HomePage() {
  // Started here so that the reads and the lobby's code travel together.
  useAnnouncementsQuery();
  useVendorLanesQuery();
  return (
    <Suspense fallback={<HomeSkeleton />}>
      <HomeLobby />
    </Suspense>
  );
}
