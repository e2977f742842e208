import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What the metrics read of the database: the pool's connections and each statement's time. */
export interface DatabaseMonitor {
  /** Connections open, idle and callers waiting for one; null where there is no pool (PGlite). */
  pool(): { total: number; idle: number; waiting: number } | null;
  /** Called with each statement's time in seconds once something listens. */
  onQuery?: (seconds: number) => void;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  monitor: DatabaseMonitor;
  /** Brings the schema up to date; safe to run from several replicas at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Next to this file in the source tree; copied beside the bundle by the build. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any fixed number: replicas starting together queue on it instead of migrating twice.
const MIGRATION_LOCK_ID = 7_077_001;

export function openPostgres(connectionString: string): DatabaseHandle {
  const monitor: DatabaseMonitor = {
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
  // Every statement, inside a transaction or not, goes through a client's query: time it there.
  class TimedClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them through.
    override query(...args: any[]): any {
      const started = performance.now();
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      const result = (super.query as (...rest: any[]) => any)(...args);
      if (monitor.onQuery && typeof result?.then === 'function') {
        const observe = () => monitor.onQuery?.((performance.now() - started) / 1000);
        result.then(observe, observe);
      }
      return result;
    }
  }
  const pool = new pg.Pool({ connectionString, max: 10, Client: TimedClient });
  return {
    db: drizzleNodePg({ client: pool, schema }),
    kind: 'postgres',
    monitor,
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
    close: () => pool.end(),
  };
}

/** PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  let lock: { release(): void } | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = lockDataDir(dataDir);
  }
  try {
    const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined);
    const db = drizzlePglite({ client, schema });
    return {
      db,
      kind: 'pglite',
      // One in-process connection: no pool to watch, and statement times are the process's own.
      monitor: { pool: () => null },
      migrate: () => migratePglite(db, { migrationsFolder }),
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

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
