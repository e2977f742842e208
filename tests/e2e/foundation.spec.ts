import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type RunningServer, startServer, startServerExpectingFailure } from '../support/server';

test.describe('the built server, started as pnpm start starts it', () => {
  test('signs a demo user in through the API from the browser', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/healthz`);
    await expect(page.locator('body')).toContainText('"status":"ok"');

    const result = await page.evaluate(async () => {
      const anonymous = await fetch('/api/auth');
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const login = await fetch('/api/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify({ email: 'manager@acme.example', password: 'tidewatch-demo' }),
      });
      const session = await fetch('/api/auth');
      return {
        anonymous: anonymous.status,
        login: login.status,
        customerId: (await login.json())['customer/id'],
        session: session.status,
        user: (await session.json()).user,
        readableCookies: document.cookie.split('; ').map((cookie) => cookie.split('=')[0]),
      };
    });

    expect(result.anonymous).toBe(401);
    expect(result.login).toBe(200);
    expect(result.customerId).toBe('acmecorp');
    expect(result.session).toBe(200);
    expect(result.user).toMatchObject({ 'user/email': 'manager@acme.example', 'user/name': 'Frank Miller' });
    // The session lives in an HttpOnly cookie: script sees only the XSRF token.
    expect(result.readableCookies).toEqual(['XSRF-TOKEN']);
  });

  test('refuses a write from the browser without the XSRF header', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/healthz`);
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'manager@acme.example', password: 'tidewatch-demo' }),
      });
      return response.status;
    });
    expect(status).toBe(403);
  });
});

type Outcome = { status: number; connection: string | undefined } | { error: string };

/**
 * Signs a demo user in `count` times at once, each on its own keep-alive connection (a write: a
 * session row and an audit row each, queued behind one another on the embedded database), and
 * sends SIGTERM as soon as every request is on the wire.
 */
async function writesInterruptedBySigterm(server: RunningServer, count: number): Promise<Outcome[]> {
  const anonymous = await fetch(`${server.url}/api/auth`);
  const cookies = anonymous.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const body = JSON.stringify({ email: 'manager@acme.example', password: 'tidewatch-demo' });
  const { port } = new URL(server.url);
  const sent: Promise<void>[] = [];
  const outcomes = Array.from(
    { length: count },
    () =>
      new Promise<Outcome>((resolve) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/auth',
            agent: new http.Agent({ keepAlive: true }),
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              cookie: cookies.join('; '),
              'x-xsrf-token': decodeURIComponent(xsrf),
            },
          },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
            );
            response.on('error', (error) => resolve({ error: String(error) }));
          },
        );
        request.on('error', (error) => resolve({ error: String(error) }));
        sent.push(new Promise((written) => request.on('finish', written)));
        request.end(body);
      }),
  );
  await Promise.all(sent);
  server.child.kill('SIGTERM');
  return Promise.all(outcomes);
}

test.describe('server lifecycle', () => {
  test('prints the URL and demo logins, refuses a second server on the same data, and drains on SIGTERM', async () => {
    const server = await startServer({ env: { LOG_LEVEL: 'info' } });
    try {
      expect(server.output()).toContain(`Tidewatch is running at http://localhost:`);
      expect(server.output()).toContain('manager@acme.example');
      expect(server.output()).toContain('master@tidewatch.example');
      expect(server.output()).toContain('reader@tidewatch.example');
      expect(server.output()).toContain('tidewatch-demo');

      const second = await startServerExpectingFailure({ DATA_DIR: server.dataDir, PORT: '0' });
      expect(second.code).toBe(1);
      expect(second.output).toContain('is in use by another Tidewatch server');

      // A request whose body is still arriving when SIGTERM comes must still be answered.
      const { port } = new URL(server.url);
      const body = JSON.stringify({ email: 'manager@acme.example', password: 'tidewatch-demo' });
      const answered = new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/auth',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.write(body.slice(0, 10));
        setTimeout(() => {
          server.child.kill('SIGTERM');
          setTimeout(() => request.end(body.slice(10)), 300);
        }, 300);
      });
      // Without the XSRF header the answer is 403: what matters is that there is an answer.
      expect(await answered).toBe(403);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
      expect(fs.existsSync(path.join(server.dataDir, 'server.lock'))).toBe(false);
    } finally {
      await server.stop('SIGKILL');
    }
  });

  test('answers every write already sent when SIGTERM comes: done, refused or 503 with Connection: close', async () => {
    const server = await startServer();
    try {
      const outcomes = await writesInterruptedBySigterm(server, 40);
      const broken = outcomes.filter(
        (outcome) =>
          'error' in outcome ||
          (outcome.status === 503 ? outcome.connection !== 'close' : outcome.status >= 500),
      );
      expect(broken, JSON.stringify(outcomes)).toEqual([]);
      expect(await server.exited).toBe(0);
    } finally {
      await server.stop('SIGKILL');
    }
  });

  test('stops with a message naming a bad setting', async () => {
    const result = await startServerExpectingFailure({ PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('PORT');
  });
});
