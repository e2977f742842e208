import { and, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import {
  type serviceWindowExemptions,
  type serviceWindowProposals,
  type serviceWindows,
  tags,
  users,
} from '../../../db/schema';
import { type BoundedTotal, boundedTotal } from '../../../lib/bounded-total';
import { keyset, type SortKey } from '../../../lib/keyset';

export type { Tx };
export type Db = Database | Tx;

type Person = { name: string; email: string } | null;

/** Names and addresses of the people who acted, by id. */
export async function peopleById(
  db: Database,
  ids: (string | null)[],
): Promise<(id: string | null) => Person> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, wanted))
    : [];
  return (id) => {
    const row = rows.find((candidate) => candidate.id === id);
    return row ? { name: row.name, email: row.email } : null;
  };
}

/** Update groups' names, by id. */
export async function groupNames(db: Db, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, wanted))
    : [];
  return (id: string | null) => rows.find((row) => row.id === id) ?? null;
}

/** Ids compared as text, so a forged cursor is a 400 and never a failed uuid cast. */
const idText = (column: SQLWrapper) => sql`${column}::text`;

type PagedTable = typeof serviceWindows | typeof serviceWindowProposals | typeof serviceWindowExemptions;

export interface Page<Row> {
  rows: Row[];
  nextCursor: string | null;
  /** Counted on the first page only. */
  total: BoundedTotal | null;
}

/** One keyset page of a table's rows by a sort key, ties broken by id. */
export async function pageOf<Table extends PagedTable>(
  db: Database,
  table: Table,
  options: {
    keys: Record<string, SortKey>;
    sort: string;
    where: SQL | undefined;
    cursor: string | undefined;
    limit: number;
  },
): Promise<Page<Table['$inferSelect']>> {
  const { keys, sort, where, cursor, limit } = options;
  const paging = keyset({
    keys: { ...keys, id: { expr: idText(table.id), cast: 'text' } },
    unique: { name: 'id', column: idText(table.id) },
    sort,
    cursor,
  });
  const [rows, counted] = await Promise.all([
    db
      .select({ row: table as PagedTable, key: paging.keyValue })
      .from(table as PagedTable)
      .where(and(where, paging.after))
      .orderBy(...paging.orderBy)
      .limit(limit + 1) as Promise<{ row: Table['$inferSelect']; key: string }[]>,
    cursor
      ? null
      : boundedTotal(
          db,
          db
            .select({ one: sql`1` })
            .from(table as PagedTable)
            .where(where),
        ),
  ]);
  return {
    rows: rows.slice(0, limit).map(({ row }) => row),
    nextCursor: paging.nextCursor(rows, limit, ({ row }) => row.id),
    total: counted,
  };
}
