import type { AddressInfo } from 'node:net';
import { ApiError, createApiClient } from '@tidewatch/contract/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();
let baseURL: string;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseURL = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
});
afterAll(() => t.app.close());

/** A browser's cookie jar over real HTTP, so the client runs as it would in a page. */
function cookieJarFetch() {
  const jar = new Map<string, string>();
  const jarFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const [name, value] = [pair.slice(0, index), pair.slice(index + 1)];
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  };
  return { jar, fetch: jarFetch };
}

function client() {
  const { jar, fetch } = cookieJarFetch();
  const api = createApiClient({ baseURL, fetch, readXsrfToken: () => jar.get('XSRF-TOKEN') });
  return { api, jar };
}

describe('the typed client', () => {
  it('signs in, fetching an XSRF token first, and reads the session', async () => {
    const { api } = client();
    const session = await api.auth.login({
      body: { email: 'manager@acme.example', password: 'tidewatch-demo' },
    });
    expect(session['customer/id']).toBe('acmecorp');
    const current = await api.auth.session();
    expect(current.user['user/email']).toBe('manager@acme.example');
    const billing = await api.customers.billing({ params: { id: 'acmecorp' } });
    expect(billing.customer_id).toBe('acmecorp');
  });

  it("raises ApiError with the server's status and field errors", async () => {
    const { api } = client();
    const failure = await api.auth
      .login({ body: { email: 'not-an-email', password: '' } })
      .catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(400);
    expect(failure.body.fieldErrors).toMatchObject({ email: ['Enter a valid email address'] });

    const unauthorised = await api.users.list().catch((error) => error);
    expect(unauthorised).toMatchObject({ status: 401, body: { error: 'Unauthorised' } });
  });

  it('ends the session with a 204 that resolves to nothing', async () => {
    const { api } = client();
    await api.auth.login({ body: { email: 'manager@acme.example', password: 'tidewatch-demo' } });
    await expect(api.auth.logout()).resolves.toBeUndefined();
    await expect(api.auth.session()).rejects.toMatchObject({ status: 401 });
  });

  it('reaches probes at the root, outside /api', async () => {
    const { api } = client();
    await expect(api.system.health()).resolves.toEqual({ status: 'ok' });
  });
});
