import { type ApiScope, fillPath } from '@tidewatch/contract';
import { routeTable } from '@tidewatch/contract/client';

/** Lists a token may be tried on, in the order the example prefers them. */
const EXAMPLE_READS: [ApiScope, { path: string }][] = [
  ['servers:read', routeTable.servers.list],
  ['clusters:read', routeTable.clusters.list],
  ['service_windows:read', routeTable.serviceWindows.configurations],
  ['activity:read', routeTable.activity.list],
];

/**
 * A curl line that calls the API with a new token, on a list its scopes let it read (the servers
 * list for a token that reads none of them).
 */
export function exampleCall(origin: string, customerId: string, token: string, scopes: readonly ApiScope[]) {
  const route = EXAMPLE_READS.find(([scope]) => scopes.includes(scope))?.[1] ?? routeTable.servers.list;
  return `curl -H "Authorization: Bearer ${token}" ${origin}/api${fillPath(route.path, { customer_id: customerId })}`;
}
