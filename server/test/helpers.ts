import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { FinanceTokens } from '@tidewatch/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp, loggerOptions } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, openPglite, openPostgres, type PostgresTimeouts } from '../src/db/client';
import { auditLog, rateLimits, sessions } from '../src/db/schema';
import { webhookSecretBox } from '../src/modules/webhooks';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hmac';

interface TestDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL database's URL; none on PGlite. */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * An empty database for one test file: in-memory PGlite, or a fresh database on the PostgreSQL
 * server named by DATABASE_URL (dropped afterwards), its pool bounded by `timeouts`.
 */
export async function openTestDatabase(timeouts: PostgresTimeouts = testConfig()): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openPglite();
    return { handle, dispose: () => handle.close() };
  }
  const name = `tidewatch_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), timeouts);
  return {
    handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      // Closed connections may take a moment to leave; forcing them out would error in their pool.
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (error) {
          const inUse = (error as { code?: string }).code === '55006';
          if (!inUse || attempt === 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await admin.end();
    },
  };
}

/** Every seeded file's database starts at this instant; the demo's dates are relative to it. */
const SEED_TIME = Date.parse('2026-11-02T09:00:00Z');

/** The migrated, seeded PGlite data directory, dumped once per worker (files share its modules). */
let seededPgliteDump: Promise<Blob> | undefined;

async function dumpSeededPglite(): Promise<Blob> {
  const handle = await openPglite();
  try {
    await handle.migrate();
    await seedDemo(handle.db, new Date(SEED_TIME), webhookSecretBox(TEST_SECRET).seal);
    return await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

/**
 * A migrated database seeded with the demo. On PGlite it is loaded from one dump per worker,
 * which takes a fifth of the time of creating, migrating and seeding a cluster.
 */
export async function openSeededTestDatabase(timeouts?: PostgresTimeouts): Promise<TestDatabase> {
  if (process.env.DATABASE_URL) {
    const opened = await openTestDatabase(timeouts);
    await opened.handle.migrate();
    await seedDemo(opened.handle.db, new Date(SEED_TIME), webhookSecretBox(TEST_SECRET).seal);
    return opened;
  }
  const handle = await openSeededPglite();
  return { handle, dispose: () => handle.close() };
}

/** An in-memory PGlite, migrated and seeded with the demo, as `pnpm start` leaves it. */
export async function openSeededPglite(): Promise<DatabaseHandle> {
  seededPgliteDump ??= dumpSeededPglite();
  return openPglite(undefined, await seededPgliteDump);
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ SITE_DIR: '/nonexistent', PORTAL_DIR: '/nonexistent', ...env });
}

/** An app on the given database that logs as in production, into JSON lines the test reads. */
export async function appLoggingToLines(
  db: DatabaseHandle['db'],
  level: Parameters<typeof loggerOptions>[0],
): Promise<{ app: FastifyInstance; lines: string[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    config: testConfig(),
    db,
    secret: TEST_SECRET,
    logger: { ...(loggerOptions(level) as object), stream },
  });
  return { app, lines };
}

/** A clock the tests move by hand. */
export function testClock(start = SEED_TIME) {
  let nowMs = start;
  return {
    now: () => new Date(nowMs),
    advance(ms: number) {
      nowMs += ms;
    },
  };
}

/** The contract's route groups behind the infrastructure pages, for tests that walk every route. */
export const INFRASTRUCTURE_GROUPS = [
  'servers',
  'clusters',
  'tags',
  'contacts',
  'features',
  'changeRequests',
  'installTokens',
] as const;

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The PostgreSQL database's URL; none on PGlite. */
  databaseUrl: string | undefined;
  clock: ReturnType<typeof testClock>;
  /** A new visitor with an empty cookie jar. */
  browser(): TestBrowser;
  /** A visitor signed in as a demo user. */
  signedIn(email: string): Promise<TestBrowser>;
  /** A finance API caller with a bearer token for a demo user signed in afresh. */
  financeCaller(email: string): Promise<FinanceCaller>;
}

/**
 * Opens one database for the whole file (PGlite is slow to start), builds the app on it, and
 * clears sessions, audit rows and counters before each test.
 */
export function useTestApp(configEnv: Record<string, string> = {}): TestContext {
  const context = {} as TestContext;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const config = testConfig(configEnv);
    const opened = await openSeededTestDatabase(config);
    dispose = opened.dispose;
    const clock = testClock();
    const app = await buildApp({
      config,
      db: opened.handle.db,
      database: opened.handle,
      secret: TEST_SECRET,
      now: clock.now,
    });
    Object.assign(context, {
      app,
      database: opened.handle,
      databaseUrl: opened.url,
      clock,
      browser: () => new TestBrowser(app),
      async signedIn(email: string) {
        const browser = new TestBrowser(app);
        const response = await browser.login(email);
        if (response.statusCode !== 200) throw new Error(`login as ${email}: ${response.body}`);
        return browser;
      },
      async financeCaller(email: string) {
        const browser = await context.signedIn(email);
        return new FinanceCaller(app, browser, await browser.financeTokens());
      },
    });
  });

  beforeEach(async () => {
    const { db } = context.database;
    await db.delete(sessions);
    await db.delete(rateLimits);
    // The log refuses DELETE and TRUNCATE; tests start clean by lifting the guard for one statement.
    await db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE ${auditLog} DISABLE TRIGGER audit_log_no_truncate`);
      await tx.execute(sql`TRUNCATE ${auditLog}`);
      await tx.execute(sql`ALTER TABLE ${auditLog} ENABLE TRIGGER audit_log_no_truncate`);
    });
  });

  afterAll(async () => {
    await context.app?.close();
    await dispose?.();
  });

  return context;
}

type InjectOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the XSRF header on writes (default true). */
  xsrf?: boolean;
  /** The address the request comes from (default 127.0.0.1). */
  remoteAddress?: string;
};

/** Keeps cookies between requests as a browser does, and echoes the XSRF token on writes. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async request(url: string, options: InjectOptions = {}): Promise<LightMyRequestResponse> {
    const method = options.method ?? 'GET';
    if (method !== 'GET' && options.xsrf !== false && !this.cookies.has('XSRF-TOKEN')) {
      await this.request('/api/auth');
    }
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && options.xsrf !== false && xsrf) headers['x-xsrf-token'] = xsrf;
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
      ...(options.body !== undefined && { payload: options.body as object }),
    });
    for (const cookie of response.cookies as { name: string; value: string }[]) {
      // A cleared cookie comes back empty (expiry dates follow the test clock, not the real one).
      if (cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  login(email: string, password = DEMO_PASSWORD) {
    return this.request('/api/auth', { method: 'POST', body: { email, password } });
  }

  /** Finance API tokens for this browser's session, as the portal gets them. */
  async financeTokens(): Promise<FinanceTokens> {
    const response = await this.request('/api/auth/finance-tokens', { method: 'POST' });
    if (response.statusCode !== 200) throw new Error(`finance tokens: ${response.body}`);
    return json<FinanceTokens>(response);
  }

  /** The session cookie's value, to replay it after the session should have ended. */
  get sessionCookie(): string | undefined {
    return this.cookies.get('tw_session');
  }
}

/**
 * Calls the finance API as the portal does: `Authorization: Bearer` and no cookies. Paths are
 * relative to the finance prefix (`/customer/acmecorp/plans`).
 */
export class FinanceCaller {
  constructor(
    private readonly app: FastifyInstance,
    /** The signed-in browser the tokens were issued to. */
    readonly browser: TestBrowser,
    public tokens: FinanceTokens,
  ) {}

  request(path: string, options: Pick<InjectOptions, 'method' | 'body' | 'headers'> = {}) {
    return this.app.inject({
      method: options.method ?? 'GET',
      url: `${FINANCE_PREFIX}${path}`,
      headers: { authorization: `Bearer ${this.tokens.access_token}`, ...options.headers },
      ...(options.body !== undefined && { payload: options.body as object }),
    });
  }

  /** Exchanges the refresh token for the next pair, as the portal does on a 401. */
  async refresh(): Promise<LightMyRequestResponse> {
    const response = await this.browser.request('/api/auth/finance-tokens/refresh', {
      method: 'POST',
      body: { refresh_token: this.tokens.refresh_token },
    });
    if (response.statusCode === 200) this.tokens = json<FinanceTokens>(response);
    return response;
  }
}

export const FINANCE_PREFIX = '/api/finance';

export const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json() as T;
