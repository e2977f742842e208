import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The column holds the text anywhere in it, case aside; `%` and `_` are matched as themselves. */
export const containing = (column: SQLWrapper, text: string): SQL =>
  sql`${column} ilike ${`%${escapeLike(text.toLowerCase())}%`}`;
