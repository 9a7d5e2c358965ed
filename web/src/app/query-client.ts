import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache: the providers render with it, and a first visit's early calls fill it. */
export const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } });
