import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { MIGRATION_LOCK_ID, openPglite } from '../src/db/client';
import { DataDirLockedError, lockDataDir } from '../src/db/lock';
import { customers } from '../src/db/schema';
import { seedDemo } from '../src/seed/demo';
import { openTestDatabase, TEST_SECRET, testConfig } from './helpers';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-db-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the embedded database', () => {
  // A data directory on disk, migrated and seeded from nothing: the slowest start there is.
  it('creates its directory, migrates twice without harm and seeds the demo only once', {
    timeout: 60_000,
  }, async () => {
    const dataDir = path.join(root, 'nested', 'data');
    const database = await openPglite(dataDir);
    try {
      await database.migrate();
      await database.migrate();
      expect(await seedDemo(database.db)).toBe(true);
      expect(await seedDemo(database.db)).toBe(false);
      const [row] = await database.db.select({ n: count() }).from(customers);
      expect(row?.n).toBe(3);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  // It runs no autovacuum: without the app's own VACUUM ANALYZE dead rows would pile up and the
  // planner would guess at every table.
  it('is vacuumed and analysed once the app is ready', async () => {
    const database = await openPglite();
    await database.migrate();
    await seedDemo(database.db);
    const maintained = async () => {
      const { rows } = (await database.db.execute(
        sql`select last_vacuum is not null and last_analyze is not null as maintained
            from pg_stat_user_tables where relname = 'servers'`,
      )) as unknown as { rows: { maintained: boolean }[] };
      return rows[0]?.maintained;
    };
    expect(await maintained()).toBe(false);
    const app = await buildApp({ config: testConfig(), db: database.db, database, secret: TEST_SECRET });
    try {
      await app.ready();
      await expect.poll(maintained).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
    // A fresh cluster, migrated and seeded: this file's one test that cannot start from the dump.
  }, 60_000);
});

async function waitingOnAdvisoryLock(client: pg.Client): Promise<number> {
  const { rows } = await client.query(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
  );
  return rows[0].n;
}

// Every new pod's init container migrates (deploy/kubernetes): they must take turns, not race.
describe.skipIf(!process.env.DATABASE_URL)('migrations on PostgreSQL', () => {
  it('wait for the advisory lock another migrator holds, then run', async () => {
    const database = await openTestDatabase();
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      const migration = database.handle.migrate();
      await expect.poll(() => waitingOnAdvisoryLock(holder), { timeout: 5000 }).toBe(1);
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      await migration;
      const [row] = await database.handle.db.select({ n: count() }).from(customers);
      expect(row?.n).toBe(0);
    } finally {
      await holder.end();
      await database.dispose();
    }
  });
});

describe('the data directory lock', () => {
  it('refuses a second holder with a message that says what to do', () => {
    const dir = path.join(root, 'locked');
    fs.mkdirSync(dir);
    const lock = lockDataDir(dir);
    try {
      fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another Tidewatch server .* set DATA_DIR/);
    } finally {
      lock.release();
    }
  });

  it('takes over a lock left by a process that has ended', () => {
    const dir = path.join(root, 'stale');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
