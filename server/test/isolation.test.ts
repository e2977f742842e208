import { API_SCOPES, contract, fillPath, type RouteDefinition } from '@tidewatch/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_PREFIX, INFRASTRUCTURE_GROUPS, json, useTestApp } from './helpers';

const t = useTestApp();

/** Valid bodies, so that every write reaches the tenant check (validation comes first). */
const BODIES: Record<string, unknown> = {
  'servers.update': { plan: 'gold' },
  'servers.bulkTags': { certnames: ['gx-web-01.globexco'], add: ['prod'] },
  'clusters.create': { name: 'sneaky', type: 'workload', provider: 'aws', plan: null },
  'clusters.update': { plan: 'gold' },
  'tags.create': { name: 'sneaky' },
  'tags.update': { name: 'sneaky' },
  'tags.members': { add: { servers: ['gx-web-01.globexco'] } },
  'contacts.create': { name: 'Sneaky', email: 'sneaky@acme.example', kinds: ['alert'] },
  'contacts.update': { name: 'Sneaky' },
  'features.set': { enabled: false },
  'changeRequests.open': { target: { kind: 'server', certname: 'gx-web-01.globexco' }, roles: ['nginx'] },
  'installTokens.create': { hostname: 'sneaky', plan: null },
};

describe("tenant isolation: acme's manager and globex's records", () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const tags = json<{ data: { id: string; name: string }[] }>(
      await admin.request('/api/tags?customer_id=globexco'),
    );
    ids.tag_id = tags.data.find((tag) => tag.name === 'prod')?.id ?? '';
    const contacts = json<{ data: { id: string }[] }>(
      await admin.request('/api/contacts?customer-id=globexco'),
    );
    ids.contact_id = contacts.data[0]?.id ?? '';
    const token = json<{ id: string }>(
      await admin.request('/api/customer/globexco/install-tokens', {
        method: 'POST',
        body: { hostname: 'gx-planned-01', plan: null },
      }),
    );
    ids.token_id = token.id;
    expect(Object.values(ids).every(Boolean)).toBe(true);
  });

  const routes = INFRASTRUCTURE_GROUPS.flatMap((group) =>
    Object.entries(contract[group] as Record<string, RouteDefinition>).map(([name, route]) => ({
      key: `${group}.${name}`,
      route,
    })),
  );

  function requestFor(route: RouteDefinition, customerId: string, certname: string) {
    const params = {
      customer_id: customerId,
      certname,
      tag_id: ids.tag_id ?? '',
      contact_id: ids.contact_id ?? '',
      token_id: ids.token_id ?? '',
      number: 1,
      feature_id: 'backups',
    };
    const query =
      route.tenant?.from === 'query'
        ? `?${route.tenant.key}=${customerId}${route.path.startsWith('/tags/team') ? '&name=Operations' : ''}`
        : '';
    return `/api${fillPath(route.path, params)}${query}`;
  }

  it.each(routes.map(({ key, route }) => [key, route] as const))(
    '%s answers 404 for globexco',
    async (key, route) => {
      const manager = await t.signedIn('manager@acme.example');
      const certname = key.startsWith('clusters') ? 'gx-apps.globexco' : 'gx-web-01.globexco';
      const response = await manager.request(requestFor(route, 'globexco', certname), {
        method: route.method,
        ...(route.body ? { body: BODIES[key] ?? {} } : {}),
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toMatch(/gx-|Globex|Operations/);
    },
  );

  it("answers 404 for globex's records named under acme's own id", async () => {
    const manager = await t.signedIn('manager@acme.example');
    const urls = [
      '/api/customer/acmecorp/servers/gx-web-01.globexco',
      '/api/customer/acmecorp/clusters/gx-apps.globexco',
      `/api/customer/acmecorp/tags/${ids.tag_id}`,
      `/api/customer/acmecorp/install-tokens/${ids.token_id}`,
    ];
    for (const url of urls) expect((await manager.request(url)).statusCode, url).toBe(404);
    const writes = [
      manager.request(`/api/customer/acmecorp/tags/${ids.tag_id}`, { method: 'DELETE' }),
      manager.request(`/api/customer/acmecorp/contacts/${ids.contact_id}`, {
        method: 'PATCH',
        body: { name: 'x' },
      }),
      manager.request(`/api/customer/acmecorp/contacts/${ids.contact_id}`, { method: 'DELETE' }),
      manager.request('/api/customer/acmecorp/servers/gx-web-01.globexco', { method: 'DELETE' }),
    ];
    for (const response of await Promise.all(writes)) expect(response.statusCode).toBe(404);
  });

  it("never shows globex rows in acme's lists", async () => {
    const manager = await t.signedIn('manager@acme.example');
    const lists = [
      '/api/customer/acmecorp/servers?limit=200',
      '/api/customer/acmecorp/servers?q=gx',
      '/api/customer/acmecorp/servers/export.csv',
      '/api/customer/acmecorp/servers/os',
      '/api/customer/acmecorp/clusters?limit=200',
      '/api/tags?customer_id=acmecorp',
      '/api/tags/team/customer/acmecorp',
      '/api/contacts?customer-id=acmecorp',
      '/api/customer/acmecorp/features',
      '/api/customer/acmecorp/change-requests',
      '/api/customer_details',
    ];
    for (const url of lists) {
      const response = await manager.request(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toMatch(/globex|gx-|Operations|Globex/);
    }
  });

  it("lets staff read and change globex's records", async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    expect((await admin.request('/api/customer/globexco/servers/gx-web-01.globexco')).statusCode).toBe(200);
    const finance = await t.signedIn('finance@tidewatch.example');
    expect((await finance.request('/api/customer/globexco/servers?limit=1')).statusCode).toBe(200);
    const refused = await finance.request('/api/customer/globexco/change-requests', {
      method: 'POST',
      body: BODIES['changeRequests.open'],
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("API tokens: acme's token against globex's ids, and each scope against every route it lacks", () => {
  /**
   * Served outside the signed-in API, each with a credential of its own (agents, calendar addresses,
   * mail links, browsers' CSP reports): an API token is nothing to them.
   */
  const OUTSIDE = new Set(['agent', 'serviceWindowPublic', 'mailLinks']);
  const routes = Object.entries(contract)
    .filter(([group]) => !OUTSIDE.has(group))
    .flatMap(([group, routes]) =>
      Object.entries(routes as Record<string, RouteDefinition>)
        .filter(([name, route]) => route.mount !== 'root' && `${group}.${name}` !== 'reports.csp')
        .map(([name, route]) => ({ key: `${group}.${name}`, route })),
    );
  const scoped = routes.filter(({ route }) => route.tokenScope);
  const tokens: Record<string, string> = {};

  const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
  const urlOf = (route: RouteDefinition, customerId: string) => {
    const params: Record<string, string> = {
      customer_id: customerId,
      certname: customerId === 'globexco' ? 'gx-web-01.globexco' : 'web-01.acmecorp',
    };
    const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? NO_SUCH_ID);
    const query = route.tenant?.from === 'query' ? `?${route.tenant.key}=${customerId}` : '';
    return `${route.mount === 'finance' ? FINANCE_PREFIX : '/api'}${path}${query}`;
  };
  /** Valid bodies, so that a write reaches the tenant check (validation comes first). */
  const bodies: Record<string, object> = {
    'servers.update': BODIES['servers.update'] as object,
    'servers.bulkTags': BODIES['servers.bulkTags'] as object,
    'serviceWindows.propose': {
      tag_id: NO_SUCH_ID,
      settings: {
        weekdays: [2],
        start: '02:00',
        duration_minutes: 120,
        timezone: 'Europe/Copenhagen',
        reboot_allowed: true,
        applies_to: 'servers',
        notice_minutes: 60,
      },
    },
    'serviceWindows.requestExemption': {
      window_id: NO_SUCH_ID,
      certnames: ['gx-web-01.globexco'],
      reason: 'x',
    },
  };
  const call = (token: string, route: RouteDefinition, customerId: string, key = '') =>
    t.app.inject({
      method: route.method,
      url: urlOf(route, customerId),
      headers: { authorization: `Bearer ${token}` },
      ...(route.body ? { payload: bodies[key] ?? {} } : {}),
    });

  beforeAll(async () => {
    const manager = await t.signedIn('manager@acme.example');
    for (const scope of ['all', ...API_SCOPES]) {
      const made = await manager.request('/api/customer/acmecorp/api-tokens', {
        method: 'POST',
        body: {
          name: `All but ${scope}`,
          scopes: API_SCOPES.filter((held) => held !== scope),
        },
      });
      tokens[scope] = json<{ token: string }>(made).token;
    }
  });

  it('covers the routes a token reaches', () => {
    expect(scoped.length).toBeGreaterThan(20);
  });

  it.each(scoped.filter(({ route }) => route.tenant).map(({ key, route }) => [key, route] as const))(
    '%s answers 404 for globexco',
    async (key, route) => {
      const response = await call(tokens.all ?? '', route, 'globexco', key);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toMatch(/gx-|Globex/);
    },
  );

  it.each(scoped.map(({ key, route }) => [key, route] as const))(
    '%s is refused to a token without its scope',
    async (_key, route) => {
      const response = await call(tokens[route.tokenScope ?? ''] ?? '', route, 'acmecorp');
      expect(response.statusCode, response.body).toBe(403);
      expect(json(response).message).toBe(`This API token does not have the ${route.tokenScope} scope`);
    },
  );

  it.each(routes.filter(({ route }) => !route.tokenScope).map(({ key, route }) => [key, route] as const))(
    '%s is refused to any token',
    async (_key, route) => {
      const response = await call(tokens.all ?? '', route, 'acmecorp');
      expect(response.statusCode, response.body).toBe(403);
      expect(json(response).message).toBe('API tokens cannot call this route; sign in instead');
    },
  );
});
