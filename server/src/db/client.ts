import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DatabaseFaultError } from '../lib/db-errors';
import { lockDataDir } from './lock';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a transaction's callback gets: a Database that commits or rolls back as one. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What the metrics read of the database: the pool's connections and each statement's time. */
export interface DatabaseMonitor {
  /** Connections open, idle and callers waiting for one; null where there is no pool (PGlite). */
  pool(): { total: number; idle: number; waiting: number } | null;
  /** Called with each statement's time in seconds once something listens. */
  onQuery?: (seconds: number) => void;
  /** Called when a pooled connection ends while idle (a restart, a failover); the pool replaces it. */
  onConnectionLost?: (error: Error) => void;
}

/** How long a statement may run and a caller may wait for a connection (DATABASE_*_MS settings). */
export interface PostgresTimeouts {
  /** Ends a statement after this long with 57014; 0 leaves the server's own setting. */
  databaseStatementTimeoutMs: number;
  /** How long a caller waits for a pooled connection, or for a new one to open. */
  databasePoolAcquireTimeoutMs: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  monitor: DatabaseMonitor;
  /** Brings the schema up to date; safe to run from several replicas at once. */
  migrate(): Promise<void>;
  /**
   * Rejects when the database cannot answer, or when callers recently waited out the acquire
   * timeout for a connection; never queues behind the app's own queries.
   */
  ready(): Promise<void>;
  /**
   * Calls `onMessage` with each payload notified on `channel`. `onLost` is called when
   * notifications may have been missed (the listening connection dropped) and until it is back.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /**
   * What autovacuum does where nothing else does it (the embedded database runs none): reclaims the
   * dead rows every update leaves (each agent ping is one), marks pages all-visible so index-only
   * scans skip the table, and refreshes the planner's statistics. Absent on PostgreSQL.
   */
  maintain?(): Promise<void>;
  close(): Promise<void>;
}

export interface NotificationHandlers {
  onMessage(payload: string): void;
  /** Messages may have been missed; none arrive until `onListening`. */
  onLost(): void;
  onListening(): void;
}

/** How long a dropped listening connection waits before it connects again. */
const RELISTEN_DELAY_MS = 1_000;

/** LISTEN on a connection of its own, connecting again when it drops. */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connectLater = () => {
    retry = setTimeout(() => connect().catch(connectLater), RELISTEN_DELAY_MS);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => handlers.onMessage(message.payload ?? ''));
    next.on('error', () => {});
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = null;
      handlers.onLost();
      connectLater();
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client = null;
      await next.end().catch(() => {});
      throw error;
    }
    handlers.onListening();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end();
  };
}

/** Next to this file in the source tree; copied beside the bundle by the build. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any fixed number: replicas starting together queue on it instead of migrating twice.
export const MIGRATION_LOCK_ID = 7_077_001;

/** How long readiness waits for PostgreSQL before calling it down. */
const READY_TIMEOUT_MS = 2_000;
/** How long after a caller waited out the acquire timeout readiness says the pool is starved. */
const STARVED_FOR_MS = 5_000;
/** pg-pool's error, without a code, for a caller that waited out the acquire timeout in its queue. */
const QUEUE_WAIT_TIMED_OUT = 'timeout exceeded when trying to connect';

export function openPostgres(connectionString: string, timeouts: PostgresTimeouts): DatabaseHandle {
  const acquireTimeoutMs = timeouts.databasePoolAcquireTimeoutMs;
  const monitor: DatabaseMonitor = {
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
  let lastStarvedAt = Number.NEGATIVE_INFINITY;
  // Every statement, inside a transaction or not, goes through a client's query: time it there.
  // Statements handed to one client while it is busy (a transaction's helpers that query side by
  // side) wait their turn here: pg 8 queues them itself but warns, and pg 9 will refuse them.
  class TimedClient extends pg.Client {
    #tail: Promise<unknown> = Promise.resolve();
    #lost = false;

    // biome-ignore lint/suspicious/noExplicitAny: pg.Client's constructor takes its config as is.
    constructor(config?: any) {
      super(config);
      // Lent out for a transaction, a client has no listener of the pool's: its error would end the process.
      this.on('error', () => {});
    }

    // An error of the connection itself, not of a statement, means it is lost: marked as the
    // database's fault for whoever hears of it first, the statement's caller or the pool.
    // biome-ignore lint/suspicious/noExplicitAny: EventEmitter's arguments are untyped.
    override emit(event: string | symbol, ...args: any[]): boolean {
      if (event !== 'error') return super.emit(event, ...args);
      this.#lost = true;
      return super.emit(event, new DatabaseFaultError('unreachable', args[0]));
    }

    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them through.
    override query(...args: any[]): any {
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      const send = (...rest: any[]) => (super.query as (...rest: any[]) => any)(...rest);
      // A submittable (a cursor, a stream) runs as pg runs it.
      if (typeof args[0]?.submit === 'function') return send(...args);
      const callback = typeof args.at(-1) === 'function' ? args.pop() : undefined;
      const run = async () => {
        const started = performance.now();
        try {
          return await send(...args);
        } catch (error) {
          throw this.#lost ? new DatabaseFaultError('unreachable', error) : error;
        } finally {
          monitor.onQuery?.((performance.now() - started) / 1000);
        }
      };
      const result = this.#tail.then(run, run);
      this.#tail = result.catch(() => undefined);
      if (!callback) return result;
      result.then(
        (value) => callback(null, value),
        (error: unknown) => callback(error),
      );
      return undefined;
    }
  }
  // Whatever keeps a caller from a connection (refused, unreachable, none free in time) is marked
  // as the database's fault, so the request is answered 503 rather than 500.
  class FaultMarkingPool extends pg.Pool {
    // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's connect has a promise and a callback form.
    override connect(callback?: (error: Error | undefined, ...rest: any[]) => void): any {
      const marked = (error: Error) => {
        const starved = error.message === QUEUE_WAIT_TIMED_OUT;
        if (starved) lastStarvedAt = performance.now();
        return new DatabaseFaultError(starved ? 'pool_timeout' : 'unreachable', error);
      };
      if (!callback) {
        return super.connect().catch((error: Error) => {
          throw marked(error);
        });
      }
      return super.connect((error, ...rest) => callback(error && marked(error), ...rest));
    }
  }
  const pool = new FaultMarkingPool({
    connectionString,
    max: 10,
    Client: TimedClient,
    connectionTimeoutMillis: acquireTimeoutMs,
    // A startup parameter, so it bounds every statement of every connection without a round trip.
    statement_timeout: timeouts.databaseStatementTimeoutMs,
  });
  // Readiness has a connection of its own, so a full pool of user queries cannot hold it up.
  const probePool = new pg.Pool({
    connectionString,
    max: 1,
    connectionTimeoutMillis: READY_TIMEOUT_MS,
    query_timeout: READY_TIMEOUT_MS,
  });
  // An idle connection that ends (a restart, a failover, a proxy recycling it) is an 'error' on its
  // pool, which would end the process unheard; the pool has already dropped it and opens another.
  const connectionLost = (error: Error) => monitor.onConnectionLost?.(error);
  pool.on('error', connectionLost);
  probePool.on('error', connectionLost);
  return {
    db: drizzleNodePg({ client: pool, schema }),
    kind: 'postgres',
    monitor,
    async ready() {
      if (performance.now() - lastStarvedAt < STARVED_FOR_MS) {
        throw new Error(`callers waited over ${acquireTimeoutMs} ms for a pooled connection`);
      }
      await probePool.query('select 1');
    },
    listen: (channel, handlers) => listenOnPostgres(connectionString, channel, handlers),
    async migrate() {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        await client.end();
      }
    },
    async close() {
      await Promise.all([pool.end(), probePool.end()]);
    },
  };
}

/**
 * PostgreSQL's default of 128 MB is all touched at start, in the server's own memory; an install
 * small enough for the embedded database reads its working set from far fewer (decision 0076).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests); an in-memory one may
 * start from a dumped data directory (`loadDataDir`) rather than an empty cluster.
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let lock: { release(): void } | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = lockDataDir(dataDir);
  }
  try {
    // Certname search runs on a trigram index, time entries' overlap exclusion on a GiST one; the migrations create the extensions.
    const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
      extensions: { btree_gist, pg_trgm },
      loadDataDir,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    const db = drizzlePglite({ client, schema });
    return {
      db,
      kind: 'pglite',
      // One in-process connection: no pool to watch, and statement times are the process's own.
      monitor: { pool: () => null },
      migrate: () => migratePglite(db, { migrationsFolder }),
      // The one connection is the app's: a query here would wait behind every request's.
      async ready() {
        if (client.closed || !client.ready) throw new Error('the embedded database is not open');
      },
      async maintain() {
        await db.execute(sql`vacuum analyze`);
      },
      // In-process: nothing to lose, so listening starts and stays.
      async listen(channel, handlers) {
        const unlisten = await client.listen(channel, handlers.onMessage);
        handlers.onListening();
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
      async close() {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export async function openDatabase(
  options: PostgresTimeouts & { databaseUrl: string | undefined; dataDir: string },
): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir);
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
