import {
  type FetchContext,
  FetchError,
  type FetchOptions,
  type FetchResponse,
  ofetch,
  type ResolvedFetchOptions,
} from 'ofetch';
import { ApiError } from './api-error';
import { errorName, isApiErrorBody } from './error-body';
import {
  fillPath,
  type HttpMethod,
  IDEMPOTENCY_KEY_HEADER,
  isMutating,
  XSRF_COOKIE,
  XSRF_HEADER,
} from './route';
import type { RouteAddress } from './route-table';

export { ApiError, formErrorsOf } from './api-error';

/** ofetch's context of a call, with the contract route it goes to, so a hook can tell calls apart. */
export type RouteCallContext = FetchContext & { options: ResolvedFetchOptions & { route: RouteAddress } };

/** ofetch's context of a call answered with an error status. */
export type RouteErrorContext = RouteCallContext & { response: FetchResponse<unknown> };

export interface ApiClientOptions {
  /** Base URL of the API, e.g. `/api` or `https://example.com/api`. */
  baseURL: string;
  /** `include` for the main API; `omit` for the spec's second client without credentials. */
  credentials?: 'include' | 'same-origin' | 'omit';
  /** Reads the XSRF token; defaults to the browser's `XSRF-TOKEN` cookie. */
  readXsrfToken?: () => string | undefined;
  /** ofetch's `onRequest` hook, after the client's own (the finance API's bearer and base URL). */
  onRequest?: (context: RouteCallContext) => void | Promise<void>;
  /** ofetch's `onResponseError` hook: what an error status means beyond its call (a session that ended). */
  onResponseError?: (context: RouteErrorContext) => void | Promise<void>;
  /** A status after which ofetch asks once more, once `onResponseError` has dealt with it (a renewed token). */
  askAgainOn?: number;
  fetch?: typeof globalThis.fetch;
}

function readCookie(name: string): string | undefined {
  // Typed without the DOM library: the client also runs in Node (tests, scripts).
  const cookies = (globalThis as { document?: { cookie: string } }).document?.cookie;
  if (!cookies) return undefined;
  const entry = cookies.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : undefined;
}

/** The query string: absent values left out, a list as repeated keys. */
function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A multipart body from its fields; absent ones are left out, as a form leaves out what it lacks. */
function formDataOf(fields: Record<string, string | Blob | undefined>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.append(name, value);
  return data;
}

/** A failure ofetch raised as our {@link ApiError}; a cancellation stays the caller's own. */
function apiErrorOf(error: unknown, route: RouteAddress): unknown {
  const where = { method: route.method, path: route.path };
  if (!(error instanceof FetchError)) return error;
  if (!error.response) {
    // A cancelled call stays a cancellation; anything else never reached the server.
    const cause = error.cause instanceof Error ? error.cause : error;
    if (cause.name === 'AbortError') return cause;
    return new ApiError(0, { error: 'Network Error', message: cause.message }, where);
  }
  const { status } = error.response;
  const body = isApiErrorBody(error.data)
    ? error.data
    : { error: errorName(status), message: `${route.method} ${route.path}: ${status}` };
  return new ApiError(status, body, where);
}

/**
 * Calls one route over ofetch: sends cookies and the XSRF header (asking `session`, which issues
 * one, when the browser has none yet) and raises {@link ApiError} with the server's error body.
 */
export function createRouteCaller(options: ApiClientOptions, session: RouteAddress) {
  const readXsrfToken = options.readXsrfToken ?? (() => readCookie(XSRF_COOKIE));
  const rootURL = options.baseURL.replace(/\/api\/?$/, '');
  const credentials = options.credentials ?? 'include';
  const sendsXsrf = credentials !== 'omit';

  // A first mutating call may come before any response has set the XSRF cookie: GET /auth issues one.
  async function xsrfToken(): Promise<string | undefined> {
    const existing = readXsrfToken();
    if (existing) return existing;
    await transport
      .native(`${options.baseURL}${session.path}`, { credentials })
      .then((response) => response.body?.cancel());
    return readXsrfToken();
  }

  const transport = ofetch.create(
    {
      baseURL: options.baseURL,
      credentials,
      // No timeout and no transport retries (spec section 7): retrying is the query layer's call.
      ...(options.askAgainOn ? { retry: 1, retryStatusCodes: [options.askAgainOn] } : { retry: 0 }),
      async onRequest(context) {
        const { options: request } = context;
        if (sendsXsrf && isMutating((request.method ?? 'GET') as HttpMethod)) {
          const token = await xsrfToken();
          if (token) request.headers.set(XSRF_HEADER, token);
        }
        await options.onRequest?.(context as RouteCallContext);
      },
      onResponseError: options.onResponseError as FetchOptions['onResponseError'],
    },
    options.fetch ? { fetch: options.fetch } : {},
  );

  return async function call(route: RouteAddress, input: Record<string, unknown> = {}) {
    const path = fillPath(route.path, input.params as Record<string, string>);
    const body = input.body as Record<string, unknown> | undefined;
    try {
      const callOptions = {
        method: route.method,
        // For the hooks: ofetch passes options it does not know on to them.
        route,
        ...(route.mount === 'root' ? { baseURL: rootURL } : {}),
        // A caller's own headers (a bearer made for this one call).
        headers: input.headers as Record<string, string> | undefined,
        // ofetch sends a plain object as JSON with its content type; a form goes as multipart.
        body:
          route.encoding === 'multipart' && body
            ? formDataOf(body as Record<string, string | Blob | undefined>)
            : body,
        signal: input.signal as AbortSignal | undefined,
        ...(route.download ? { responseType: 'blob' as const } : {}),
      };
      const answer: unknown = await transport(
        path + queryString(input.query as Record<string, unknown> | undefined),
        callOptions,
      );
      return route.hasResponse || route.download ? answer : undefined;
    } catch (error) {
      throw apiErrorOf(error, route);
    }
  };
}

type RouteCaller = ReturnType<typeof createRouteCaller>;

/** A file stands for itself by what the browser tells of it; JSON would make every file `{}`. */
const fileAware = (_name: string, value: unknown) =>
  value instanceof Blob ? { size: value.size, type: value.type, name: (value as File).name } : value;

/**
 * Calls a create route with an `Idempotency-Key` (decision 0062), made here, above the transport,
 * once per submission: the same route and input sent again while the first is unanswered (a
 * double click) or after it may not have arrived (no connection, a server error, 409) carries the
 * same key, so the server makes it once; an answer lets the key go. A key the caller passes stands.
 */
function withIdempotencyKeys(call: RouteCaller): RouteCaller {
  const unanswered = new Map<string, string>();
  return async (route, input = {}) => {
    const submission = `${route.method} ${route.path} ${JSON.stringify(input, fileAware)}`;
    const key = unanswered.get(submission) ?? crypto.randomUUID();
    unanswered.set(submission, key);
    const headers = input.headers as Record<string, string> | undefined;
    try {
      const result = await call(route, { ...input, headers: { [IDEMPOTENCY_KEY_HEADER]: key, ...headers } });
      unanswered.delete(submission);
      return result;
    } catch (error) {
      const unsure =
        error instanceof ApiError && (error.status === 0 || error.status === 409 || error.status >= 500);
      if (!unsure) unanswered.delete(submission);
      throw error;
    }
  };
}

/** One method per route, grouped as the routes are (`client.auth.login({ body })`). */
export function callersFor(groups: Record<string, Record<string, RouteAddress>>, call: RouteCaller) {
  const create = withIdempotencyKeys(call);
  return Object.fromEntries(
    Object.entries(groups).map(([group, routes]) => [
      group,
      Object.fromEntries(
        Object.entries(routes).map(([name, route]) => [
          name,
          (input?: Record<string, unknown>) => (route.creates ? create : call)(route, input),
        ]),
      ),
    ]),
  );
}
