import type { ApiClient } from './client';
import { type ApiClientOptions, callersFor, createRouteCaller, type RouteTarget } from './request';

/**
 * The routes the public site's forms call, as the contract defines them (a test keeps them equal),
 * without the contract's schemas: the site's islands stay small (decision 0037).
 */
export const SITE_ROUTES = {
  auth: {
    session: { method: 'GET', path: '/auth', response: true },
    status: { method: 'GET', path: '/auth/status', response: true },
    login: { method: 'POST', path: '/auth', response: true },
  },
  passwords: {
    forgot: { method: 'POST', path: '/auth/password/forgot' },
    reset: { method: 'POST', path: '/auth/password/reset' },
  },
  signUp: {
    create: { method: 'POST', path: '/sign-up' },
    confirm: { method: 'POST', path: '/sign-up/confirm' },
  },
  system: { timezones: { method: 'GET', path: '/timezone', response: true } },
  leads: {
    contact: { method: 'POST', path: '/leads/contact' },
    solutionsBrief: { method: 'POST', path: '/leads/solutions-brief', response: true },
    resellerApplication: { method: 'POST', path: '/leads/reseller-applications' },
  },
  marketing: { unsubscribe: { method: 'POST', path: '/marketing/unsubscribe' } },
} as const satisfies Record<string, Record<string, RouteTarget>>;

type SiteRoutes = typeof SITE_ROUTES;
export type SiteClient = {
  [Group in keyof SiteRoutes]: Pick<ApiClient[Group], keyof SiteRoutes[Group] & keyof ApiClient[Group]>;
};

/** The typed client for the site's routes: the same calls, errors and XSRF handling as `createApiClient`. */
export function createSiteClient(options: ApiClientOptions): SiteClient {
  return callersFor(
    SITE_ROUTES,
    createRouteCaller(options, SITE_ROUTES.auth.session),
  ) as unknown as SiteClient;
}

export { ApiError, formErrorsOf } from './request';
