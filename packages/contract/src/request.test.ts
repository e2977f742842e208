import { describe, expect, it } from 'vitest';
import { ApiError, createRouteCaller } from './request';
import type { RouteAddress } from './route-table';

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
