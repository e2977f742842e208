import type { ApiClient } from './client';
import type { Contract } from './index';
import { type ApiClientOptions, callersFor, createRouteCaller } from './request';
import { SITE_ROUTES } from './site-routes';

export { SITE_ROUTES } from './site-routes';

type SiteRoutes = typeof SITE_ROUTES;
export type SiteClient = {
  [Group in keyof SiteRoutes]: Pick<
    ApiClient<Contract>[Group],
    keyof SiteRoutes[Group] & keyof ApiClient<Contract>[Group]
  >;
};

/** The typed client for the site's routes: the same calls, errors and XSRF handling as `createApiClient`. */
export function createSiteClient(options: ApiClientOptions): SiteClient {
  return callersFor(SITE_ROUTES, createRouteCaller(options, SITE_ROUTES.auth.xsrf)) as unknown as SiteClient;
}

export { ApiError, formErrorsOf } from './request';
