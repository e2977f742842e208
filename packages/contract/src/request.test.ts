import { describe, expect, it } from 'vitest';
import { createApiClient, createFinanceClient, routeTable } from './client';
import { ApiError, callersFor, createRouteCaller, type RouteErrorContext } from './request';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './route';
import type { RouteAddress } from './route-table';
import { createSiteClient } from './site-client';

const session: RouteAddress = { method: 'GET', path: '/auth', hasResponse: true };
const list: RouteAddress = { method: 'GET', path: '/customer/{id}/servers', hasResponse: true };
const remove: RouteAddress = { method: 'DELETE', path: '/tags/{id}', hasResponse: false };
const create: RouteAddress = { method: 'POST', path: '/tags', hasResponse: true };

/** A fetch that answers every call with `answer` and records what it was asked. */
function recordingFetch(answer: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

/** The headers a call sent, by their lower-case names, as fetch receives them. */
function headersOf(init: RequestInit | undefined): Record<string, string> {
  const sent: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    sent[name] = value;
  });
  return sent;
}

const renew = async () => {
  throw new Error('not renewed here');
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('calling a route over ofetch', () => {
  it('fills the path, leaves out absent query values and repeats a list', async () => {
    const { calls, fetch } = recordingFetch(() => json({ data: [] }));
    const call = createRouteCaller({ baseURL: '/api', fetch }, session);
    await expect(
      call(list, { params: { id: 'acme corp' }, query: { q: 'web', tag: undefined, status: ['a', 'b'] } }),
    ).resolves.toEqual({ data: [] });
    expect(calls[0]?.url).toBe('/api/customer/acme%20corp/servers?q=web&status=a&status=b');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('sends JSON with the XSRF header and resolves a 204 to nothing', async () => {
    const { calls, fetch } = recordingFetch(() => new Response(null, { status: 204 }));
    const call = createRouteCaller({ baseURL: '/api', fetch, readXsrfToken: () => 'token' }, session);
    await expect(call(remove, { params: { id: 't1' }, body: { reason: 'x' } })).resolves.toBeUndefined();
    expect(calls[0]?.init).toMatchObject({ method: 'DELETE', body: '{"reason":"x"}' });
    expect(headersOf(calls[0]?.init)).toMatchObject({
      'x-xsrf-token': 'token',
      'content-type': 'application/json',
    });
  });

  it("raises the server's error body with its status", async () => {
    const body = { error: 'Bad Request', message: 'Check the form', fieldErrors: { name: ['Required'] } };
    const { fetch } = recordingFetch(() => json(body, 400));
    const call = createRouteCaller({ baseURL: '/api', fetch, readXsrfToken: () => 't' }, session);
    const failure = await call(create, { body: { name: '' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, body });
  });

  it('names the status when a proxy answers with something other than our error body, and asks once', async () => {
    const { calls, fetch } = recordingFetch(() => new Response('<html>Unavailable</html>', { status: 503 }));
    const call = createRouteCaller({ baseURL: '/api', fetch }, session);
    await expect(call(list, { params: { id: 'acme' } })).rejects.toMatchObject({
      status: 503,
      body: { error: 'Service Unavailable' },
    });
    // No transport retries (spec section 7): the query layer decides whether to ask again.
    expect(calls).toHaveLength(1);
  });

  it('asks for an XSRF cookie first when the browser has none, and sends none without credentials', async () => {
    let token: string | undefined;
    const { calls, fetch } = recordingFetch(() => {
      token = 'issued';
      return json({ user: null });
    });
    const call = createRouteCaller({ baseURL: '/api', fetch, readXsrfToken: () => token }, session);
    await call(create, { body: { name: 'web' } });
    expect(calls.map(({ url }) => url)).toEqual(['/api/auth', '/api/tags']);
    expect(headersOf(calls[1]?.init)['x-xsrf-token']).toBe('issued');
    const finance = createFinanceClient(
      { current: async () => ({ baseURL: 'https://finance.example/api', accessToken: 'a1' }), renew },
      { fetch },
    );
    await finance.plans.changePlan({ params: { customer_id: 'c1' }, body: { plan: 'pro' } } as never);
    expect(calls[2]?.url).toBe('https://finance.example/api/customer/c1/plans');
    expect(calls[2]?.init.credentials).toBe('omit');
    expect(headersOf(calls[2]?.init)).toMatchObject({ authorization: 'Bearer a1' });
    expect(headersOf(calls[2]?.init)).not.toHaveProperty('x-xsrf-token');
  });

  it('sends a multipart form as it is, calls root routes outside the API and answers a download as a blob', async () => {
    const { calls, fetch } = recordingFetch(
      () => new Response('id,name\n', { headers: { 'content-type': 'text/csv' } }),
    );
    const call = createRouteCaller({ baseURL: '/api', fetch, readXsrfToken: () => 't' }, session);
    const upload: RouteAddress = {
      method: 'POST',
      path: '/uploads',
      hasResponse: false,
      encoding: 'multipart',
    };
    await call(upload, { body: { file: new Blob(['x']), note: undefined } });
    const sent = calls[0]?.init.body as FormData;
    expect([sent.has('file'), sent.has('note')]).toEqual([true, false]);
    expect(headersOf(calls[0]?.init)).not.toHaveProperty('content-type');
    await call({ method: 'GET', path: '/healthz', mount: 'root', hasResponse: true });
    expect(calls[1]?.url).toBe('/healthz');
    const csv = await call({ method: 'GET', path: '/export.csv', hasResponse: true, download: true });
    expect(csv).toBeInstanceOf(Blob);
    await expect((csv as Blob).text()).resolves.toBe('id,name\n');
  });

  it('answers status 0 when the server cannot be reached, and keeps a cancellation a cancellation', async () => {
    const offline = createRouteCaller(
      {
        baseURL: '/api',
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
      },
      session,
    );
    await expect(offline(list, { params: { id: 'acme' } })).rejects.toMatchObject({
      status: 0,
      body: { error: 'Network Error' },
    });
    const cancelled = createRouteCaller(
      {
        baseURL: '/api',
        fetch: async () => {
          throw new DOMException('The operation was aborted.', 'AbortError');
        },
      },
      session,
    );
    await expect(cancelled(list, { params: { id: 'acme' } })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe("the clients' ofetch hooks", () => {
  const unauthorized = () => json({ error: 'Unauthorized', message: 'Log in' }, 401);

  it('hand an error status to the onResponseError hook with the route it answered, and still raise it', async () => {
    const heard: { status: number; route: unknown }[] = [];
    const { fetch } = recordingFetch(unauthorized);
    const api = createApiClient({
      baseURL: '/api',
      fetch,
      onResponseError: ({ response, options }) => {
        heard.push({ status: response.status, route: options.route });
      },
    });
    await expect(api.auth.session()).rejects.toMatchObject({ status: 401 });
    await expect(api.counts.admin({ params: { kind: 'servers' } } as never)).rejects.toBeInstanceOf(ApiError);
    expect(heard).toEqual([
      { status: 401, route: routeTable.auth.session },
      { status: 401, route: routeTable.counts.admin },
    ]);
  });

  it("renew the finance API's token on a 401 and ask once more with the new one, unnoticed", async () => {
    const answers = [unauthorized, () => json({ plan: 'pro' })];
    const { calls, fetch } = recordingFetch(() => (answers.shift() as () => Response)());
    let token = 'old';
    const renewed: unknown[] = [];
    const heard: RouteErrorContext[] = [];
    const finance = createFinanceClient(
      {
        current: async () => ({ baseURL: 'https://finance.example', accessToken: token }),
        renew: async (rejected) => {
          renewed.push(rejected);
          token = 'new';
          return { baseURL: 'https://finance.example', accessToken: token };
        },
      },
      { fetch, onResponseError: (context) => void heard.push(context) },
    );
    await expect(finance.plans.planSummary({ params: { customer_id: 'c1' } } as never)).resolves.toEqual({
      plan: 'pro',
    });
    expect(renewed).toEqual([{ baseURL: 'https://finance.example', accessToken: 'old' }]);
    expect(calls.map(({ init }) => headersOf(init).authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(calls[1]?.url).toBe('https://finance.example/customer/c1/plans');
    expect(heard).toHaveLength(0);
  });

  it("pass the finance API's second 401 to the caller's hook, and a failed renewal to the caller", async () => {
    const { calls, fetch } = recordingFetch(unauthorized);
    const heard: RouteErrorContext[] = [];
    const current = async () => ({ baseURL: 'https://finance.example', accessToken: 'a1' });
    const finance = createFinanceClient(
      { current, renew: current },
      { fetch, onResponseError: (context) => void heard.push(context) },
    );
    const summary = { params: { customer_id: 'c1' } } as never;
    await expect(finance.plans.planSummary(summary)).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
    expect(heard.map(({ options }) => options.route)).toEqual([routeTable.plans.planSummary]);
    const unrenewable = createFinanceClient({ current, renew }, { fetch });
    await expect(unrenewable.plans.planSummary(summary)).rejects.toThrow('not renewed here');
    expect(calls).toHaveLength(3);
  });
});

describe('the Idempotency-Key of a create route', () => {
  const keyOf = (call: { init: RequestInit } | undefined) =>
    headersOf(call?.init)[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const contact = { name: 'Grace', email: 'grace@navy.example', message: 'Hello', language: 'en' } as const;

  it("goes with each submission of the site's forms, a new one once the last was answered, and with no other call", async () => {
    const { calls, fetch } = recordingFetch(() => new Response(null, { status: 204 }));
    const site = createSiteClient({ baseURL: '/api', fetch, readXsrfToken: () => 't' });
    await site.leads.contact({ body: contact });
    await site.leads.contact({ body: contact });
    await site.marketing.unsubscribe({ body: { email: 'grace@navy.example' } });
    const [first, second, unsubscribe] = calls.map(keyOf);
    expect(first).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(second).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(second).not.toBe(first);
    expect(unsubscribe).toBeUndefined();
  });

  it('is one for a double click: the same submission sent again before the first is answered', async () => {
    const { calls, fetch } = recordingFetch(() => new Response(null, { status: 204 }));
    const site = createSiteClient({ baseURL: '/api', fetch, readXsrfToken: () => 't' });
    await Promise.all([
      site.leads.contact({ body: contact }),
      site.leads.contact({ body: contact }),
      site.leads.contact({ body: { ...contact, message: 'Something else' } }),
    ]);
    const [first, again, other] = calls.map(keyOf);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it('is kept for the retry of a submission that may not have arrived, and let go once it is answered', async () => {
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(new Response(null, { status: 204 })),
      () => Promise.resolve(new Response(null, { status: 204 })),
    ];
    const calls: RequestInit[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      calls.push(init);
      return (answers.shift() as () => Promise<Response>)();
    }) as typeof globalThis.fetch;
    const site = createSiteClient({ baseURL: '/api', fetch, readXsrfToken: () => 't' });
    await expect(site.leads.contact({ body: contact })).rejects.toMatchObject({ status: 0 });
    await site.leads.contact({ body: contact });
    await site.leads.contact({ body: contact });
    const [lost, retried, next] = calls.map((init) => keyOf({ init }));
    expect(retried).toBe(lost);
    expect(next).not.toBe(lost);
  });

  it('is made above the transport, so a call the transport repeats sends the same key', async () => {
    let failures = 1;
    const { calls, fetch } = recordingFetch(() =>
      failures-- > 0 ? new Response(null, { status: 503 }) : json({ id: 't1' }),
    );
    // As the finance client's ofetch asks again after renewing its token.
    const send = createRouteCaller(
      { baseURL: '/api', fetch, readXsrfToken: () => 't', askAgainOn: 503, onResponseError: () => {} },
      session,
    );
    const client = callersFor({ tags: { create: { ...create, creates: true } } }, send);
    await client.tags?.create?.({ body: { name: 'web' } });
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
  });
});
