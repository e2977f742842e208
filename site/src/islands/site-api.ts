import type { SiteClient } from '@tidewatch/contract/site-client';

let client: Promise<SiteClient> | undefined;

/** The site's API client, loaded with its transport (ofetch) on its first call, not with the page (decision 0082). */
export function siteApi(): Promise<SiteClient> {
  client ??= import('@tidewatch/contract/site-client').then(({ createSiteClient }) =>
    createSiteClient({ baseURL: '/api' }),
  );
  return client;
}
