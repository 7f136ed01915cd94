import type { LanguageCode } from '@arcadia/contract';
import { type ReactNode, Suspense, lazy, useDeferredValue, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { PageLoader } from '../components/page-loader';
import { NetworkErrorScreen } from '../components/network-error-screen';
import { paths } from '../config/paths';
import { changeLanguage, currentLanguage } from '../lib/i18n';
import { PermissionProvider, usePermissionQuery } from '../lib/permission';

// Screens a visitor rarely sees load when needed; the network error screen stays in the first
// download, since it shows when the network is what failed.
const MaintenanceScreen = lazy(() =>
  import('../components/system-screens').then((m) => ({ default: m.MaintenanceScreen })),
);
const RegionBlockScreen = lazy(() =>
  import('../components/system-screens').then((m) => ({ default: m.RegionBlockScreen })),
);

/**
 * The permission bootstrap decides, before the app renders, between the app, the maintenance
 * screen and the region-block screen (spec §2 "System status screens", §4 "System status").
 */
export function SystemGate({ children }: { children: ReactNode }) {
  const { data: fresh, error, refetch, isFetching } = usePermissionQuery();
  // The whole app renders when the status arrives: as a deferred render React splits it into
  // short slices, instead of one long task that would keep a phone's main thread blocked.
  const data = useDeferredValue(fresh);
  const { i18n } = useTranslation();

  // A remembered language the brand does not offer gives way to the brand default.
  useEffect(() => {
    if (!data) return;
    const { supportLanguages, defaultLanguage } = data.info.brand;
    if (!supportLanguages.includes(currentLanguage())) void changeLanguage(defaultLanguage as LanguageCode);
  }, [data, i18n]);

  // The brand's name is the default title. A layout effect runs before every page's own (passive)
  // title effect, and only when the name changes, so a page's title is never overwritten by it.
  const brandName = data?.info.brand.name;
  useLayoutEffect(() => {
    if (brandName) document.title = brandName;
  }, [brandName]);

  if (!data) {
    if (error) return <NetworkErrorScreen onRetry={() => void refetch()} retrying={isFetching} />;
    return <PageLoader />;
  }
  // The operator page stays open: operators work the payment queue during maintenance too (the
  // server answers /ops/* then), and operators' own access is not the players' region rule.
  const screen =
    window.location.pathname !== paths.ops && (data.systemStatus === 1 || data.systemStatus === 2) ? (
      <Suspense fallback={<PageLoader />}>
        {data.systemStatus === 1 ? <MaintenanceScreen status={data} /> : <RegionBlockScreen status={data} />}
      </Suspense>
    ) : null;
  return <PermissionProvider value={data}>{screen ?? children}</PermissionProvider>;
}
