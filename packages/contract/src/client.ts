import { createFetch, FetchError } from 'ofetch';
import type { z } from 'zod';
import { type ApiErrorBody, errorName, isApiErrorBody } from './error-body';
import type { contract } from './index';
import {
  fillPath,
  isMutating,
  type RouteDefinition,
  type RouteGroup,
  XSRF_COOKIE,
  XSRF_HEADER,
} from './route';
import type { RouteAddress } from './route-table';
import { routeTable } from './route-table.gen';

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

export type ApiClient<G extends Record<string, RouteGroup> = typeof contract> = {
  [Group in keyof G]: { [Name in keyof G[Group]]: RouteCall<G[Group][Name]> };
};

/** A failed call: the status and the server's `{ error, message, fieldErrors? }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    readonly route: { method: string; path: string },
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** Base URL of the API, e.g. `/api` or `https://example.com/api`. */
  baseURL: string;
  /** `include` for the main API; `omit` for the spec's second client without credentials. */
  credentials?: 'include' | 'same-origin' | 'omit';
  /** Reads the XSRF token; defaults to the browser's `XSRF-TOKEN` cookie. */
  readXsrfToken?: () => string | undefined;
  fetch?: typeof globalThis.fetch;
}

function readCookie(name: string): string | undefined {
  // Typed without the DOM library: the client also runs in Node (tests, scripts).
  const cookies = (globalThis as { document?: { cookie: string } }).document?.cookie;
  if (!cookies) return undefined;
  const entry = cookies.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : undefined;
}

function toApiError(error: unknown, route: RouteAddress): unknown {
  if (!(error instanceof FetchError)) return error;
  const status = error.status ?? 0;
  const body = isApiErrorBody(error.data)
    ? error.data
    : { error: status ? errorName(status) : 'Network Error', message: error.message };
  return new ApiError(status, body, { method: route.method, path: route.path });
}

/**
 * The typed client: one method per contract route (`api.auth.login({ body })`), sending
 * cookies and the XSRF header, raising {@link ApiError} with the server's error body.
 */
/** A multipart body from its fields; absent ones are left out, as a form leaves out what it lacks. */
function formDataOf(fields: Record<string, string | Blob | undefined>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.append(name, value);
  return data;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const readXsrfToken = options.readXsrfToken ?? (() => readCookie(XSRF_COOKIE));
  const rootURL = options.baseURL.replace(/\/api\/?$/, '');
  const request = createFetch({
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    // No timeout and no transport retries (spec section 7): retrying is the query layer's call.
    defaults: { credentials: options.credentials ?? 'include', retry: 0 },
  });

  // A first mutating call may come before any response has set the XSRF cookie: GET /auth issues one.
  async function xsrfToken(): Promise<string | undefined> {
    const existing = readXsrfToken();
    if (existing) return existing;
    await request(`${options.baseURL}${routeTable.auth.session.path}`, {
      ignoreResponseError: true,
    });
    return readXsrfToken();
  }

  async function call(route: RouteAddress, input: Record<string, unknown> = {}) {
    const base = route.mount === 'root' ? rootURL : options.baseURL;
    const url = base + fillPath(route.path, input.params as Record<string, string>);
    const headers: Record<string, string> = {};
    if (isMutating(route.method) && options.credentials !== 'omit') {
      const token = await xsrfToken();
      if (token) headers[XSRF_HEADER] = token;
    }
    try {
      const answer = await request(url, {
        method: route.method,
        headers,
        query: input.query as Record<string, unknown> | undefined,
        body:
          route.encoding === 'multipart'
            ? formDataOf(input.body as Record<string, string | Blob | undefined>)
            : (input.body as Record<string, unknown> | undefined),
        signal: input.signal as AbortSignal | undefined,
      });
      return route.hasResponse ? answer : undefined;
    } catch (error) {
      throw toApiError(error, route);
    }
  }

  return Object.fromEntries(
    Object.entries(routeTable).map(([group, routes]) => [
      group,
      Object.fromEntries(
        Object.entries(routes as Record<string, RouteAddress>).map(([name, route]) => [
          name,
          (input?: Record<string, unknown>) => call(route, input),
        ]),
      ),
    ]),
  ) as unknown as ApiClient;
}

/** A failed call as form errors: the server's field errors in place, or its message for the whole form. */
export function formErrorsOf(
  error: unknown,
): { fieldErrors?: Record<string, string[]>; formErrors: string[] } | null {
  if (!(error instanceof ApiError)) return null;
  const { fieldErrors, message } = error.body;
  return fieldErrors ? { fieldErrors, formErrors: [] } : { formErrors: [message] };
}
export { routeTable } from './route-table.gen';
