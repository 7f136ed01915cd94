import type { SystemStatus } from '@arcadia/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { type Location, MemoryRouter, useLocation, useNavigate } from 'react-router';
import { AppRoutes } from '../app/router';
import { SystemGate } from '../app/system-gate';
import { permissionQueryKey } from '../lib/permission';
import { createQueryClient } from '../lib/query-client';
import { Permission } from './permission';

/** What a test sees of the router: where it is, and a way to go elsewhere. */
export interface TestRouter {
  state: { location: Location };
  navigate(to: string): Promise<void>;
}

/** Renders the real route table at `url`, with the permission bootstrap already answered. */
export function renderApp(url: string, status: SystemStatus) {
  const client = createQueryClient();
  client.setQueryData(permissionQueryKey, status);
  const router = {
    state: { location: { pathname: url } },
    navigate: () => Promise.reject(new Error('the app has not rendered yet')),
  } as unknown as TestRouter;
  function RouterProbe() {
    router.state.location = useLocation();
    const navigate = useNavigate();
    router.navigate = (to) => act(async () => navigate(to));
    return null;
  }
  const view = render(
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>
        <SystemGate>
          <MemoryRouter initialEntries={[url]}>
            <RouterProbe />
            <AppRoutes />
          </MemoryRouter>
        </SystemGate>
      </Suspense>
    </QueryClientProvider>,
  );
  return { ...view, router };
}

/** Renders one component with the app's providers and the permission bootstrap answered. */
export function renderWithProviders(ui: ReactNode, status: SystemStatus, url = '/') {
  const client = createQueryClient();
  client.setQueryData(permissionQueryKey, status);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback={null}>
          <Permission>{ui}</Permission>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
