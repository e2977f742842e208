import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The `ilike` pattern for text anywhere in a column; `%` and `_` are matched as themselves. */
export const containsPattern = (text: string) => `%${escapeLike(text.toLowerCase())}%`;

/** The column holds the text anywhere in it, case aside. */
export const containing = (column: SQLWrapper, text: string): SQL =>
  sql`${column} ilike ${containsPattern(text)}`;
