import { t } from '@lingui/core/macro';
import { financeRouteTable, type RouteErrorContext, routeTable } from '@tidewatch/contract/client';
import { loginPathReturningTo } from '@tidewatch/domain';
import { notify } from './notify';
import { signOutLocally } from './stores';

export const LOGIN_PATH = '/login';

/** Calls whose 401 is their answer: signed out, a wrong password, a refused refresh token (a new chain follows). */
const unauthorizedIsTheAnswer = new Set([
  routeTable.auth.session,
  routeTable.auth.login,
  routeTable.auth.refreshFinanceTokens,
]);
/** The finance API's calls and the one that gets its tokens: their 401 means the token expired. */
const financeCalls = new Set([
  routeTable.auth.financeTokens,
  ...Object.values(financeRouteTable).flatMap((group) => Object.values(group)),
]);
const countCalls = new Set(Object.values(routeTable.counts));

let ended = false;

/** Whether the session has ended here and the page is on its way to sign-in, so nothing more is said. */
export const sessionEnded = () => ended;

/**
 * Signing out in this tab: the end of the session the server then announces (a live event, a 401) is
 * this tab's own doing, not news to tell as 'Session Expired'. A sign-out that failed takes it back.
 */
export function signingOutHere(signingOut: boolean): void {
  ended = signingOut;
}

/**
 * A 401 from the API: the notice, then a clean slate at the sign-in page, which returns here
 * (spec section 8). The finance API's says its token expired.
 */
export function expireSession(message = t`Log in again`): void {
  if (ended) return;
  ended = true;
  notify.info(t`Session Expired`, message);
  signOutLocally();
  // Long enough to read the notice before the page goes.
  const here = window.location.pathname + window.location.search + window.location.hash;
  setTimeout(() => window.location.assign(loginPathReturningTo(LOGIN_PATH, here)), 1500);
}

/**
 * The API clients' ofetch `onResponseError` hook, the one place a failure ends the session (spec
 * section 8): a 401 as 'Session Expired', a 417 on a count as signing in again.
 */
export function endSessionOnFailure({ response, options: { route } }: RouteErrorContext): void {
  if (response.status === 401 && !unauthorizedIsTheAnswer.has(route)) {
    // A finance call's 401 arrives here only when renewing its token failed too.
    expireSession(financeCalls.has(route) ? t`Token expired. Log in again.` : undefined);
  } else if (response.status === 417 && countCalls.has(route) && !ended) {
    ended = true;
    signOutLocally();
    window.location.assign(LOGIN_PATH);
  }
}
