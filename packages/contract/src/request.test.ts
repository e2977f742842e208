import { describe, expect, it } from 'vitest';
import { ApiError, callersFor, createRouteCaller } from './request';
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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('calling a route over fetch', () => {
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
    expect(calls[0]?.init).toMatchObject({
      method: 'DELETE',
      body: '{"reason":"x"}',
      headers: { 'X-XSRF-TOKEN': 'token', 'content-type': 'application/json' },
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

  it('names the status when a proxy answers with something other than our error body', async () => {
    const { fetch } = recordingFetch(() => new Response('<html>Unavailable</html>', { status: 503 }));
    const call = createRouteCaller({ baseURL: '/api', fetch }, session);
    await expect(call(list, { params: { id: 'acme' } })).rejects.toMatchObject({
      status: 503,
      body: { error: 'Service Unavailable' },
    });
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

describe('the Idempotency-Key of a create route', () => {
  const keyOf = (call: { init: RequestInit } | undefined) =>
    (call?.init.headers as Record<string, string> | undefined)?.[IDEMPOTENCY_KEY_HEADER];
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
    const send = createRouteCaller({ baseURL: '/api', fetch, readXsrfToken: () => 't' }, session);
    // As the finance client repeats a call after renewing its token: the same route and input again.
    const retrying: typeof send = (route, input) => send(route, input).catch(() => send(route, input));
    const client = callersFor({ tags: { create: { ...create, creates: true } } }, retrying);
    await client.tags?.create?.({ body: { name: 'web' } });
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
  });
});
