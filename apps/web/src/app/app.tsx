import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './router';
import { SystemGate } from './system-gate';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageLoader />}>
        <SystemGate>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SystemGate>
      </Suspense>
    </QueryClientProvider>
  );
}
