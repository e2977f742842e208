import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../src/db/client';
import { exportDatabase, importDatabase, TransferError, tablesInDependencyOrder } from '../src/db/transfer';
import { openSeededPglite, openSeededTestDatabase, openTestDatabase } from './helpers';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-transfer-'));
const exportFile = path.join(dir, 'export.jsonl');
let source: Awaited<ReturnType<typeof openPglite>>;

/** Every table's rows as the database renders them in UTC, sorted, for comparing two databases. */
async function contents(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const result: Record<string, string[]> = {};
    for (const table of await tablesInDependencyOrder(tx)) {
      const { rows } = (await tx.execute(
        sql.raw(`select row_to_json(t)::text as row from "${table}" t`),
      )) as unknown as { rows: { row: string }[] };
      result[table] = rows.map(({ row }) => row).sort();
    }
    return result;
  });
}

async function exportToFile(db: Database, file: string) {
  const out = fs.createWriteStream(file);
  const counts = await exportDatabase(db, out);
  await new Promise((resolve) => out.end(resolve));
  return counts;
}

beforeAll(async () => {
  source = await openSeededPglite();
  await exportToFile(source.db, exportFile);
});
afterAll(async () => {
  await source.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// Each test opens and migrates a database of its own: PGlite takes seconds to start on a busy machine.
describe('moving the embedded database to another database', { timeout: 90_000 }, () => {
  it('carries every row of every table, and ids continue after the highest that arrived', async () => {
    // PostgreSQL when DATABASE_URL names one (the PGlite-to-PostgreSQL move), else a second PGlite.
    const target = await openTestDatabase();
    try {
      await target.handle.migrate();
      const counts = await importDatabase(target.handle.db, exportFile);
      expect(counts.users).toBeGreaterThan(0);
      expect(counts.servers).toBeGreaterThan(0);
      const [before, after] = [await contents(source.db), await contents(target.handle.db)];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);

      // A new row after the import takes the next id, not one the import already used.
      const { rows } = (await target.handle.db.execute(
        sql`insert into outbox (created_at, kind, "to", subject, text, html)
            values (now(), 'test', 'a@example.com', 's', 't', 'h') returning id`,
      )) as unknown as { rows: { id: number | string }[] };
      const highest = Math.max(0, ...(before.outbox ?? []).map((row) => Number(JSON.parse(row).id)));
      expect(Number(rows[0]?.id)).toBeGreaterThan(highest);
    } finally {
      await target.dispose();
    }
  });

  it('refuses an export from another version of the schema, a file that is no export, and a database with rows', async () => {
    const target = await openPglite();
    try {
      await target.migrate();
      const [header, ...rows] = fs.readFileSync(exportFile, 'utf8').split('\n');
      const older = path.join(dir, 'older.jsonl');
      fs.writeFileSync(
        older,
        [JSON.stringify({ ...JSON.parse(header ?? '{}'), migrations: 1 }), ...rows].join('\n'),
      );
      await expect(importDatabase(target.db, older)).rejects.toThrow(/made at migration 1/);
      const notAnExport = path.join(dir, 'not.jsonl');
      fs.writeFileSync(notAnExport, 'hello\n');
      await expect(importDatabase(target.db, notAnExport)).rejects.toBeInstanceOf(Error);
      fs.writeFileSync(notAnExport, '{"format":"other"}\n');
      await expect(importDatabase(target.db, notAnExport)).rejects.toBeInstanceOf(TransferError);

      await importDatabase(target.db, exportFile);
      const imported = await contents(target.db);
      await expect(importDatabase(target.db, exportFile)).rejects.toThrow(/already has rows/);
      expect(await contents(target.db)).toEqual(imported);
    } finally {
      await target.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)(
  'backup and restore of PostgreSQL with pg_dump',
  { timeout: 90_000 },
  () => {
    it('restores every row into a new database', async () => {
      const original = await openSeededTestDatabase();
      const restored = await openTestDatabase();
      if (!original.url || !restored.url) throw new Error('DATABASE_URL names no PostgreSQL server');
      try {
        const dump = path.join(dir, 'backup.dump');
        await run('pg_dump', ['--format=custom', `--file=${dump}`, original.url]);
        await run('pg_restore', ['--no-owner', `--dbname=${restored.url}`, dump]);
        expect(await contents(restored.handle.db)).toEqual(await contents(original.handle.db));
      } finally {
        await original.dispose();
        await restored.dispose();
      }
    });
  },
);
