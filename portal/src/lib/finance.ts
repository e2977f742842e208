import type { FinanceTokens } from '@tidewatch/contract';
import { ApiError, createFinanceClient, type FinanceCredentials } from '@tidewatch/contract/client';
import { api } from './api';
import { storedRefreshToken } from './session';
import { endSessionOnFailure } from './session-end';
import { STORAGE_KEYS } from './stores';

let credentials: FinanceCredentials | null = null;
let obtaining: Promise<FinanceCredentials> | null = null;

/** Keeps the access token in memory and the refresh token where spec section 3 stores it. */
function keep(tokens: FinanceTokens): FinanceCredentials {
  localStorage.setItem(STORAGE_KEYS.refreshToken, JSON.stringify({ refresh_token: tokens.refresh_token }));
  credentials = { baseURL: tokens.finance_api_url, accessToken: tokens.access_token };
  return credentials;
}

const refused = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 400);

/**
 * New tokens: the stored refresh token is exchanged (rotation); without one that works (first
 * use, another tab's logout, a revoked family) the session starts a new chain. Only when the
 * session is gone too is the person told (spec section 8).
 */
async function obtain(): Promise<FinanceCredentials> {
  const stored = storedRefreshToken();
  if (stored) {
    try {
      return keep(await api.auth.refreshFinanceTokens({ body: { refresh_token: stored } }));
    } catch (error) {
      if (!refused(error)) throw error;
    }
  }
  // A 401 here ends the session with the finance API's notice (the client's hook, session-end.ts).
  return keep(await api.auth.financeTokens());
}

/** One exchange at a time, across tabs too: two tabs spending one refresh token would look like theft. */
function obtainOnce(): Promise<FinanceCredentials> {
  if (!obtaining) {
    const locked: Promise<FinanceCredentials> = navigator.locks
      ? navigator.locks.request('tidewatch-finance-tokens', obtain).then((held) => held)
      : obtain();
    obtaining = locked.finally(() => {
      obtaining = null;
    });
  }
  return obtaining;
}

/**
 * The finance API's client (plans, invoices and expense ceilings): a bearer token got when needed
 * and renewed on a 401 without the user noticing.
 */
export const finance = createFinanceClient(
  {
    current: () => (credentials ? Promise.resolve(credentials) : obtainOnce()),
    renew: (rejected) =>
      credentials && credentials.accessToken !== rejected.accessToken
        ? Promise.resolve(credentials)
        : obtainOnce(),
  },
  { onResponseError: endSessionOnFailure },
);
