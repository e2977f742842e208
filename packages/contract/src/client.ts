import type { z } from 'zod';
import type { BrowserContract } from './index';
import { type ApiClientOptions, callersFor, createRouteCaller } from './request';
import type { RouteDefinition, RouteGroup } from './route';
import { routeTable } from './route-table.gen';

export { type ApiClientOptions, ApiError, formErrorsOf } from './request';
export { routeTable } from './route-table.gen';

/** A part that may be absent, or whose every field is optional, may be left out. */
type InputPart<R, K extends 'params' | 'query' | 'body'> =
  R extends Record<K, z.ZodType>
    ? undefined extends z.input<R[K]>
      ? { [P in K]?: z.input<R[K]> }
      : Record<never, never> extends z.input<R[K]>
        ? { [P in K]?: z.input<R[K]> }
        : { [P in K]: z.input<R[K]> }
    : unknown;

export type RouteInput<R extends RouteDefinition> = InputPart<R, 'params'> &
  InputPart<R, 'query'> &
  InputPart<R, 'body'> & { signal?: AbortSignal };

export type RouteOutput<R extends RouteDefinition> = R['response'] extends z.ZodType
  ? z.output<R['response']>
  : undefined;

type RouteCall<R extends RouteDefinition> = (
  ...args: Record<never, never> extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>]
) => Promise<RouteOutput<R>>;

export type ApiClient<G extends Record<string, RouteGroup> = BrowserContract> = {
  [Group in keyof G]: { [Name in keyof G[Group]]: RouteCall<G[Group][Name]> };
};

/**
 * The typed client: one method per contract route (`api.auth.login({ body })`), sending
 * cookies and the XSRF header, raising {@link ApiError} with the server's error body. It calls
 * routes by their addresses in the generated route table, so it carries no schemas.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return callersFor(routeTable, createRouteCaller(options, routeTable.auth.session)) as unknown as ApiClient;
}
