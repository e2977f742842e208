import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { SessionData } from '@tidewatch/contract';
import { ApiError } from '@tidewatch/contract/client';
import { api } from './api';
import { LOGIN_PATH, signingOutHere } from './session-end';
import {
  STORAGE_KEYS,
  signOutLocally,
  toClientUser,
  useAuthStore,
  useCustomerStore,
  useImpersonateStore,
  useUserStore,
} from './stores';

export const sessionKeys = { current: ['session'] as const };

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.current,
  queryFn: ({ signal }) => api.auth.session({ signal }),
  // A failed session check is an answer (signed out), not something to retry.
  retry: false,
});

/**
 * A different person's session (impersonation start or stop): what was cached belonged to the
 * other view and goes, and the new session replaces the old in place, so every screen follows.
 */
export function switchSession(queryClient: QueryClient, session: SessionData): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.current[0] });
  queryClient.setQueryData(sessionKeys.current, session);
  applySession(session);
}

/** Keeps the client state the spec lists in step with a session answer. */
export function applySession(session: SessionData): void {
  useAuthStore.getState().setLoggedIn(true);
  useUserStore.getState().setUser(toClientUser(session.user));
  useImpersonateStore.getState().setImpersonating(session.impersonation !== null);
  useCustomerStore.getState().setCustomer({ company_name: session.customer.company_name });
}

export function storedRefreshToken(): string | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.refreshToken) ?? 'null') as {
      refresh_token?: string;
    } | null;
    return stored?.refresh_token;
  } catch {
    return undefined;
  }
}

/**
 * Logout (spec section 4): tell the server, then clear local state and go to /login. When the server
 * may still hold the session, local state stays and the failure is raised instead, so nobody is told
 * they are signed out while their session lives (decision 27).
 */
export async function logout(): Promise<void> {
  signingOutHere(true);
  try {
    const refreshToken = storedRefreshToken();
    await api.auth.logoutWithRefreshToken({ body: refreshToken ? { refresh_token: refreshToken } : {} });
  } catch (error) {
    // A 401 means there was no session left to end.
    if (!(error instanceof ApiError && error.status === 401)) {
      signingOutHere(false);
      console.error('Auth Time out, Log in again', error);
      throw error;
    }
  }
  signOutLocally();
  window.location.assign(LOGIN_PATH);
}
