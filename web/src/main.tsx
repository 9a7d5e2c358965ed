// First, before the rest of the app's code runs: the code of the page in the address.
import './app/page-code';
import './lib/zod-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startFirstVisit } from './app/first-visit';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import './index.css';

// Before React renders: the calls the page's first paint waits for.
startFirstVisit(router, queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
