import type { SystemStatus } from '@arcadia/contract';
import { flattenWhitelabel } from '@arcadia/contract/client';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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

/** Inside the app the bootstrap has succeeded, so these never suspend for long. */
export function usePermission(): SystemStatus {
  return useSuspenseQuery(permissionQuery).data;
}

export function useBrand() {
  return usePermission().info.brand;
}

export function useWhitelabel(): Record<string, boolean> {
  const tree = usePermission().info.whitelabel;
  return useMemo(() => flattenWhitelabel(tree), [tree]);
}
