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

/**
 * One-letter marks of an address in its one-line form (`GET /customer/{customer_id}/sso t users.manage`):
 * the portal's first screen carries every address, so each is a short string rather than an object.
 */
const MARKS = {
  r: { mount: 'root' },
  m: { encoding: 'multipart' },
  d: { download: true },
  '-': { hasResponse: false },
  '+': { creates: true },
  t: { tenant: true },
} as const satisfies Record<string, Partial<RouteAddress>>;
type Mark = keyof typeof MARKS;

/** An address as one line: method, path, its marks, and the capability it requires. */
export function encodeAddress(address: RouteAddress): string {
  const marks = (Object.entries(MARKS) as [Mark, Partial<RouteAddress>][])
    .filter(([, mark]) =>
      Object.entries(mark).every(([key, value]) => address[key as keyof RouteAddress] === value),
    )
    .map(([letter]) => letter);
  return [address.method, address.path, ...marks, ...(address.capability ? [address.capability] : [])].join(
    ' ',
  );
}

function decodeAddress(line: string): RouteAddress {
  const [method, path, ...rest] = line.split(' ');
  const address: RouteAddress = { method: method as HttpMethod, path: path as string, hasResponse: true };
  for (const part of rest) Object.assign(address, MARKS[part as Mark] ?? { capability: part });
  return address;
}

/** The route table from its one-line addresses (the generated file's form). */
export function decodeRouteTable<G extends Record<string, RouteGroup>>(
  lines: { [Group in keyof G]: { [Name in keyof G[Group]]: string } },
): RouteTable<G> {
  return Object.fromEntries(
    Object.entries(lines).map(([group, routes]) => [
      group,
      Object.fromEntries(
        Object.entries(routes as Record<string, string>).map(([name, line]) => [name, decodeAddress(line)]),
      ),
    ]),
  ) as RouteTable<G>;
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
