import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { connectChatVisitor } from '../support/chat-visitor';
import { NGINX, nginxConfig } from '../support/nginx';
import { freePort, type RunningServer, startServer } from '../support/server';

/**
 * Two server processes on one PostgreSQL database behind nginx, as a deployment runs them:
 * sessions and rate limits hold across both, and losing one process signs nobody out.
 */
const POSTGRES = process.env.CI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const postgresAnswers = (() => {
  try {
    execFileSync('pg_isready', ['-q', '-d', POSTGRES]);
    return true;
  } catch {
    return false;
  }
})();

test.skip(!postgresAnswers, `No PostgreSQL answers at ${POSTGRES}`);
test.skip(!NGINX, 'nginx is not installed (tests/setup/ensure-nginx.sh installs it as root)');
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const database = `tidewatch_replicas_${process.pid}`;
const psql = (sql: string) => execFileSync('psql', ['-q', '-d', POSTGRES, '-c', sql]);
const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-nginx-'));
let replicas: RunningServer[] = [];
let nginx: ChildProcess;
let proxyUrl: string;

async function until(check: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen`);
}

/** Signs in through `base` with the XSRF token the first answer sets, as the site's login does. */
async function signIn(
  context: APIRequestContext,
  base: string,
  password = 'tidewatch-demo',
  email = 'manager@acme.example',
) {
  await context.get(`${base}/api/auth`);
  const { cookies } = await context.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return context.post(`${base}/api/auth`, {
    headers: { 'x-xsrf-token': xsrf },
    data: { email, password },
  });
}

test.beforeAll(async () => {
  psql(`DROP DATABASE IF EXISTS ${database}`);
  psql(`CREATE DATABASE ${database}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  const port = await freePort();
  proxyUrl = `http://127.0.0.1:${port}`;
  const env = {
    // The chat's socket takes connections from the public origin: the proxy's.
    PUBLIC_URL: proxyUrl,
    DATABASE_URL: url.toString(),
    APP_MODE: 'demo',
    APP_SECRET: 'replica-secret-shared-by-every-replica-0123456789',
    MAIL_TRANSPORT: 'log',
    TRUST_PROXY: '1',
  };
  // The first migrates and seeds; the second starts on what it finds.
  const first = await startServer({ env });
  replicas = [first, await startServer({ env })];
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    nginxConfig(
      prefix,
      port,
      replicas.map((replica) => replica.url),
    ),
  );
  nginx = spawn(NGINX ?? 'nginx', ['-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`], {
    stdio: 'ignore',
  });
  await until(async () => (await fetch(`${proxyUrl}/healthz`)).ok, 'nginx answering');
});

test.afterAll(async () => {
  nginx?.kill('SIGTERM');
  await Promise.all(replicas.map((replica) => replica.stop('SIGKILL')));
  psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  fs.rmSync(prefix, { recursive: true, force: true });
});

test('a session made on one replica works on the other, and the proxy uses both', async () => {
  const context = await request.newContext();
  expect((await signIn(context, replicas[0]?.url ?? '')).status()).toBe(200);
  // Cookies belong to the host, not the port: the same browser, straight to each replica.
  for (const replica of replicas) {
    const session = await context.get(`${replica.url}/api/auth`);
    expect(session.status()).toBe(200);
    expect((await session.json()).user['user/email']).toBe('manager@acme.example');
  }
  const upstreams = new Set<string>();
  for (let call = 0; call < 6; call++) {
    const response = await context.get(`${proxyUrl}/api/auth`);
    expect(response.status()).toBe(200);
    upstreams.add(response.headers()['x-upstream'] ?? '');
  }
  expect(upstreams.size).toBe(2);
  await context.dispose();
});

test('a sign-out on one replica ends the session on the other at once', async () => {
  const context = await request.newContext();
  await signIn(context, replicas[0]?.url ?? '');
  const { cookies } = await context.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const session = cookies.find((cookie) => /session/.test(cookie.name));
  expect(
    (await context.post(`${replicas[0]?.url}/api/auth/logout`, { headers: { 'x-xsrf-token': xsrf } })).ok(),
  ).toBe(true);
  // The ended session's cookie, replayed against the other replica.
  const replay = await request.newContext({
    extraHTTPHeaders: { cookie: `${session?.name}=${session?.value}` },
  });
  expect((await replay.get(`${replicas[1]?.url}/api/auth`)).status()).toBe(401);
  await Promise.all([context.dispose(), replay.dispose()]);
});

test('failed sign-ins count once across both replicas', async () => {
  // Ten failures per account in the window (LOGIN_THROTTLE), alternating replicas: one replica
  // alone would allow ten of its own.
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt++) {
    const context = await request.newContext();
    const response = await signIn(context, replicas[attempt % 2]?.url ?? '', 'not-the-password');
    statuses.push(response.status());
    await context.dispose();
  }
  expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
  expect(statuses[10]).toBe(429);
});

test('a chat visitor on one replica gets the staff reply made on the other, and the proxy passes the socket', async () => {
  const visitorSide = await request.newContext();
  await visitorSide.get(`${replicas[0]?.url}/api/auth`);
  const visitorXsrf =
    (await visitorSide.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const started = await visitorSide.post(`${replicas[0]?.url}/api/chat/conversations`, {
    headers: { 'x-xsrf-token': visitorXsrf },
    data: { name: 'Replica Visitor', email: 'visitor@replicas.example', locale: 'en', page: '/' },
  });
  expect(started.status()).toBe(201);
  const { id, token } = await started.json();

  const visitor = await connectChatVisitor(replicas[0]?.url ?? '', token, proxyUrl);
  visitor.say('Hello from replica A');
  await until(async () => visitor.frames.some((frame) => frame.by === 'user'), 'the visitor message echoed');

  const staff = await request.newContext();
  expect(
    (await signIn(staff, replicas[1]?.url ?? '', 'tidewatch-demo', 'admin@tidewatch.example')).status(),
  ).toBe(200);
  const staffXsrf = (await staff.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reply = await staff.post(`${replicas[1]?.url}/api/chat/inbox/${id}/messages`, {
    headers: { 'x-xsrf-token': staffXsrf },
    data: { msg: 'Hello from replica B' },
  });
  expect(reply.status()).toBe(200);
  await until(
    async () =>
      visitor.frames.some((frame) => frame.by === 'mattermost' && frame.msg === 'Hello from replica B'),
    'the staff reply reaching the visitor',
  );
  visitor.close();

  // Through nginx: the upgrade is passed on and the catch-up arrives.
  const proxied = await connectChatVisitor(proxyUrl, token, proxyUrl);
  await until(
    async () => proxied.frames.filter((frame) => frame.cmd === 'msg').length === 3,
    'catch-up via nginx',
  );
  proxied.close();
  await Promise.all([visitorSide.dispose(), staff.dispose()]);
});

test('a tab signed in through nginx hears at once of a change made on the other replica', async ({
  browser,
}) => {
  const tab = await (await browser.newContext()).newPage();
  expect((await signIn(tab.request, proxyUrl, 'tidewatch-demo', 'user@acme.example')).status()).toBe(200);
  // A plain page of our origin, which sends a signed-in visitor nowhere else.
  await tab.goto(`${proxyUrl}/privacy`);
  // The stream read as it arrives, through nginx, with the replica that holds it.
  const upstream = await tab.evaluate(async () => {
    const response = await fetch('/api/events');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const page = window as unknown as { received: string };
    page.received = '';
    void (async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        page.received += decoder.decode(chunk.value, { stream: true });
    })();
    return response.headers.get('x-upstream');
  });
  const other = replicas.find((replica) => new URL(replica.url).host !== upstream);
  expect(other && upstream).toBeTruthy();
  await until(
    async () =>
      (await tab.evaluate(() => (window as unknown as { received: string }).received)).includes('retry:'),
    'the stream opening through nginx',
  );

  const staff = await request.newContext();
  expect((await signIn(staff, other?.url ?? '', 'tidewatch-demo', 'admin@tidewatch.example')).status()).toBe(
    200,
  );
  const xsrf = (await staff.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const server = `${other?.url}/api/customer/acmecorp/servers/web-01.acmecorp`;
  const tagged = (await (await staff.get(server)).json()).tags as string[];
  const changed = await staff.patch(server, {
    headers: { 'x-xsrf-token': xsrf },
    data: { tags: tagged.length > 0 ? [] : ['production'] },
  });
  expect(changed.status()).toBe(200);
  await until(
    async () =>
      /event: server\.changed\ndata: \{[^}]*"web-01\.acmecorp"/.test(
        await tab.evaluate(() => (window as unknown as { received: string }).received),
      ),
    'the change on the other replica reaching the tab',
  );

  // The browser's own EventSource opens through nginx as well.
  const opened = await tab.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const source = new EventSource('/api/events');
        source.onopen = () => {
          source.close();
          resolve(true);
        };
        source.onerror = () => resolve(false);
      }),
  );
  expect(opened).toBe(true);
  await Promise.all([tab.context().close(), staff.dispose()]);
});

test('one replica can die without signing anyone out or losing requests beyond those in flight', async () => {
  const context = await request.newContext();
  // The throttled account is another's by now: the admin signs in fresh.
  await context.get(`${proxyUrl}/api/auth`);
  const { cookies } = await context.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await context.post(`${proxyUrl}/api/auth`, {
    headers: { 'x-xsrf-token': xsrf },
    data: { email: 'admin@tidewatch.example', password: 'tidewatch-demo' },
  });
  expect(login.status()).toBe(200);

  const CONCURRENCY = 4;
  const statuses: number[] = [];
  let killed = false;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let call = 0; call < 40; call++) {
        if (!killed && statuses.length >= 40) {
          killed = true;
          await replicas[1]?.stop('SIGKILL');
        }
        const response = await context.get(`${proxyUrl}/api/auth`).catch(() => null);
        statuses.push(response?.status() ?? 0);
      }
    }),
  );
  expect(killed).toBe(true);
  const failed = statuses.filter((status) => status !== 200);
  expect(failed.length).toBeLessThanOrEqual(CONCURRENCY);
  // Still signed in, now served by the survivor alone.
  const after = await context.get(`${proxyUrl}/api/auth`);
  expect(after.status()).toBe(200);
  expect(after.headers()['x-upstream']).toBe(new URL(replicas[0]?.url ?? '').host);
  await context.dispose();
});
