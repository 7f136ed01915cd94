import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';
import { SystemGate } from './system-gate';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageLoader />}>
        <SystemGate>
          <RouterProvider router={router} />
        </SystemGate>
      </Suspense>
    </QueryClientProvider>
  );
}
