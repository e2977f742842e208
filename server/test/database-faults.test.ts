import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPglite } from '../src/db/client';
import { hashSecret } from '../src/modules/agent/tokens';
import { json, TEST_SECRET, TestBrowser, testConfig, useTestApp } from './helpers';

const LIST = '/api/customer/acmecorp/servers';
const USER = 'user@acme.example';
const METRICS_TOKEN = 'metrics-token-that-is-long-enough-0123456789';
const AGENT = 'twa_agent-of-web-01-for-the-fault-tests';

const expectUnavailable = (response: LightMyRequestResponse, message: RegExp) => {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(json(response)).toEqual({ error: 'Service Unavailable', message: expect.stringMatching(message) });
};

// Faults made on the PostgreSQL server itself, to this file's database alone.
describe.runIf(process.env.DATABASE_URL)(
  'when PostgreSQL goes away and comes back',
  { timeout: 30_000 },
  () => {
    const t = useTestApp({
      DATABASE_STATEMENT_TIMEOUT_MS: '3000',
      DATABASE_POOL_ACQUIRE_TIMEOUT_MS: '1000',
      METRICS_TOKEN,
    });
    let admin: pg.Client;
    let name: string;

    beforeAll(async () => {
      // Connected to the server's own database, so it stays up while the test's refuses connections.
      admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      name = new URL(t.databaseUrl ?? '').pathname.slice(1);
    });
    afterAll(() => admin.end());

    /** What a PostgreSQL restart or failover does to the app's connections, waiting until they are gone. */
    const terminateBackends = () =>
      admin.query(
        'select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
    const allowConnections = (allow: boolean) =>
      admin.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} ALLOW_CONNECTIONS ${allow}`);
    const ping = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/agent/ping',
        headers: { authorization: `Bearer ${AGENT}` },
        payload: {},
      });
    /** How many faults of a kind `/metrics` has counted. */
    const faults = async (kind: string) => {
      const response = await t.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const line = response.body
        .split('\n')
        .find((entry) => entry.startsWith(`tidewatch_db_faults_total{kind="${kind}"}`));
      return Number(line?.split(' ').at(-1) ?? 0);
    };

    it('replaces the connections the database ended, and serves on', async () => {
      const browser = await t.signedIn(USER);
      expect((await browser.request(LIST)).statusCode).toBe(200);
      await terminateBackends();
      await expect.poll(async () => (await browser.request(LIST)).statusCode).toBe(200);
      expect((await t.browser().request('/readyz')).statusCode).toBe(200);
      expect(await faults('connection_lost')).toBeGreaterThan(0);
    });

    it('answers 503 with Retry-After while the database refuses connections, and recovers by itself', async () => {
      const browser = await t.signedIn(USER);
      // An agent of a demo server, so its batched pings meet the fault too.
      await t.database.db.execute(
        sql`update servers set status = 'active', agent_credential_hash = ${hashSecret(AGENT)} where certname = 'web-01.acmecorp'`,
      );
      await allowConnections(false);
      try {
        await terminateBackends();
        expectUnavailable(await browser.request(LIST), /cannot be reached/);
        expectUnavailable(await t.browser().login(USER), /cannot be reached/);
        expectUnavailable(await ping(), /cannot be reached/);
        expect((await t.browser().request('/readyz')).statusCode).toBe(503);
      } finally {
        await allowConnections(true);
      }
      await expect.poll(async () => (await browser.request(LIST)).statusCode, { timeout: 5_000 }).toBe(200);
      expect((await t.browser().login(USER)).statusCode).toBe(200);
      expect(json(await ping())).toEqual({ certname: 'web-01.acmecorp', status: 'active' });
      expect(await faults('unreachable')).toBeGreaterThan(0);
    });

    it('ends statements stuck behind a lock, serves other requests, and says not ready while the pool is starved', async () => {
      const browser = await t.signedIn(USER);
      // Every pooled connection open, so that the pile below waits for one rather than opening more.
      await Promise.all(Array.from({ length: 10 }, () => t.database.db.execute(sql`select pg_sleep(0.2)`)));
      const locker = new pg.Client({ connectionString: t.databaseUrl });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE servers IN ACCESS EXCLUSIVE MODE');

        // One request stuck on the lock holds one connection; the rest of the pool serves others.
        const stuck = browser.request(LIST);
        expect((await t.browser().login(USER)).statusCode).toBe(200);
        expect((await t.browser().request('/readyz')).statusCode).toBe(200);
        expectUnavailable(await stuck, /took too long/);

        // More stuck requests than the pool has connections: the others wait out the acquire timeout.
        const piled = Array.from({ length: 12 }, () => browser.request(LIST));
        expectUnavailable(await t.browser().login(USER), /too busy/);
        expect((await t.browser().request('/readyz')).statusCode).toBe(503);
        for (const response of await Promise.all(piled)) {
          expectUnavailable(response, /took too long|too busy/);
        }
      } finally {
        await locker.query('ROLLBACK');
        await locker.end();
      }
      expect((await browser.request(LIST)).statusCode).toBe(200);
      // Readiness holds the starvation for a while, so a probe between two timeouts still sees it.
      await expect
        .poll(async () => (await t.browser().request('/readyz')).statusCode, { timeout: 10_000 })
        .toBe(200);
      expect(await faults('statement_timeout')).toBeGreaterThan(0);
      expect(await faults('pool_timeout')).toBeGreaterThan(0);
    });
  },
);

describe.skipIf(process.env.DATABASE_URL)('when the embedded database has closed', () => {
  // A new cluster is slow to start on a busy machine.
  it('answers 503 with Retry-After rather than 500', { timeout: 60_000 }, async () => {
    // Closed before any statement reaches it, so it needs no schema.
    const database = await openPglite();
    const app = await buildApp({ config: testConfig(), db: database.db, database, secret: TEST_SECRET });
    try {
      await database.close();
      expectUnavailable(await new TestBrowser(app).login(USER), /cannot be reached/);
    } finally {
      await app.close();
    }
  });
});
