import { INT4_MAX, IsoDateTime, REFUSALS, text } from '@tidewatch/contract';
import { asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { HttpError } from './http-error';

/** A sort key as SQL, and the type its value is compared as when it comes back in a cursor. */
export interface SortKey {
  expr: SQL;
  cast: 'text' | 'timestamptz' | 'integer';
}

/** A cursor after the row with this sort key and unique value. */
export const encodeCursor = (key: string, unique: string) =>
  Buffer.from(JSON.stringify([key, unique])).toString('base64url');

/**
 * What a cursor's key must be to be compared as its sort key's type, checked before it reaches
 * SQL so that a forged one is refused rather than failing the cast. Times come back as
 * PostgreSQL writes them (`2026-11-02 09:00:00.5+00`), read here as ISO 8601.
 */
const CURSOR_KEYS: Record<SortKey['cast'], z.ZodType<string, string>> = {
  text: text(),
  integer: text()
    .regex(/^-?\d{1,10}$/)
    .refine((value) => Number(value) >= -INT4_MAX - 1 && Number(value) <= INT4_MAX),
  timestamptz: text()
    .transform((value) => value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'))
    .pipe(IsoDateTime),
};

function decodeCursor(cursor: string, cast: SortKey['cast'], uniqueIsUuid: boolean): [string, string] {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // answered below
  }
  const parsed = z.tuple([CURSOR_KEYS[cast], uniqueIsUuid ? z.uuid() : text()]).safeParse(value);
  if (parsed.success) return parsed.data;
  throw new HttpError(400, REFUSALS.pageLinkStale, {
    cursor: [REFUSALS.notACursor],
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
  /** `uuid` when the unique column is one, so a cursor's value is checked as such. */
  unique: { name: keyof Keys; column: SQLWrapper; uuid?: boolean };
  sort: string;
  cursor?: string | undefined;
  /** The cursor's values as placeholders, for a prepared query: `params` fills them. */
  placeholders?: boolean;
}) {
  const descending = options.sort.startsWith('-');
  const byKey = options.sort.replace(/^-/, '');
  const key = options.keys[byKey];
  if (!key) throw new Error(`unknown sort key ${byKey}`);
  const byUnique = byKey === options.unique.name;
  const unique = options.unique.column;
  const comparison = sql.raw(descending ? '<' : '>');
  let after: SQL | undefined;
  let params: { cursorKey?: string; cursorUnique?: string } = {};
  if (options.cursor) {
    const [value, last] = decodeCursor(options.cursor, key.cast, options.unique.uuid ?? false);
    params = byUnique ? { cursorUnique: last } : { cursorKey: value, cursorUnique: last };
    const keyValue = options.placeholders ? sql.placeholder('cursorKey') : value;
    const uniqueValue = options.placeholders ? sql.placeholder('cursorUnique') : last;
    after = byUnique
      ? sql`${unique} ${comparison} ${uniqueValue}`
      : sql`(${key.expr}, ${unique}) ${comparison} (${keyValue}::${sql.raw(key.cast)}, ${uniqueValue})`;
  }
  const order = descending ? desc : asc;
  return {
    after,
    /** The cursor's values for the placeholders in `after`. */
    params,
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
