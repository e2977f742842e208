import type { z } from 'zod';
import type { FinanceContract, MainContract } from './index';
import { type ApiClientOptions, callersFor, createRouteCaller } from './request';
import type { RouteDefinition, RouteGroup } from './route';
import { routeTable } from './route-table.gen';

export { type ApiClientOptions, ApiError, formErrorsOf, type RouteErrorContext } from './request';
export { mayCall } from './route';
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
  InputPart<R, 'body'> & { signal?: AbortSignal; headers?: Record<string, string> };

export type RouteOutput<R extends RouteDefinition> = R extends { download: true }
  ? Blob
  : R['response'] extends z.ZodType
    ? z.output<R['response']>
    : undefined;

type RouteCall<R extends RouteDefinition> = (
  ...args: Record<never, never> extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>]
) => Promise<RouteOutput<R>>;

export type ApiClient<G extends Record<string, RouteGroup> = MainContract> = {
  [Group in keyof G]: { [Name in keyof G[Group]]: RouteCall<G[Group][Name]> };
};

/**
 * The typed client: one method per contract route (`api.auth.login({ body })`), sending
 * cookies and the XSRF header, raising {@link ApiError} with the server's error body. It calls
 * routes by their addresses in the generated route table, so it carries no schemas.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { plans: _plans, invoices: _invoices, ...mainRoutes } = routeTable;
  return callersFor(mainRoutes, createRouteCaller(options, routeTable.auth.session)) as unknown as ApiClient;
}

/** Where finance calls go and the bearer token they carry. */
export interface FinanceCredentials {
  baseURL: string;
  accessToken: string;
}

export interface FinanceTokenSource {
  /** The credentials to use now, getting a token first when there is none. */
  current(): Promise<FinanceCredentials>;
  /** New credentials after `rejected` was answered 401; throws when they cannot be had. */
  renew(rejected: FinanceCredentials): Promise<FinanceCredentials>;
}

export type FinanceClient = ApiClient<FinanceContract>;

const BEARER = 'Bearer ';

/** The finance API's routes (decision 0053): the portal tells its failures apart by these. */
export const financeRouteTable = { plans: routeTable.plans, invoices: routeTable.invoices };

/**
 * The finance API's client: the bearer token from `tokens`, no cookies. Its ofetch hooks renew the
 * token on a 401 and ask once more with the new one, so an expired access token goes unnoticed; a
 * 401 after that reaches the caller's `onResponseError`.
 */
export function createFinanceClient(
  tokens: FinanceTokenSource,
  options: Pick<ApiClientOptions, 'fetch' | 'onResponseError'> = {},
): FinanceClient {
  const call = createRouteCaller(
    {
      ...options,
      baseURL: '',
      credentials: 'omit',
      askAgainOn: 401,
      async onRequest({ options: request }) {
        const credentials = await tokens.current();
        request.baseURL = credentials.baseURL;
        request.headers.set('authorization', `${BEARER}${credentials.accessToken}`);
      },
      async onResponseError(context) {
        const { options: request, response } = context;
        // ofetch's `retry` counts the attempts left: the first 401 renews, the repeat's goes on.
        if (response.status !== 401 || !request.retry) return options.onResponseError?.(context);
        const bearer = request.headers.get('authorization') ?? '';
        await tokens.renew({ baseURL: request.baseURL ?? '', accessToken: bearer.slice(BEARER.length) });
      },
    },
    routeTable.auth.session,
  );
  return callersFor(financeRouteTable, call) as unknown as FinanceClient;
}
