import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@tidewatch/contract/client';
import { notify } from './notify';
import { sessionEnded } from './session-end';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorMessage?: string };
    mutationMeta: { errorMessage?: string };
  }
}

/** Query data stays fresh for 4 hours (spec section 9). */
export const STALE_TIME_MS = 14_400_000;

/** The one place API failures turn into what a person sees (spec section 8). */
export function handleApiError(error: unknown, errorMessage?: string): void {
  // The client's hook ended the session and said so; the page is on its way to sign-in.
  if (sessionEnded()) return;
  // Reporting is no part of the first screen: it comes with the status pages, which load once a page is up.
  void import('./report-error').then(
    ({ reportApiError }) => reportApiError(error),
    (failure) => console.error('Could not report an error', failure),
  );
  if (errorMessage) notify.error(errorMessage);
}

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleApiError(error, query.meta?.errorMessage),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleApiError(error, mutation.meta?.errorMessage),
    }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        // 4xx answers will not change by asking again.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
