import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PermissionProvider, permissionQuery } from '../lib/permission';

/** What SystemGate gives the app: the bootstrap's answer, following the query as it changes. */
export function Permission({ children }: { children: ReactNode }) {
  const { data } = useSuspenseQuery(permissionQuery);
  return <PermissionProvider value={data}>{children}</PermissionProvider>;
}
