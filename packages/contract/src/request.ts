import { createFetch, FetchError } from 'ofetch';
import { type ApiErrorBody, errorName, isApiErrorBody } from './error-body';
import { fillPath, isMutating, XSRF_COOKIE, XSRF_HEADER } from './route';
import type { RouteAddress } from './route-table';

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

/** A multipart body from its fields; absent ones are left out, as a form leaves out what it lacks. */
function formDataOf(fields: Record<string, string | Blob | undefined>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.append(name, value);
  return data;
}

/**
 * Calls one route: sends cookies and the XSRF header (asking `session`, which issues one, when
 * the browser has none yet) and raises {@link ApiError} with the server's error body.
 */
export function createRouteCaller(options: ApiClientOptions, session: RouteAddress) {
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
    await request(`${options.baseURL}${session.path}`, { ignoreResponseError: true });
    return readXsrfToken();
  }

  return async function call(route: RouteAddress, input: Record<string, unknown> = {}) {
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
  };
}

/** A failed call as form errors: the server's field errors in place, or its message for the whole form. */
export function formErrorsOf(
  error: unknown,
): { fieldErrors?: Record<string, string[]>; formErrors: string[] } | null {
  if (!(error instanceof ApiError)) return null;
  const { fieldErrors, message } = error.body;
  return fieldErrors ? { fieldErrors, formErrors: [] } : { formErrors: [message] };
}

/** One method per route, grouped as the routes are (`client.auth.login({ body })`). */
export function callersFor(
  groups: Record<string, Record<string, RouteAddress>>,
  call: ReturnType<typeof createRouteCaller>,
) {
  return Object.fromEntries(
    Object.entries(groups).map(([group, routes]) => [
      group,
      Object.fromEntries(
        Object.entries(routes).map(([name, route]) => [
          name,
          (input?: Record<string, unknown>) => call(route, input),
        ]),
      ),
    ]),
  );
}
