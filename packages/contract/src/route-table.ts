import type { Capability } from '@tidewatch/domain';
import type { HttpMethod, RouteDefinition, RouteGroup } from './route';

/** What a caller needs of a route at run time: no schemas, so a client ships without zod. */
export interface RouteAddress {
  method: HttpMethod;
  path: string;
  mount?: 'root';
  /** Sent as form data rather than JSON. */
  encoding?: 'multipart';
  /** Answers a file, handed over as a Blob. */
  download?: true;
  /** False for a route that answers 204 No Content. */
  hasResponse: boolean;
  /** A create route: each call sends its own `Idempotency-Key`. */
  creates?: true;
  /** The capability the route requires, so the portal offers only what the server allows (`mayCall`). */
  capability?: Capability;
  /** The route names a customer and passes the tenant check. */
  tenant?: true;
}

export type RouteTable<G extends Record<string, RouteGroup>> = {
  [Group in keyof G]: { [Name in keyof G[Group]]: RouteAddress };
};

function addressOf(route: RouteDefinition): RouteAddress {
  return {
    method: route.method,
    path: route.path,
    ...(route.mount === 'root' ? { mount: 'root' as const } : {}),
    ...(route.encoding === 'multipart' ? { encoding: 'multipart' as const } : {}),
    ...(route.download ? { download: true as const } : {}),
    hasResponse: route.response !== undefined,
    ...(route.creates ? { creates: true as const } : {}),
    ...(route.access.kind === 'capability' ? { capability: route.access.capability } : {}),
    ...(route.tenant ? { tenant: true as const } : {}),
  };
}

/** The run-time addresses of every route in a contract, group by group. */
export function routeTableOf<G extends Record<string, RouteGroup>>(groups: G): RouteTable<G> {
  return Object.fromEntries(
    Object.entries(groups).map(([group, routes]) => [
      group,
      Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, addressOf(route)])),
    ]),
  ) as RouteTable<G>;
}
