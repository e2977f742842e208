import { type contract, REFUSALS, type RouteGroup } from '@tidewatch/contract';
import type { RouteHandler } from '../../../core/route';
import type { Tenant } from '../../../core/tenant';
import type { Database } from '../../../db/client';
import { notFound } from '../../../lib/http-error';
import { findGroup } from '../repository/configurations';
import { findWindow } from '../repository/windows';

type Handlers<G extends RouteGroup> = { [K in keyof G]: RouteHandler<G[K]> };

/** Some of the portal's service-window handlers; `routes.ts` joins them into the whole group. */
export type PortalHandlers<K extends keyof typeof contract.serviceWindows> = Pick<
  Handlers<typeof contract.serviceWindows>,
  K
>;

/** Some of the handlers that need no session; `public-routes.ts` joins them. */
export type PublicHandlers<K extends keyof typeof contract.serviceWindowPublic> = Pick<
  Handlers<typeof contract.serviceWindowPublic>,
  K
>;

/** The tenant's update group, or 404. */
export async function groupOr404(db: Database, tenant: Tenant, tagId: string) {
  const row = await findGroup(db, tenant, tagId);
  if (!row) throw notFound(REFUSALS.noSuchUpdateGroup);
  return row;
}

/** The tenant's window, or 404. */
export async function windowOr404(db: Database, tenant: Tenant, windowId: string) {
  const row = await findWindow(db, tenant, windowId);
  if (!row) throw notFound(REFUSALS.noSuchServiceWindow);
  return row;
}
