import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_EVENTS } from '@tidewatch/contract';
import { STALE_AFTER_MS } from '@tidewatch/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { outbox, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { markStaleAgents } from '../src/modules/agent/routes';
import { advanceWindows } from '../src/modules/service-windows';
import { queueWebhookEvent, WEBHOOK_DELIVERY } from '../src/modules/webhooks';
import { json, TEST_SECRET, testConfig, useTestApp } from './helpers';

const t = useTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });

type Endpoint = {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
};
type Delivery = {
  id: string;
  message_id: string;
  event: string;
  status: string;
  payload: { type: string; data: Record<string, unknown> };
  attempts: { status_code: number | null; response_excerpt: string }[];
};

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real local receiver: answers with the next status in `answers` (the last one repeats). */
function startReceiver() {
  const received: Received[] = [];
  let answers = [200];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const status = answers.length > 1 ? (answers.shift() ?? 200) : (answers[0] ?? 200);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : 'not now');
    });
  });
  return {
    received,
    answer(statuses: number[]) {
      answers = statuses;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The Standard Webhooks check written out with node:crypto, independent of the package that
 * signs: HMAC-SHA256 over `id.timestamp.body` with the base64 key after `whsec_`.
 */
function verifies(secret: string, received: Received): boolean {
  const id = String(received.headers['webhook-id']);
  const timestamp = String(received.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`).digest();
  return String(received.headers['webhook-signature'])
    .split(' ')
    .some((signature) => {
      const [version, value] = signature.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const receiver = startReceiver();
let receiverUrl = '';
beforeAll(async () => {
  receiverUrl = await receiver.listen();
});
afterAll(() => receiver.close());

async function createEndpoint(events = ['server.stale', 'server.recovered']) {
  const manager = await t.signedIn('manager@acme.example');
  const created = await manager.request('/api/customer/acmecorp/webhooks', {
    method: 'POST',
    body: { url: receiverUrl, events, description: 'Ops' },
  });
  expect(created.statusCode).toBe(200);
  return { manager, endpoint: json<Endpoint & { secret: string }>(created) };
}

async function deliveriesOf(browser: Awaited<ReturnType<typeof t.signedIn>>, id: string) {
  return json<{ data: Delivery[] }>(await browser.request(`/api/customer/acmecorp/webhooks/${id}/deliveries`))
    .data;
}

describe('webhook endpoints', () => {
  it('a manager registers one, sees the secret once, changes and removes it', async () => {
    const { manager, endpoint } = await createEndpoint();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = json<{ data: (Endpoint & { secret?: string })[] }>(
      await manager.request('/api/customer/acmecorp/webhooks'),
    ).data;
    expect(listed.map((row) => row.id)).toContain(endpoint.id);
    expect(listed.every((row) => row.secret === undefined)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    const url = `/api/customer/acmecorp/webhooks/${endpoint.id}`;
    const changed = await manager.request(url, {
      method: 'PATCH',
      body: { events: ['invoice.issued'], enabled: false },
    });
    expect(json(changed)).toMatchObject({
      events: ['invoice.issued'],
      enabled: false,
      disabled_reason: 'by_user',
    });
    expect(json(await manager.request(url, { method: 'PATCH', body: { enabled: true } }))).toMatchObject({
      enabled: true,
      disabled_reason: null,
    });
    expect((await manager.request(url, { method: 'DELETE' })).statusCode).toBe(204);
    expect((await manager.request(url, { method: 'DELETE' })).statusCode).toBe(404);
  });

  it('refuses what is not an address or not an event, field by field', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const refused = await manager.request('/api/customer/acmecorp/webhooks', {
      method: 'POST',
      body: { url: 'ftp://example.com', events: ['server.exploded'] },
    });
    expect(refused.statusCode).toBe(400);
    const { fieldErrors } = json<{ fieldErrors: Record<string, string[]> }>(refused);
    expect(Object.keys(fieldErrors).sort()).toEqual(['events.0', 'url']);
    const none = await manager.request('/api/customer/acmecorp/webhooks', {
      method: 'POST',
      body: { url: 'https://example.com', events: [] },
    });
    expect(json<{ fieldErrors: Record<string, string[]> }>(none).fieldErrors.events).toEqual([
      'Choose the events to send',
    ]);
  });

  it('only managers and staff reach them, and only their own customer’s', async () => {
    const { endpoint } = await createEndpoint();
    const user = await t.signedIn('user@acme.example');
    expect((await user.request('/api/customer/acmecorp/webhooks')).statusCode).toBe(403);
    const finance = await t.signedIn('finance@tidewatch.example');
    expect((await finance.request('/api/customer/acmecorp/webhooks')).statusCode).toBe(403);
    const globex = await t.signedIn('manager@globex.example');
    expect((await globex.request('/api/customer/acmecorp/webhooks')).statusCode).toBe(404);
    // Globex's own list does not hold Acme's endpoint, and Acme's endpoint is not Globex's to touch.
    const own = json<{ data: Endpoint[] }>(await globex.request('/api/customer/globexco/webhooks')).data;
    expect(own.map((row) => row.id)).not.toContain(endpoint.id);
    for (const [method, path] of [
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/test'],
      ['POST', '/rotate-secret'],
      ['GET', '/deliveries'],
    ] as const) {
      const response = await globex.request(`/api/customer/globexco/webhooks/${endpoint.id}${path}`, {
        method,
        ...(method === 'PATCH' && { body: { enabled: false } }),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    const admin = await t.signedIn('admin@tidewatch.example');
    const seen = json<{ data: Endpoint[] }>(await admin.request('/api/customer/acmecorp/webhooks')).data;
    expect(seen.map((row) => row.id)).toContain(endpoint.id);
    expect(
      (await admin.request(`/api/customer/acmecorp/webhooks/${endpoint.id}/test`, { method: 'POST' }))
        .statusCode,
    ).toBe(200);
    await t.app.webhooks.drain();
  });
});

describe('deliveries', () => {
  it('signs each message per Standard Webhooks and logs the answer', async () => {
    const { manager, endpoint } = await createEndpoint();
    receiver.received.length = 0;
    const sent = await manager.request(`/api/customer/acmecorp/webhooks/${endpoint.id}/test`, {
      method: 'POST',
    });
    expect(json(sent)).toMatchObject({ event: 'webhook.test', status: 'pending' });
    await t.app.webhooks.drain();
    const [got] = receiver.received;
    if (!got) throw new Error('nothing received');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    expect(Number(got.headers['webhook-timestamp'])).toBe(Math.floor(t.app.now().getTime() / 1000));
    expect(verifies(endpoint.secret, got)).toBe(true);
    expect(verifies('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', got)).toBe(false);
    expect(JSON.parse(got.body)).toEqual({
      type: 'webhook.test',
      timestamp: t.app.now().toISOString(),
      data: { customer_id: 'acmecorp', webhook_id: endpoint.id },
    });
    const [logged] = await deliveriesOf(manager, endpoint.id);
    expect(logged).toMatchObject({
      status: 'succeeded',
      attempts: [{ status_code: 200, response_excerpt: 'thanks' }],
    });
  });

  it('sends an event only to the customer’s endpoints that subscribe to it', async () => {
    const { manager, endpoint } = await createEndpoint(['server.stale']);
    const other = await createEndpoint(['invoice.issued']);
    receiver.received.length = 0;
    await queueWebhookEvent(
      t.app.db,
      'acmecorp',
      'server.stale',
      { certname: 'web-01.acme.example' },
      t.app.now(),
    );
    await queueWebhookEvent(t.app.db, 'globexco', 'server.stale', { certname: 'x' }, t.app.now());
    await t.app.webhooks.drain();
    const stale = receiver.received.filter((got) => JSON.parse(got.body).type === 'server.stale');
    expect(stale.map((got) => JSON.parse(got.body).data)).toContainEqual({ certname: 'web-01.acme.example' });
    expect(stale.every((got) => JSON.parse(got.body).data.certname !== 'x')).toBe(true);
    expect((await deliveriesOf(manager, endpoint.id)).map((row) => row.event)).toEqual(['server.stale']);
    expect(await deliveriesOf(manager, other.endpoint.id)).toEqual([]);
  });

  it('sends each message once when several replicas deliver at the same time', async () => {
    const { endpoint } = await createEndpoint(['server.recovered']);
    receiver.answer([200]);
    for (let index = 0; index < 30; index++) {
      await queueWebhookEvent(
        t.app.db,
        'acmecorp',
        'server.recovered',
        { certname: `once-${index}` },
        t.app.now(),
      );
    }
    const other = await buildApp({
      config: testConfig({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }),
      db: t.database.db,
      secret: TEST_SECRET,
      now: t.clock.now,
    });
    try {
      await Promise.all([t.app.webhooks.drain(), other.webhooks.drain(), t.app.webhooks.drain()]);
    } finally {
      await other.close();
    }
    // Claimed once each (a second claim would count a second attempt), and tried once each.
    const deliveries = await t.app.db
      .select({
        id: webhookDeliveries.id,
        attempts: webhookDeliveries.attempts,
        status: webhookDeliveries.status,
      })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(deliveries).toHaveLength(30);
    expect(deliveries.every((row) => row.attempts === 1 && row.status === 'succeeded')).toBe(true);
    const tries = await t.app.db
      .select({ deliveryId: webhookAttempts.deliveryId })
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.deliveryId,
          deliveries.map((row) => row.id),
        ),
      );
    expect(tries).toHaveLength(30);
  });

  it('retries a failing receiver with backoff until it recovers, and a redelivery keeps the message id', async () => {
    const { manager, endpoint } = await createEndpoint();
    receiver.received.length = 0;
    receiver.answer([500, 503, 200]);
    await manager.request(`/api/customer/acmecorp/webhooks/${endpoint.id}/test`, { method: 'POST' });
    await t.app.webhooks.drain();
    expect(receiver.received).toHaveLength(1);
    // Not yet: the second try waits for its backoff.
    t.clock.advance(WEBHOOK_DELIVERY.firstBackoffSeconds * 1000 - 1000);
    await t.app.webhooks.drain();
    expect(receiver.received).toHaveLength(1);
    t.clock.advance(1000);
    await t.app.webhooks.drain();
    t.clock.advance(2 * WEBHOOK_DELIVERY.firstBackoffSeconds * 1000);
    await t.app.webhooks.drain();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((got) => got.headers['webhook-id'])).size).toBe(1);
    const [delivery] = await deliveriesOf(manager, endpoint.id);
    expect(delivery?.status).toBe('succeeded');
    expect(delivery?.attempts.map((attempt) => attempt.status_code)).toEqual([200, 503, 500]);

    const again = await manager.request(
      `/api/customer/acmecorp/webhooks/${endpoint.id}/deliveries/${delivery?.id}/redeliver`,
      { method: 'POST' },
    );
    expect(json<Delivery>(again).message_id).toBe(delivery?.message_id);
    await t.app.webhooks.drain();
    expect(receiver.received.at(-1)?.headers['webhook-id']).toBe(delivery?.message_id);
  });

  it('after a rotation both secrets sign for a day, then only the new one', async () => {
    const { manager, endpoint } = await createEndpoint();
    const rotated = json<{ secret: string; previous_secret_valid_until: string }>(
      await manager.request(`/api/customer/acmecorp/webhooks/${endpoint.id}/rotate-secret`, {
        method: 'POST',
      }),
    );
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.previous_secret_valid_until) - t.app.now().getTime()).toBe(24 * 3_600_000);
    receiver.received.length = 0;
    await manager.request(`/api/customer/acmecorp/webhooks/${endpoint.id}/test`, { method: 'POST' });
    await t.app.webhooks.drain();
    const [during] = receiver.received;
    if (!during) throw new Error('nothing received');
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(endpoint.secret, during)).toBe(true);
    expect(verifies(rotated.secret, during)).toBe(true);
    t.clock.advance(24 * 3_600_000 + 1000);
    // A day on, the session has ended: sign in again.
    const later = await t.signedIn('manager@acme.example');
    const sent = await later.request(`/api/customer/acmecorp/webhooks/${endpoint.id}/test`, {
      method: 'POST',
    });
    expect(sent.statusCode).toBe(200);
    await t.app.webhooks.drain();
    const after = receiver.received.at(-1);
    if (!after) throw new Error('nothing received');
    expect(verifies(endpoint.secret, after)).toBe(false);
    expect(verifies(rotated.secret, after)).toBe(true);
  });

  it('gives a message up after a day, and turns off an endpoint failing for three days, telling the managers', async () => {
    const { endpoint } = await createEndpoint();
    receiver.answer([500]);
    const dayMs = 24 * 3_600_000;
    for (let day = 0; day < 4; day++) {
      const manager = await t.signedIn('manager@acme.example');
      await manager.request(`/api/customer/acmecorp/webhooks/${endpoint.id}/test`, { method: 'POST' });
      // Every try of the day's message, each after its backoff.
      for (let step = 0; step < 12; step++) {
        await t.app.webhooks.drain();
        t.clock.advance(WEBHOOK_DELIVERY.maxBackoffSeconds * 1000);
      }
      if (day < 3) t.clock.advance(dayMs - 12 * WEBHOOK_DELIVERY.maxBackoffSeconds * 1000 + 1);
    }
    receiver.answer([200]);
    const manager = await t.signedIn('manager@acme.example');
    const deliveries = await deliveriesOf(manager, endpoint.id);
    expect(deliveries.every((delivery) => delivery.status === 'failed')).toBe(true);
    expect(deliveries[deliveries.length - 1]?.attempts.length).toBeGreaterThan(5);
    const [row] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.disabledReason).toBe('failing');
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'webhook-disabled'), eq(outbox.to, 'manager@acme.example')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(receiverUrl);
    // Turned on again, it starts afresh.
    const on = await manager.request(`/api/customer/acmecorp/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      body: { enabled: true },
    });
    expect(json(on)).toMatchObject({ enabled: true, failing_since: null });
  });
});

/** The messages of a type the receiver got, their data, each message once (several endpoints may send to it). */
const receivedOf = (type: string) => {
  const messages = new Map(
    receiver.received.map((got) => [
      String(got.headers['webhook-id']),
      JSON.parse(got.body) as { type: string; data: Record<string, unknown> },
    ]),
  );
  return [...messages.values()].filter((message) => message.type === type).map((message) => message.data);
};

describe('events', () => {
  it('tells of windows booked, moved (the same window in a newer version), started and completed', async () => {
    await createEndpoint([...WEBHOOK_EVENTS]);
    receiver.answer([200]);
    receiver.received.length = 0;
    const admin = await t.signedIn('admin@tidewatch.example');
    const base = '/api/customer/acmecorp';
    const groups = json<{
      data: { group: { id: string; name: string }; settings: Record<string, unknown> }[];
    }>(await admin.request(`${base}/service-window/configurations`)).data;
    const weekly = groups.find((item) => item.group.name === 'weekly-patching');
    if (!weekly) throw new Error('weekly-patching');
    const scheduled = json<{ data: { id: string; starts_at: string }[] }>(
      await admin.request(`${base}/service-windows?tag_id=${weekly.group.id}&status=scheduled&limit=100`),
    ).data;
    expect(scheduled.length).toBeGreaterThan(3);

    // An hour later on the same day: every coming window moves, and stays itself.
    const moved = await admin.request(`${base}/service-window/configurations/${weekly.group.id}`, {
      method: 'PUT',
      body: { ...weekly.settings, start: '03:00' },
    });
    expect(moved.statusCode).toBe(200);
    await t.app.webhooks.drain();
    const changed = receivedOf('service_window.changed');
    expect(changed.map((data) => data.window_id).sort()).toEqual(scheduled.map((window) => window.id).sort());
    for (const data of changed) {
      const before = scheduled.find((window) => window.id === data.window_id);
      expect(Date.parse(String(data.starts_at)) - Date.parse(before?.starts_at ?? '')).toBe(3_600_000);
      expect(data).toMatchObject({ group: 'weekly-patching', sequence: 1, customer_id: 'acmecorp' });
    }
    expect(receivedOf('service_window.cancelled')).toEqual([]);

    // An ad-hoc window an hour from now: booked, started, then ended with nobody reporting.
    const quarter = 15 * 60_000;
    const startsAt = new Date(Math.ceil((t.app.now().getTime() + 3_600_000) / quarter) * quarter);
    const bookedAnswer = await admin.request(`${base}/service-windows`, {
      method: 'POST',
      body: {
        tag_id: weekly.group.id,
        starts_at_local: startsAt.toISOString().slice(0, 16),
        timezone: 'UTC',
        duration_minutes: 60,
      },
    });
    const booked = json<{ id: string }>(bookedAnswer);
    t.clock.advance(90 * 60_000);
    await advanceWindows(t.app.db, t.app.now(), [booked.id]);
    t.clock.advance(60 * 60_000);
    await advanceWindows(t.app.db, t.app.now(), [booked.id]);
    await t.app.webhooks.drain();
    for (const type of ['service_window.scheduled', 'service_window.started', 'service_window.completed']) {
      expect(
        receivedOf(type).filter((data) => data.window_id === booked.id),
        type,
      ).toHaveLength(1);
    }
    const [completed] = receivedOf('service_window.completed').filter((data) => data.window_id === booked.id);
    expect(completed).toMatchObject({ status: 'expired', type: 'adhoc' });
    const outcome = completed?.outcome as { silent: unknown[] } | undefined;
    expect(outcome?.silent.length).toBeGreaterThan(0);
  });

  it('tells of a server going quiet and coming back, a merged change and an issued invoice', async () => {
    await createEndpoint([...WEBHOOK_EVENTS]);
    receiver.received.length = 0;
    const manager = await t.signedIn('manager@acme.example');
    const token = json<{ token: string }>(
      await manager.request('/api/customer/acmecorp/install-tokens', {
        method: 'POST',
        body: { hostname: 'hook-01', plan: 'silver', roles: ['nginx'] },
      }),
    );
    const agent = (url: string, secret: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/agent${url}`,
        headers: { authorization: `Bearer ${secret}` },
        payload: body,
      });
    await agent('/install/verify', token.token, { customer_id: 'acmecorp' });
    const registered = await agent('/install/register', token.token, {
      customer_id: 'acmecorp',
      facts: { distribution: 'debian', version: '12' },
    });
    const { credential } = json<{ credential: string }>(registered);
    await agent('/ping', credential, {});
    t.clock.advance(STALE_AFTER_MS + 60_000);
    await markStaleAgents(t.app.db, t.app.now());
    expect((await agent('/ping', credential, {})).statusCode).toBe(200);
    await t.app.webhooks.drain();
    const hook = (data: Record<string, unknown>) => data.certname === 'hook-01.acmecorp';
    expect(receivedOf('server.stale').filter(hook)).toEqual([
      expect.objectContaining({ customer_id: 'acmecorp', kind: 'server', certname: 'hook-01.acmecorp' }),
    ]);
    expect(receivedOf('server.recovered').filter(hook)).toHaveLength(1);

    const again = await t.signedIn('manager@acme.example');
    expect(
      (await again.request('/api/customer/acmecorp/change-requests/2/merge', { method: 'POST' })).statusCode,
    ).toBe(200);
    await t.app.webhooks.drain();
    expect(receivedOf('change_request.merged')).toEqual([
      expect.objectContaining({ customer_id: 'acmecorp', number: 2, merged_by: 'Frank Miller' }),
    ]);

    // Each event sent is in the customer's activity, by the service, naming what it was about.
    const activity = json<{ data: { action: string; target: string; to: string | null; actor: object }[] }>(
      await again.request('/api/customer/acmecorp/activity?kind=webhooks'),
    ).data;
    expect(activity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'webhook.event', target: 'server.stale', to: 'hook-01.acmecorp' }),
        expect.objectContaining({
          action: 'webhook.event',
          target: 'server.recovered',
          to: 'hook-01.acmecorp',
        }),
        expect.objectContaining({ action: 'webhook.event', target: 'change_request.merged' }),
      ]),
    );
    expect(activity.every((event) => JSON.stringify(event.actor) === '{"staff":false,"email":null}')).toBe(
      true,
    );
    // Another customer's activity holds none of them.
    const globex = await t.signedIn('manager@globex.example');
    const theirs = json<{ data: { to: string | null }[] }>(
      await globex.request('/api/customer/globexco/activity?kind=webhooks'),
    ).data;
    expect(theirs.some((event) => event.to === 'hook-01.acmecorp')).toBe(false);
  });

  it('sends one customer’s events to that customer’s endpoints only', async () => {
    const globex = await t.signedIn('manager@globex.example');
    const made = await globex.request('/api/customer/globexco/webhooks', {
      method: 'POST',
      body: { url: receiverUrl, events: ['invoice.issued'] },
    });
    expect(made.statusCode).toBe(200);
    receiver.received.length = 0;
    const finance = await t.financeCaller('finance@tidewatch.example');
    const drafts = json<{ data: { id: string; customer_id: string }[] }>(
      await finance.request('/customer/invoices?customer_id=globexco&status=draft'),
    ).data;
    const [draft] = drafts;
    const issued = json<{ number: string }>(
      await finance.request(`/customer/invoices/${draft?.id}/issue`, { method: 'POST' }),
    );
    await t.app.webhooks.drain();
    const told = receivedOf('invoice.issued');
    expect(told).toEqual([expect.objectContaining({ customer_id: 'globexco', number: issued.number })]);
  });
});
