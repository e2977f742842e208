import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_STREAM_RETRY_MS } from '@tidewatch/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { portalEvents, timeMonths, users } from '../src/db/schema';
import { drainBeforeClosing } from '../src/plugins/drain';
import { json, TEST_SECRET, type TestBrowser, testConfig, useTestApp } from './helpers';

const t = useTestApp();

interface Frame {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: true;
}

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const cookieOf = (browser: TestBrowser) =>
  [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * One Server-Sent Events stream over real HTTP, on a connection of its own, its frames parsed as a
 * browser's EventSource reads them.
 */
async function openStream(app: FastifyInstance, browser: TestBrowser, headers: Record<string, string> = {}) {
  const request = http.get(`${urlOf(app)}/api/events`, {
    agent: false,
    headers: { cookie: cookieOf(browser), ...headers },
  });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve).once('error', reject);
  });
  const frames: Frame[] = [];
  let body = '';
  let finished = false;
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    body += chunk;
    for (let end = body.indexOf('\n\n'); end >= 0; end = body.indexOf('\n\n')) {
      const frame: Frame = {};
      for (const line of body.slice(0, end).split('\n')) {
        if (line.startsWith(':')) frame.comment = true;
        else {
          const colon = line.indexOf(':');
          (frame as Record<string, string>)[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
        }
      }
      frames.push(frame);
      body = body.slice(end + 2);
    }
  });
  response.on('close', () => {
    finished = true;
  });
  // Closed by the test.
  request.on('error', () => {});
  return {
    status: response.statusCode,
    headers: response.headers,
    /** A refusal's JSON, once it has all come. */
    async refusal() {
      await expect.poll(() => finished).toBe(true);
      return JSON.parse(body) as { message: string };
    },
    frames,
    events: (name?: string) => frames.filter((frame) => frame.event && (!name || frame.event === name)),
    /** The id the stream names for a reconnect: the last `id:` it sent. */
    lastId: () => frames.findLast((frame) => frame.id !== undefined)?.id,
    /** Waits for an event of `name` whose data matches `data`. */
    async next(name: string, data: Record<string, unknown> = {}, timeout = 5_000) {
      const matching = () =>
        frames.find(
          (frame) =>
            frame.event === name &&
            Object.entries(data).every(([key, value]) => JSON.parse(frame.data ?? '{}')[key] === value),
        );
      await expect.poll(() => matching() !== undefined, { timeout }).toBe(true);
      return JSON.parse(matching()?.data ?? '{}') as Record<string, unknown>;
    },
    isFinished: () => finished,
    close: () => request.destroy(),
  };
}
type Stream = Awaited<ReturnType<typeof openStream>>;

/** The servers a stream heard of, each once. */
const serverEvents = (stream: Stream) => [
  ...new Set(stream.events('server.changed').map((frame) => JSON.parse(frame.data ?? '{}').id as string)),
];

/** Changes a server's tags through the API, as a manager or staff member does: takes them off, or puts one on. */
async function retag(browser: TestBrowser, customerId: string, certname: string, app = t.app) {
  const path = `/api/customer/${customerId}/servers/${certname}`;
  const current = json<{ tags: string[] }>(await browser.request(path)).tags;
  const someTag = async () =>
    json<{ data: { name: string }[] }>(await browser.request(`/api/tags?customer_id=${customerId}`)).data[0]
      ?.name ?? '';
  const tags = current.length > 0 ? [] : [await someTag()];
  const headers = { cookie: cookieOf(browser), 'x-xsrf-token': browser.cookies.get('XSRF-TOKEN') ?? '' };
  const response = await app.inject({ method: 'PATCH', url: path, headers, payload: { tags } });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});

describe('who hears what', () => {
  it("sends a customer's server changes to its users and staff, never to another customer", async () => {
    const [acme, globex, admin, finance] = await Promise.all([
      t.signedIn('user@acme.example'),
      t.signedIn('manager@globex.example'),
      t.signedIn('admin@tidewatch.example'),
      t.signedIn('finance@tidewatch.example'),
    ]);
    const streams = await Promise.all([acme, globex, admin, finance].map((who) => openStream(t.app, who)));
    const [acmeStream, globexStream, adminStream, financeStream] = streams as [
      Stream,
      Stream,
      Stream,
      Stream,
    ];
    expect(acmeStream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(acmeStream.headers['cache-control']).toBe('no-cache');
    expect(acmeStream.headers['x-accel-buffering']).toBe('no');
    await expect.poll(() => acmeStream.frames[0]).toEqual({ retry: String(EVENT_STREAM_RETRY_MS) });

    await retag(admin, 'globexco', 'gx-web-01.globexco');
    for (const stream of [globexStream, adminStream, financeStream]) {
      expect(await stream.next('server.changed', { id: 'gx-web-01.globexco' })).toEqual({
        customer_id: 'globexco',
        kind: 'server',
        id: 'gx-web-01.globexco',
      });
    }
    // Acme's own change reaches Acme after Globex's: by then Globex's would have, had it been sent.
    await retag(admin, 'acmecorp', 'web-01.acmecorp');
    await acmeStream.next('server.changed', { id: 'web-01.acmecorp' });
    await adminStream.next('server.changed', { id: 'web-01.acmecorp' });
    expect(serverEvents(acmeStream)).toEqual(['web-01.acmecorp']);
    expect(serverEvents(globexStream)).toEqual(['gx-web-01.globexco']);
    for (const stream of streams) stream.close();
  });

  it('sends staff work only to staff whose pages show it, and an impersonator what the impersonated sees', async () => {
    const [acme, admin, finance, approver, tam] = await Promise.all([
      t.signedIn('user@acme.example'),
      t.signedIn('admin@tidewatch.example'),
      t.signedIn('finance@tidewatch.example'),
      t.signedIn('approver@tidewatch.example'),
      t.signedIn('tam@tidewatch.example'),
    ]);
    const impersonator = await t.signedIn('master@tidewatch.example');
    const [acmeUser] = await t.database.db.select().from(users).where(eq(users.email, 'user@acme.example'));
    const started = await impersonator.request('/api/auth/impersonate', {
      method: 'POST',
      body: { 'user-id': acmeUser?.id, reason: 'Checking what the customer sees' },
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const who = [acme, admin, finance, approver, tam, impersonator];
    const [acmeStream, adminStream, financeStream, approverStream, tamStream, impersonatorStream] =
      (await Promise.all(who.map((browser) => openStream(t.app, browser)))) as Stream[] as [
        Stream,
        Stream,
        Stream,
        Stream,
        Stream,
        Stream,
      ];

    const visitor = t.browser();
    const conversation = await visitor.request('/api/chat/conversations', {
      method: 'POST',
      body: { name: 'Event Visitor', email: 'visitor@events.example', locale: 'en', page: '/' },
    });
    expect(conversation.statusCode, conversation.body).toBe(201);
    const conversationId = json<{ id: string }>(conversation).id;
    await adminStream.next('chat.message', { conversation_id: conversationId });

    const [tamUser] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'tam@tidewatch.example'));
    await t.database.db.insert(timeMonths).values({
      employeeId: tamUser?.id ?? '',
      month: '2031-01',
      status: 'submitted',
      submittedAt: t.clock.now(),
    });
    await approverStream.next('approval.changed', { user_id: tamUser?.id, month: '2031-01' });
    await tamStream.next('approval.changed', { month: '2031-01' });

    // Last, a change all of them may see: what they were not sent before it, they were never sent.
    await retag(admin, 'acmecorp', 'web-01.acmecorp');
    for (const stream of [acmeStream, adminStream, financeStream, approverStream, impersonatorStream]) {
      await stream.next('server.changed', { id: 'web-01.acmecorp' });
    }
    for (const stream of [acmeStream, financeStream, impersonatorStream]) {
      expect(stream.events('chat.message')).toEqual([]);
      expect(stream.events('approval.changed')).toEqual([]);
    }
    expect(adminStream.events('approval.changed')).toEqual([]);
    for (const stream of [
      acmeStream,
      adminStream,
      financeStream,
      approverStream,
      tamStream,
      impersonatorStream,
    ])
      stream.close();
  });

  it('writes nothing for an agent ping or a row written as it was', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(portalEvents);
    await t.database.db.execute(
      sql`update servers set last_ping_at = now(), plan = plan, status = status where customer_id = 'acmecorp'`,
    );
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(portalEvents);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe('reconnecting', () => {
  it('catches a tab up from Last-Event-ID with what it missed, and only what it may see', async () => {
    const acme = await t.signedIn('user@acme.example');
    const admin = await t.signedIn('admin@tidewatch.example');
    const first = await openStream(t.app, acme);
    await expect.poll(() => first.lastId()).toBeDefined();
    const lastId = first.lastId() ?? '';
    first.close();

    await retag(admin, 'globexco', 'gx-web-01.globexco');
    await retag(admin, 'acmecorp', 'web-01.acmecorp');
    const again = await openStream(t.app, acme, { 'last-event-id': lastId });
    await again.next('server.changed', { id: 'web-01.acmecorp' });
    expect(serverEvents(again)).toEqual(['web-01.acmecorp']);
    expect(Number(again.lastId())).toBeGreaterThan(Number(lastId));
    again.close();
  });
});

describe('the session', () => {
  it('ends the stream with session.ended when the session is signed out from another request', async () => {
    const acme = await t.signedIn('user@acme.example');
    const stream = await openStream(t.app, acme);
    await expect.poll(() => stream.lastId()).toBeDefined();
    expect((await acme.request('/api/auth', { method: 'DELETE' })).statusCode).toBe(204);
    expect(await stream.next('session.ended')).toEqual({});
    await expect.poll(() => stream.isFinished()).toBe(true);
  });

  it("another session's end is not this one's", async () => {
    const [first, second] = [await t.signedIn('user@acme.example'), await t.signedIn('user@acme.example')];
    const stream = await openStream(t.app, first);
    await expect.poll(() => stream.lastId()).toBeDefined();
    await second.request('/api/auth', { method: 'DELETE' });
    await retag(await t.signedIn('admin@tidewatch.example'), 'acmecorp', 'web-01.acmecorp');
    await stream.next('server.changed', { id: 'web-01.acmecorp' });
    expect(stream.events('session.ended')).toEqual([]);
    stream.close();
  });

  it('refuses another site, API tokens and finance tokens, and caps the streams of one sign-in', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const otherSites: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://elsewhere.example' },
    ];
    for (const headers of otherSites) {
      const refused = await openStream(t.app, manager, headers);
      expect(refused.status).toBe(403);
      expect((await refused.refusal()).message).toBe('Live updates are sent to our own portal only');
    }
    const made = await manager.request('/api/customer/acmecorp/api-tokens', {
      method: 'POST',
      body: { name: 'Events', scopes: ['servers:read'] },
    });
    const bearer = (token: string) =>
      t.app.inject({ url: '/api/events', headers: { authorization: `Bearer ${token}` } });
    const withToken = await bearer(json<{ token: string }>(made).token);
    expect(withToken.statusCode).toBe(403);
    expect(json(withToken).message).toBe('API tokens cannot call this route; sign in instead');
    const finance = await t.financeCaller('finance@tidewatch.example');
    expect((await bearer(finance.tokens.access_token)).statusCode).toBe(401);

    const open = await Promise.all(Array.from({ length: 20 }, () => openStream(t.app, manager)));
    expect(open.map((stream) => stream.status)).toEqual(Array(20).fill(200));
    const over = await openStream(t.app, manager);
    expect(over.status).toBe(429);
    expect((await over.refusal()).message).toMatch(/20 live update streams/);
    for (const stream of open) stream.close();
  });
});

describe('a second replica on the same database', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp({
      config: testConfig(),
      db: t.database.db,
      database: t.database,
      secret: TEST_SECRET,
      now: t.clock.now,
      eventStreamHeartbeatMs: 100,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => second?.close());

  it('a change made through one replica reaches a stream on the other', async () => {
    const globex = await t.signedIn('manager@globex.example');
    const stream = await openStream(second, globex);
    await expect.poll(() => stream.lastId()).toBeDefined();
    await retag(globex, 'globexco', 'gx-web-01.globexco', t.app);
    await stream.next('server.changed', { id: 'gx-web-01.globexco' });
    stream.close();
  });

  it('sends heartbeats, and ends the stream of a session that idled out with session.ended', async () => {
    const acme = await t.signedIn('user@acme.example');
    const stream = await openStream(second, acme);
    await expect.poll(() => stream.frames.some((frame) => frame.comment)).toBe(true);
    t.clock.advance(31 * 60_000);
    expect(await stream.next('session.ended')).toEqual({});
    await expect.poll(() => stream.isFinished()).toBe(true);
    expect((await acme.request('/api/auth')).statusCode).toBe(401);
  });

  it.runIf(process.env.DATABASE_URL)(
    'catches streams up on what was made while the listening connection was lost',
    async () => {
      const acme = await t.signedIn('user@acme.example');
      const stream = await openStream(second, acme);
      await expect.poll(() => stream.lastId()).toBeDefined();
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = $1 and query = 'LISTEN "portal_events"'`,
          [new URL(t.databaseUrl ?? '').pathname.slice(1)],
        );
        expect(rows.length).toBeGreaterThan(0);
        // Made at once, before the listener connects again (a second later): no announcement reaches it.
        await t.database.db.execute(
          sql`update servers set plan = case when plan = 'gold' then 'silver' else 'gold' end where certname = 'web-01.acmecorp'`,
        );
      } finally {
        await admin.end();
      }
      await stream.next('server.changed', { id: 'web-01.acmecorp' }, 10_000);
      stream.close();
    },
  );
});

describe('stopping', () => {
  it('ends open streams at once, so a graceful stop waits for none', async () => {
    const app = await buildApp({
      config: testConfig(),
      db: t.database.db,
      database: t.database,
      secret: TEST_SECRET,
      now: t.clock.now,
    });
    drainBeforeClosing(app, { quietMs: 50 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(app, await t.signedIn('user@acme.example'));
    await expect.poll(() => stream.lastId()).toBeDefined();
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect.poll(() => stream.isFinished()).toBe(true);
  });
});
