import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import { sessions, users } from '../src/db/schema';
import { openSeededTestDatabase, TEST_SECRET, TestBrowser, testClock, testConfig } from './helpers';

/**
 * Two replicas with their own connections (PostgreSQL: each its own pool and listening connection
 * on a database made for this file) or, on PGlite, two apps on the one in-process database.
 */
async function openReplicas() {
  const opened = await openSeededTestDatabase();
  const handles = [opened.handle, opened.url ? openPostgres(opened.url, testConfig()) : opened.handle];
  const clock = testClock();
  const apps = await Promise.all(
    handles.map((handle) =>
      buildApp({
        config: testConfig(),
        db: handle.db,
        database: handle,
        secret: TEST_SECRET,
        now: clock.now,
      }),
    ),
  );
  return {
    apps: apps as [FastifyInstance, FastifyInstance],
    db: opened.handle.db,
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      if (handles[1] !== opened.handle) await handles[1]?.close();
      await opened.dispose();
    },
  };
}

/** The same browser's cookies, sent to the other replica. */
function onOtherReplica(browser: TestBrowser, app: FastifyInstance): TestBrowser {
  const other = new TestBrowser(app);
  for (const [name, value] of browser.cookies) other.cookies.set(name, value);
  return other;
}

/** Notifications travel on their own connection: allow them a moment, no more. */
async function statusSoon(browser: TestBrowser, expected: number): Promise<number> {
  let status = 0;
  for (let attempt = 0; attempt < 20; attempt++) {
    status = (await browser.request('/api/auth')).statusCode;
    if (status === expected) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return status;
}

let replicas: Awaited<ReturnType<typeof openReplicas>>;
beforeAll(async () => {
  replicas = await openReplicas();
});
afterAll(async () => {
  await replicas?.close();
});

describe('sessions kept in memory on several replicas', () => {
  it('refuses a session signed out on one replica on the other, which had it in memory', async () => {
    const [first, second] = replicas.apps;
    const browser = new TestBrowser(first);
    expect((await browser.login('manager@acme.example')).statusCode).toBe(200);
    const elsewhere = onOtherReplica(browser, second);
    // Twice: the second answer comes from memory.
    expect((await elsewhere.request('/api/auth')).statusCode).toBe(200);
    expect((await elsewhere.request('/api/auth')).statusCode).toBe(200);
    const replay = onOtherReplica(browser, second);

    expect((await browser.request('/api/auth', { method: 'DELETE' })).statusCode).toBe(204);
    expect(await statusSoon(replay, 401)).toBe(401);
  });

  it('refuses at once on the replica that ended the session', async () => {
    const [first] = replicas.apps;
    const browser = new TestBrowser(first);
    await browser.login('manager@acme.example');
    await browser.request('/api/auth');
    const replay = onOtherReplica(browser, first);
    await browser.request('/api/auth', { method: 'DELETE' });
    expect((await replay.request('/api/auth')).statusCode).toBe(401);
  });

  it('drops a kept session when its user is deactivated or its row removed in the database', async () => {
    const [first, second] = replicas.apps;
    const browser = new TestBrowser(first);
    await browser.login('user@acme.example');
    const elsewhere = onOtherReplica(browser, second);
    expect((await elsewhere.request('/api/auth')).statusCode).toBe(200);
    await replicas.db.update(users).set({ active: false }).where(eq(users.email, 'user@acme.example'));
    try {
      expect(await statusSoon(elsewhere, 401)).toBe(401);
    } finally {
      await replicas.db.update(users).set({ active: true }).where(eq(users.email, 'user@acme.example'));
    }

    const again = new TestBrowser(second);
    await again.login('user@acme.example');
    expect((await again.request('/api/auth')).statusCode).toBe(200);
    await replicas.db.delete(sessions);
    expect(await statusSoon(again, 401)).toBe(401);
  });
});

describe('deactivating a user through the API', () => {
  it('ends their session kept in memory on the other replica at once', async () => {
    const [first, second] = replicas.apps;
    const grace = new TestBrowser(second);
    expect((await grace.login('user@acme.example')).statusCode).toBe(200);
    expect((await grace.request('/api/auth')).statusCode).toBe(200);
    expect((await grace.request('/api/auth')).statusCode).toBe(200);
    const [row] = await replicas.db.select().from(users).where(eq(users.email, 'user@acme.example'));
    const manager = new TestBrowser(first);
    await manager.login('manager@acme.example');
    try {
      const deactivated = await manager.request(`/api/users/${row?.id}/deactivate`, { method: 'POST' });
      expect(deactivated.statusCode).toBe(200);
      expect(await statusSoon(grace, 401)).toBe(401);
    } finally {
      await replicas.db.update(users).set({ active: true }).where(eq(users.email, 'user@acme.example'));
    }
  });
});
