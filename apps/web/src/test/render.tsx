import type { SystemStatus } from '@arcadia/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../app/router';
import { SystemGate } from '../app/system-gate';
import { permissionQueryKey } from '../lib/permission';
import { createQueryClient } from '../lib/query-client';

/** Renders the real route table at `url`, with the permission bootstrap already answered. */
export function renderApp(url: string, status: SystemStatus) {
  const client = createQueryClient();
  client.setQueryData(permissionQueryKey, status);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>
        <SystemGate>
          <RouterProvider router={router} />
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
        <Suspense fallback={null}>{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
