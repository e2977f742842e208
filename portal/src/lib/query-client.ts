import { t } from '@lingui/core/macro';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, financeRouteTable, routeTable } from '@tidewatch/contract/client';
import { notify } from './notify';
import { reportApiError } from './report-error';
import { expireSession, LOGIN_PATH } from './session';
import { signOutLocally } from './stores';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorMessage?: string };
    mutationMeta: { errorMessage?: string };
  }
}

/** Query data stays fresh for 4 hours (spec section 9). */
export const STALE_TIME_MS = 14_400_000;

const isSessionCall = (error: ApiError) =>
  error.route.path === routeTable.auth.session.path || error.route.path === routeTable.auth.login.path;
const isFinanceCall = (error: ApiError) =>
  Object.values(financeRouteTable).some((group) =>
    Object.values(group).some((route) => route.path === error.route.path),
  );
const isCountCall = (error: ApiError) =>
  Object.values(routeTable.counts).some((route) => route.path === error.route.path);

/** The one place API failures turn into what a person sees (spec section 8). */
export function handleApiError(error: unknown, errorMessage?: string): void {
  if (error instanceof ApiError && error.status === 401 && !isSessionCall(error)) {
    // A finance call reaches here only when renewing its token failed too.
    expireSession(isFinanceCall(error) ? t`Token expired. Log in again.` : undefined);
  } else if (error instanceof ApiError && error.status === 417 && isCountCall(error)) {
    signOutLocally();
    window.location.assign(LOGIN_PATH);
  } else {
    reportApiError(error);
    if (errorMessage) notify.error(errorMessage);
  }
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
