import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { resultRows } from '../lib/result-rows';
import type { Database } from './client';

/**
 * Moves a whole database between PGlite and PostgreSQL (either way) as JSON lines: a header,
 * then one line per row. Each row travels as PostgreSQL's own JSON of it (`row_to_json`) and is
 * read back with `json_populate_recordset`, so every column type converts by the database's own
 * rules. Tables go parents first, so foreign keys hold at every insert.
 */

export const EXPORT_FORMAT = 'tidewatch-export';
const EXPORT_VERSION = 1;
const INSERT_BATCH = 500;

interface ExportHeader {
  format: typeof EXPORT_FORMAT;
  version: number;
  /** How many migrations had run on the source: the target must have run the same. */
  migrations: number;
  tables: string[];
}

export class TransferError extends Error {
  override name = 'TransferError';
}

/** The database or a transaction on it. */
type Executor = Pick<Database, 'execute'>;

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  resultRows<T>(await db.execute(query));

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** How many migrations have run; 0 on a database that never had Tidewatch's schema. */
async function migrationCount(db: Executor): Promise<number> {
  const [table] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return 0;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return row?.n ?? 0;
}

/** The public schema's tables, every parent before its children. */
export async function tablesInDependencyOrder(db: Executor): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.name);
  const links = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
        join pg_class p on p.oid = k.confrelid
        where k.contype = 'f' and cn.nspname = 'public'`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    if (visiting.has(table)) {
      throw new TransferError(`The tables' foreign keys form a cycle through ${table}; order it by hand`);
    }
    visiting.add(table);
    for (const link of links) if (link.child === table && link.parent !== table) visit(link.parent);
    if (links.some((link) => link.child === table && link.parent === table)) {
      throw new TransferError(`${table} refers to itself; its rows need ordering before they can move`);
    }
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

/** Writes every row of every table to `out`; returns the rows written per table. */
export async function exportDatabase(db: Database, out: Writable): Promise<Record<string, number>> {
  const migrations = await migrationCount(db);
  if (migrations === 0) throw new TransferError('This database has no Tidewatch data: nothing to export');
  const tables = await tablesInDependencyOrder(db);
  const header: ExportHeader = { format: EXPORT_FORMAT, version: EXPORT_VERSION, migrations, tables };
  const write = (line: string) =>
    new Promise<void>((resolve, reject) =>
      out.write(`${line}\n`, (error) => (error ? reject(error) : resolve())),
    );
  await write(JSON.stringify(header));
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const rows = await rowsOf<{ row: string }>(
      db,
      sql.raw(`select row_to_json(t)::text as row from ${quoted(table)} t`),
    );
    for (const { row } of rows) await write(`{"table":${JSON.stringify(table)},"row":${row}}`);
    counts[table] = rows.length;
  }
  return counts;
}

async function insertBatch(db: Executor, table: string, columns: string[], rows: unknown[]) {
  const list = columns.map(quoted).join(', ');
  await db.execute(
    sql`${sql.raw(`insert into ${quoted(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${quoted(table)}, `)}${JSON.stringify(rows)}::json)`,
  );
}

/**
 * Loads an export into a migrated, empty database in one transaction: all of it or none.
 * Sequences and identities continue after the highest id that arrived.
 */
export async function importDatabase(db: Database, file: string): Promise<Record<string, number>> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = (first.done ? undefined : JSON.parse(first.value)) as ExportHeader | undefined;
  if (header?.format !== EXPORT_FORMAT || header.version !== EXPORT_VERSION) {
    throw new TransferError(`${file} is not a ${EXPORT_FORMAT} file of version ${EXPORT_VERSION}`);
  }
  const migrations = await migrationCount(db);
  if (migrations !== header.migrations) {
    throw new TransferError(
      `The export was made at migration ${header.migrations} and this database is at ${migrations}: run the same version on both sides`,
    );
  }
  const tables = await tablesInDependencyOrder(db);
  const unknown = header.tables.filter((table) => !tables.includes(table));
  if (unknown.length > 0) throw new TransferError(`This database has no table ${unknown.join(', ')}`);
  for (const table of tables) {
    const [row] = await rowsOf<{ any: boolean }>(
      db,
      sql.raw(`select exists (select 1 from ${quoted(table)}) as any`),
    );
    if (row?.any) throw new TransferError(`${table} already has rows: import only into an empty database`);
  }
  const columns = new Map<string, string[]>();
  for (const { table, column } of await rowsOf<{ table: string; column: string }>(
    db,
    sql`select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER' order by ordinal_position`,
  )) {
    columns.set(table, [...(columns.get(table) ?? []), column]);
  }

  const counts: Record<string, number> = Object.fromEntries(header.tables.map((table) => [table, 0]));
  await db.transaction(async (tx) => {
    // The rows arrive as they were, not as changes: no live event is written for them (migration 0042).
    await tx.execute(sql`select set_config('tidewatch.copying_rows', 'on', true)`);
    let table: string | undefined;
    let batch: unknown[] = [];
    const flush = async () => {
      if (table && batch.length > 0) await insertBatch(tx, table, columns.get(table) ?? [], batch);
      batch = [];
    };
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      if (!next.value.trim()) continue;
      const line = JSON.parse(next.value) as { table: string; row: unknown };
      if (line.table !== table) {
        await flush();
        table = line.table;
      }
      if (!tables.includes(line.table)) throw new TransferError(`This database has no table ${line.table}`);
      batch.push(line.row);
      counts[line.table] = (counts[line.table] ?? 0) + 1;
      if (batch.length === INSERT_BATCH) await flush();
    }
    await flush();
    const sequences = await rowsOf<{ table: string; column: string; sequence: string }>(
      tx,
      sql`select table_name as table, column_name as column,
                 pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
          from information_schema.columns
          where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
    );
    for (const { table: name, column, sequence } of sequences) {
      await tx.execute(
        sql`select setval(${sequence}, coalesce((select max(${sql.raw(quoted(column))}) from ${sql.raw(quoted(name))}), 0) + 1, false)`,
      );
    }
  });
  return counts;
}
