import { API_SCOPES, contract, type RouteDefinition } from '@tidewatch/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { clusters, rateLimits, servers } from '../src/db/schema';
import { hashSecret } from '../src/modules/agent/tokens';
import { checkCeilings } from '../src/modules/invoices/ceilings';
import { advanceWindows } from '../src/modules/service-windows';
import { sendWindowNotices } from '../src/modules/service-windows/jobs';
import { FINANCE_PREFIX, json, type TestBrowser, useTestApp } from './helpers';

const t = useTestApp();

/** Fixed, so that a failure can be replayed; fast-check prints it with the counterexample. */
const SEED = 20261124;
const RUNS_PER_ROUTE = 8;

/** Tables that change on every request whatever its answer: sessions, counters and the audit trail. */
const BOOKKEEPING_TABLES = [
  'sessions',
  'rate_limits',
  'audit_log',
  'finance_token_families',
  'finance_refresh_tokens',
  // A token's "last used" moves with every call, refused or not.
  'api_tokens',
];

/** Not among the certnames the routes are fed, so that no decommission takes its credential away. */
const AGENT_SERVER = 'db-01.acmecorp';
const SERVER_CREDENTIAL = 'twa_hostile-input-server';
const CLUSTER_CREDENTIAL = 'twc_hostile-input-cluster';
const agentSecrets = { installToken: '', bootstrapToken: '' };

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  'x\ud800',
  '\udfffx',
  '',
  ' ',
  'x'.repeat(5000),
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  '\u202e<script>',
];
const HOSTILE_NUMBERS = [-1, 0, 1, 2_147_483_647, 2_147_483_648, -2_147_483_649, 1.5, 1e308, 2 ** 53 + 2];
const HOSTILE_TIMES = [
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-14:00',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '2026-02-30T00:00:00Z',
  '2026-11-02T09:00:00Z',
];
const FORGED_CURSORS = [
  base64url(['not a date', 'web-01.acmecorp']),
  base64url(['many', 'shop-prod.acmecorp']),
  base64url(['2147483648', 'a']),
  base64url(['0000-01-01 00:00:00+00', 'a']),
  base64url(['\u0000', 'a\u0000']),
  base64url(['1970-01-01 00:00:00+00', 'a']),
  base64url({ key: 1 }),
  '!!!',
  'bm90LWEtY3Vyc29y',
];
const WRONG_TYPES = [null, true, 12, 'text', [], {}, ['\u0000'], { a: '\u0000' }];

/** Good values by field name for what the schema alone does not say (a real customer, a known zone). */
const SAMPLES: Record<string, unknown[]> = {
  customer_id: ['acmecorp'],
  customerId: ['acmecorp'],
  'customer-id': ['acmecorp'],
  id: ['acmecorp'],
  certname: ['web-01.acmecorp', 'shop-prod.acmecorp'],
  certnames: ['web-01.acmecorp'],
  country: ['DK', 'DE'],
  timezone: ['Europe/Copenhagen', 'UTC'],
  tag: ['staging'],
  name: ['staging', 'Hostile Input'],
  tags: ['staging', 'database'],
  roles: ['nginx'],
};

type Def = { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] } & Record<string, unknown>;
const defOf = (schema: unknown) => (schema as z.ZodType)._zod.def as unknown as Def;
const checksOf = (def: Def) => (def.checks ?? []).map((check) => check._zod.def);
const bound = (def: Def, check: string, key: 'minimum' | 'maximum' | 'value') =>
  checksOf(def).find((item) => item.check === check)?.[key] as number | undefined;

/** Text that passes the field's length rule but carries what cannot be stored, at a random place. */
const unstorable = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.nat()).map(([value, bad, at]) => {
    const cut = value.length ? at % value.length : 0;
    return `${value.slice(0, cut)}${bad}${value.slice(cut + 1)}`;
  });

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);
/** The schema a value is checked against first, under optional, default, pipe and the like. */
function leafOf(schema: unknown): Def {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return leafOf(def.innerType);
  if (def.type === 'pipe') return leafOf(def.in);
  return def;
}

/** Text within the field's length rule, now and then carrying what cannot be stored. */
const textFitting = (def: Def) => {
  const plain = fc.string({
    minLength: Math.max(bound(def, 'min_length', 'minimum') ?? 0, 1),
    maxLength: Math.min(bound(def, 'max_length', 'maximum') ?? 40, 40),
  });
  return fc.oneof({ arbitrary: plain, weight: 2 }, { arbitrary: unstorable(plain), weight: 1 });
};

/**
 * A field's value: mostly one that fits its schema's visible rules (lengths, bounds, patterns,
 * formats) though not always what the database takes (NUL in text of the right length, a far
 * date in the right format, a number past `integer`); sometimes one of a wrong type or plainly
 * hostile. The more fields beside it, the rarer that is, so that most requests get past
 * validation but for the values the database would refuse.
 */
function valueFor(schema: unknown, key: string, siblings: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fitting(schema, key), weight: 2 * siblings },
    { arbitrary: hostile(schema, key), weight: 1 },
  );
}

function hostile(schema: unknown, key: string): fc.Arbitrary<unknown> {
  const def = leafOf(schema);
  const wrongType = fc.constantFrom(...WRONG_TYPES);
  if (def.type === 'number') return fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.double(), wrongType);
  if (def.type !== 'string') return fc.oneof(wrongType, fc.constantFrom(...HOSTILE_TEXT, ...HOSTILE_NUMBERS));
  if (key === 'cursor') return fc.constantFrom(...FORGED_CURSORS);
  return fc.oneof(fc.constantFrom(...HOSTILE_TEXT, ...HOSTILE_TIMES), wrongType);
}

/** A good sample for the field's name, most of the time, or else any value of the type it expects. */
function fitting(schema: unknown, key: string): fc.Arbitrary<unknown> {
  const samples = leafOf(schema).type === 'array' ? undefined : SAMPLES[key];
  const byType = fittingType(schema, key);
  return samples
    ? fc.oneof({ arbitrary: fc.constantFrom(...samples), weight: 3 }, { arbitrary: byType, weight: 1 })
    : byType;
}

function fittingType(schema: unknown, key: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      if (key === 'cursor') return fc.constantFrom(...FORGED_CURSORS);
      if (def.format === 'datetime') {
        const valid = fc.date({ min: new Date(0), max: new Date('9999-12-31'), noInvalidDate: true });
        return fc.oneof(
          { arbitrary: valid.map((date) => date.toISOString()), weight: 2 },
          { arbitrary: fc.constantFrom(...HOSTILE_TIMES), weight: 1 },
        );
      }
      if (def.format === 'uuid') return fc.uuid();
      if (def.format === 'email') return fc.constant('someone@example.com');
      const pattern = checksOf(def).find((item) => item.format === 'regex')?.pattern as RegExp | undefined;
      return pattern && !pattern.unicode ? fc.stringMatching(pattern) : textFitting(def);
    }
    case 'number': {
      const min = bound(def, 'greater_than', 'value') ?? -(2 ** 40);
      const max = bound(def, 'less_than', 'value') ?? 2 ** 40;
      const int = checksOf(def).some((item) => item.format === 'safeint');
      return int ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const names = Object.keys(shape);
      const fields = Object.fromEntries(
        names.map((name) => [name, valueFor(shape[name], name, names.length)]),
      );
      return fc.record(fields, { requiredKeys: names.filter((name) => !isOptional(shape[name])) });
    }
    case 'array':
      return fc.array(valueFor(def.element, key, 3), {
        minLength: bound(def, 'min_length', 'minimum') ?? 0,
        maxLength: Math.min(bound(def, 'max_length', 'maximum') ?? 3, 3),
      });
    case 'record':
      return fc.dictionary(
        valueFor(def.keyType, '', 3).filter((name): name is string => typeof name === 'string'),
        valueFor(def.valueType, '', 3),
        { maxKeys: 3 },
      );
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => fitting(option, key)));
    case 'pipe':
      // An address is checked by what it is piped into; other pipes only tidy what came in.
      return fitting(defOf(def.out).format ? def.out : def.in, key);
    case 'nullable':
      return fc.oneof(fc.constant(null), fitting(def.innerType, key));
    default:
      if (WRAPPERS.has(def.type)) return fitting(def.innerType, key);
      return fc.oneof(fc.jsonValue(), fc.constantFrom(...WRONG_TYPES));
  }
}

/** Fields a request may leave out, which the generated ones then sometimes do. */
const isOptional = (schema: unknown) => (schema as z.ZodType)._zod.optin === 'optional';

/** Every byte percent-encoded, so that text no URL would carry (NUL, lone surrogates) still goes out. */
const percentEncoded = (value: unknown) =>
  [...Buffer.from(String(value), 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

function urlOf(route: RouteDefinition, params: Record<string, unknown>, query: Record<string, unknown>) {
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    params[name] === undefined ? 'x' : percentEncoded(params[name]),
  );
  const search = Object.entries(query)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => [name, item]))
    .map(([name, item]) => `${percentEncoded(name)}=${percentEncoded(item)}`)
    .join('&');
  const mount = route.mount === 'root' ? '' : route.mount === 'finance' ? FINANCE_PREFIX : '/api';
  return `${mount}${path}${search ? `?${search}` : ''}`;
}

/** The credential an agent call presents, by what it authenticates with. */
function agentHeaders(route: RouteDefinition): Record<string, string> {
  const secret = route.path.startsWith('/agent/install/')
    ? agentSecrets.installToken
    : route.path === '/agent/cluster/bootstrap'
      ? agentSecrets.bootstrapToken
      : route.path === '/agent/cluster/ping'
        ? CLUSTER_CREDENTIAL
        : route.path === '/agent/ping'
          ? SERVER_CREDENTIAL
          : undefined;
  return secret ? { authorization: `Bearer ${secret}` } : {};
}

/** Row counts and a digest of every row of every table but the bookkeeping ones, in one query. */
async function fingerprint(): Promise<string> {
  const { db } = t.database;
  // The service windows' minutely job and the ceiling alerts run first at the test's fixed clock, so
  // their timers find nothing left to change mid-comparison; then mail queued earlier is delivered,
  // for the same reason.
  const now = t.clock.now();
  await advanceWindows(db, now);
  await sendWindowNotices(db, t.app.mailer, t.app.log, now, 'http://localhost:3000');
  await checkCeilings(db, t.app.mailer, t.app.log, now, 'http://localhost:3000');
  await t.app.mailer.drain();
  const tables = (
    (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows
    .map((row) => row.table_name)
    .filter((name) => !BOOKKEEPING_TABLES.includes(name));
  const digests = tables.map(
    (name) =>
      `'${name}:' || (select count(*) || ':' || coalesce(md5(string_agg(r::text, '|' order by r::text)), '') from "${name}" r)`,
  );
  const result = (await db.execute(
    sql.raw(`select ${digests.join(` || ' ' || `)} as fingerprint`),
  )) as unknown as {
    rows: { fingerprint: string }[];
  };
  return result.rows[0]?.fingerprint ?? '';
}

/**
 * Sends generated input, fitting and hostile, to a route: it never answers 5xx, and a refusal
 * leaves every table as it was.
 */
async function refusesHostileInput(
  route: RouteDefinition,
  send: (url: string, body: unknown) => Promise<LightMyRequestResponse>,
) {
  const input = fc.record({
    params: route.params ? fitting(route.params, '') : fc.constant({}),
    query: route.query ? fitting(route.query, '') : fc.constant({}),
    body: route.body ? valueFor(route.body, '', 4) : fc.constant(undefined),
  });
  let before = await fingerprint();
  await fc.assert(
    fc.asyncProperty(input, async ({ params, query, body }) => {
      // Counters would turn hostile requests into 429s before their input is looked at.
      await t.database.db.delete(rateLimits);
      const response = await send(
        urlOf(route, params as Record<string, unknown>, query as Record<string, unknown>),
        body,
      );
      expect(response.statusCode, response.body).toBeLessThan(500);
      const after = await fingerprint();
      if (response.statusCode >= 400) expect(after, `${response.statusCode} ${response.body}`).toBe(before);
      before = after;
    }),
    { numRuns: RUNS_PER_ROUTE, seed: SEED },
  );
}

const routesWithInput = Object.entries(contract).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteDefinition>)
    .filter(([, route]) => route.params || route.query || route.body)
    .map(([name, route]) => [`${route.method} ${route.path} (${group}.${name})`, route] as const),
);

beforeAll(async () => {
  const { db } = t.database;
  await db
    .update(servers)
    .set({ agentCredentialHash: hashSecret(SERVER_CREDENTIAL), status: 'active' })
    .where(eq(servers.certname, AGENT_SERVER));
  await db
    .update(clusters)
    .set({ agentCredentialHash: hashSecret(CLUSTER_CREDENTIAL), status: 'active' })
    .where(eq(clusters.certname, 'shop-prod.acmecorp'));
  const manager = await t.signedIn('manager@acme.example');
  const install = await manager.request('/api/customer/acmecorp/install-tokens', {
    method: 'POST',
    body: { hostname: 'hostile-01', plan: null, roles: [] },
  });
  agentSecrets.installToken = json<{ token: string }>(install).token;
  const cluster = await manager.request('/api/customer/acmecorp/clusters', {
    method: 'POST',
    body: { name: 'hostile-k8s', type: 'workload', provider: 'aws', plan: null },
  });
  agentSecrets.bootstrapToken = json<{ bootstrap: { token: string } }>(cluster).bootstrap.token;
});

describe('hostile input on every route', () => {
  it('covers the routes that take input', () => {
    expect(routesWithInput.length).toBeGreaterThan(50);
  });

  it.each(routesWithInput)('%s never answers 5xx, and a refusal changes nothing', async (_name, route) => {
    const admin = await t.signedIn('admin@tidewatch.example');
    // The finance API takes the bearer token only.
    const bearer: Record<string, string> =
      route.mount === 'finance'
        ? { authorization: `Bearer ${(await admin.financeTokens()).access_token}` }
        : {};
    await refusesHostileInput(route, (url, body) =>
      admin.request(url, {
        method: route.method,
        headers: { ...agentHeaders(route), ...bearer },
        ...(body !== undefined && { body }),
      }),
    );
  });
});

describe('hostile input with an API token', () => {
  const scoped = routesWithInput.filter(([, route]) => route.tokenScope);
  let token = '';

  beforeAll(async () => {
    const manager = await t.signedIn('manager@acme.example');
    const made = await manager.request('/api/customer/acmecorp/api-tokens', {
      method: 'POST',
      body: { name: 'Hostile', scopes: [...API_SCOPES] },
    });
    token = json<{ token: string }>(made).token;
  });

  it.each(scoped)('%s never answers 5xx, and a refusal changes nothing', async (_name, route) => {
    await refusesHostileInput(route, (url, body) =>
      t.app.inject({
        method: route.method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body !== undefined && { payload: body as object }),
      }),
    );
  });
});

describe('hostile input seen in the attack', () => {
  const expectRefused = (response: LightMyRequestResponse, field: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(json<{ fieldErrors: Record<string, string[]> }>(response).fieldErrors)).toContain(
      field,
    );
  };
  const post = (browser: TestBrowser, url: string, body: unknown) =>
    browser.request(url, { method: 'POST', body });

  it.each([
    [
      '/api/sign-up',
      {
        name: 'Ada\u0000',
        company_name: 'Analytical Engines GmbH',
        country: 'DE',
        timezone: 'Europe/Berlin',
        email: 'ada@engines.example',
        alert_email: 'alerts@engines.example',
        address: 'Unter den Linden 1',
        city: 'Berlin',
        zipcode: '10117',
        billing_email: 'billing@engines.example',
        invoice_language: 'en',
        terms_accepted: true,
      },
      'name',
    ],
    ['/api/leads/contact', { name: 'Grace', email: 'grace@navy.example', message: 'Hi\u0000' }, 'message'],
    [
      '/api/leads/solutions-brief',
      {
        name: 'Karen',
        email: 'karen@rungstedlund.example',
        phone: '+45 12 34 56 78',
        company: 'Rungstedlund',
        job_role: 'IT\u0000',
      },
      'job_role',
    ],
    [
      '/api/leads/reseller-applications',
      {
        company: 'Fjord\u0000',
        name: 'Niels',
        email: 'niels@fjordhosting.example',
        country: 'DK',
        expected_customers: '1-4',
      },
      'company',
    ],
    [
      '/api/report/error',
      {
        type: 'UI ERROR',
        time: '2026-11-02T09:00:00Z',
        app: 'portal',
        page: '/',
        user: null,
        stack: 'x\u0000',
      },
      'stack',
    ],
    [
      '/api/report/error',
      {
        type: 'API ERROR',
        time: '2026-11-02T09:00:00Z',
        app: 'portal',
        page: '/',
        user: null,
        error: { url: '/api/x', requestData: { note: 'x\u0000' }, status: 500 },
      },
      'error.requestData',
    ],
  ])('NUL in a public form: %s is refused', async (url, body, field) => {
    const before = await fingerprint();
    expectRefused(await post(t.browser(), url, body), field);
    expect(await fingerprint()).toBe(before);
  });

  it('NUL in a profile name, a change-request title and a search is refused', async () => {
    const manager = await t.signedIn('manager@acme.example');
    expectRefused(
      await manager.request('/api/user/me', { method: 'PATCH', body: { name: 'Frank\u0000' } }),
      'name',
    );
    expectRefused(
      await post(manager, '/api/customer/acmecorp/change-requests', {
        target: { kind: 'server', certname: 'web-01.acmecorp' },
        title: 'Add\u0000',
        roles: [],
      }),
      'title',
    );
    expectRefused(await manager.request('/api/customer/acmecorp/servers?q=web%00'), 'q');
    expectRefused(await manager.request('/api/customer/acmecorp/clusters?q=shop%00'), 'q');
  });

  it('a cursor whose key does not fit the sort column is refused', async () => {
    const manager = await t.signedIn('manager@acme.example');
    expectRefused(
      await manager.request(
        `/api/customer/acmecorp/servers?sort=last_seen&cursor=${base64url(['not a date', 'web-01.acmecorp'])}`,
      ),
      'cursor',
    );
    expectRefused(
      await manager.request(
        `/api/customer/acmecorp/clusters?sort=node_count&cursor=${base64url(['many', 'shop-prod.acmecorp'])}`,
      ),
      'cursor',
    );
    // Cursors the lists give out still work, times included.
    const first = json<{ next_cursor: string }>(
      await manager.request('/api/customer/acmecorp/servers?sort=-last_seen&limit=2'),
    );
    const next = await manager.request(
      `/api/customer/acmecorp/servers?sort=-last_seen&limit=2&cursor=${first.next_cursor}`,
    );
    expect(next.statusCode, next.body).toBe(200);
  });

  it('staff naming a customer that does not exist get a 404, not a failed write', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const before = await fingerprint();
    const tag = await post(admin, '/api/customer/nosuchco/tags', { name: 'staging', type: 'plain' });
    expect(tag.statusCode, tag.body).toBe(404);
    const token = await post(admin, '/api/customer/nosuchco/install-tokens', {
      hostname: 'web-09',
      plan: null,
    });
    expect(token.statusCode, token.body).toBe(404);
    expect(await fingerprint()).toBe(before);
  });

  it('a change-request number above the integer column is refused', async () => {
    const manager = await t.signedIn('manager@acme.example');
    expectRefused(await manager.request('/api/customer/acmecorp/change-requests/2147483648'), 'number');
  });

  it.each(['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00'])(
    'a time PostgreSQL cannot store (%s) is refused in error reports and pings, and the ping writes nothing',
    async (time) => {
      const before = await fingerprint();
      expectRefused(
        await post(t.browser(), '/api/report/error', {
          type: 'UI ERROR',
          time,
          app: 'portal',
          page: '/',
          user: null,
          stack: 'x',
        }),
        'time',
      );
      const ping = await t.app.inject({
        method: 'POST',
        url: '/api/agent/ping',
        headers: { authorization: `Bearer ${SERVER_CREDENTIAL}` },
        payload: { run: { started_at: time, duration_ms: 1000, status: 'changed', summary: 'ok' } },
      });
      expectRefused(ping, 'run.started_at');
      expect(await fingerprint()).toBe(before);
    },
  );

  it('NUL in an agent run summary and an install failure reason is refused', async () => {
    const before = await fingerprint();
    const ping = await t.app.inject({
      method: 'POST',
      url: '/api/agent/ping',
      headers: { authorization: `Bearer ${SERVER_CREDENTIAL}` },
      payload: {
        run: {
          started_at: '2026-11-02T08:00:00Z',
          duration_ms: 1000,
          status: 'changed',
          summary: 'ok\u0000',
        },
      },
    });
    expectRefused(ping, 'run.summary');
    const failure = await t.app.inject({
      method: 'POST',
      url: '/api/agent/install/failure',
      headers: { authorization: `Bearer ${agentSecrets.installToken}` },
      payload: { customer_id: 'acmecorp', reason: 'apt failed\u0000' },
    });
    expectRefused(failure, 'reason');
    expect(await fingerprint()).toBe(before);
  });
});
