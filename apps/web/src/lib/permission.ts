import type { SystemStatus } from '@arcadia/contract';
import { BRAND_THEME_STYLE_ID, brandThemeCss, flattenWhitelabel } from '@arcadia/contract/client';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { ApiError, call } from './api-client';
import { local, session } from './storage';

export const permissionQueryKey = ['system', 'status'] as const;

async function fetchStatus(): Promise<SystemStatus> {
  try {
    const status = await call('systemStatus');
    const code = status.info.brand.merchantCode;
    session.set('merchant', code);
    session.set('merchantCode', code);
    local.set('merchantCode', code);
    applyBrandTheme(status);
    return status;
  } catch (err) {
    // A remembered brand that no longer exists: forget it and ask for the deployment's default.
    if (err instanceof ApiError && err.code === 'merchant.acct.setup.err' && local.get('merchantCode')) {
      local.remove('merchantCode');
      session.remove('merchantCode');
      return fetchStatus();
    }
    throw err;
  }
}

/**
 * Paints the player site in the brand's colours (the server wrote the default brand's into the
 * page; this follows the brand actually shown and a change made in the back office). The back
 * office keeps the platform's own look.
 */
function applyBrandTheme(status: SystemStatus) {
  if (location.pathname.startsWith('/ops')) return;
  const css = brandThemeCss(status.info.theme);
  let el = document.getElementById(BRAND_THEME_STYLE_ID);
  if (!el && !css) return;
  if (!el) {
    el = document.createElement('style');
    el.id = BRAND_THEME_STYLE_ID;
    document.head.append(el);
  }
  if (el.textContent !== css) el.textContent = css;
}

/** The permission bootstrap; refreshed each minute so a maintenance switch reaches open pages. */
export const permissionQuery = {
  queryKey: permissionQueryKey,
  queryFn: fetchStatus,
  staleTime: 60_000,
  refetchInterval: 60_000,
} as const;

export function usePermissionQuery() {
  return useQuery(permissionQuery);
}

const PermissionContext = createContext<SystemStatus | null>(null);

/**
 * The bootstrap's answer for everything inside the permission gate (SystemGate holds the one
 * query observer; its value changes when the minute's refresh brings a different status). Read
 * through a context rather than a query observer in each of the dozens of components that read
 * the brand: every observer installs its own refresh, staleness and clean-up timers when it
 * mounts, and a page's first render mounted twenty of them.
 */
export const PermissionProvider = PermissionContext.Provider;

/** Inside the app the bootstrap has succeeded: the gate renders nothing else before it has. */
export function usePermission(): SystemStatus {
  const status = useContext(PermissionContext);
  if (!status) throw new Error('usePermission() outside the permission gate (PermissionProvider)');
  return status;
}

export function useBrand() {
  return usePermission().info.brand;
}

export function useWhitelabel(): Record<string, boolean> {
  const tree = usePermission().info.whitelabel;
  return useMemo(() => flattenWhitelabel(tree), [tree]);
}
