import { asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { HttpError } from './http-error';

/** A sort key as SQL, and the type its value is compared as when it comes back in a cursor. */
export interface SortKey {
  expr: SQL;
  cast: 'text' | 'timestamptz' | 'integer';
}

const encodeCursor = (key: string, unique: string) =>
  Buffer.from(JSON.stringify([key, unique])).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) {
      return value as [string, string];
    }
  } catch {
    // answered below
  }
  throw new HttpError(400, 'This page link is no longer valid; start from the first page', {
    cursor: ['Not a cursor this list gave out'],
  });
}

/**
 * Keyset paging over a sort key with a unique column breaking ties: the condition for the rows
 * after a cursor, the order, the key to select with each row, and how to make the next cursor.
 * `sort` is a key's name, with a leading `-` for descending; the unique column's own name pages
 * straight along its index.
 */
export function keyset<Keys extends Record<string, SortKey>>(options: {
  keys: Keys;
  unique: { name: keyof Keys; column: SQLWrapper };
  sort: string;
  cursor?: string | undefined;
}) {
  const descending = options.sort.startsWith('-');
  const byKey = options.sort.replace(/^-/, '');
  const key = options.keys[byKey];
  if (!key) throw new Error(`unknown sort key ${byKey}`);
  const byUnique = byKey === options.unique.name;
  const unique = options.unique.column;
  const comparison = sql.raw(descending ? '<' : '>');
  let after: SQL | undefined;
  if (options.cursor) {
    const [value, last] = decodeCursor(options.cursor);
    after = byUnique
      ? sql`${unique} ${comparison} ${last}`
      : sql`(${key.expr}, ${unique}) ${comparison} (${value}::${sql.raw(key.cast)}, ${last})`;
  }
  const order = descending ? desc : asc;
  return {
    after,
    orderBy: [...(byUnique ? [] : [order(key.expr)]), order(unique)],
    /** Select it as `key` with each row, for `nextCursor`. */
    keyValue: sql<string>`(${key.expr})::text`,
    /** The cursor after a page of `limit` rows, from the `limit + 1` asked for; null on the last page. */
    nextCursor<Row extends { key: string }>(rows: Row[], limit: number, uniqueOf: (row: Row) => string) {
      const last = rows[limit - 1];
      return rows.length > limit && last ? encodeCursor(last.key, uniqueOf(last)) : null;
    },
  };
}
