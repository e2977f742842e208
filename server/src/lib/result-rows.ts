/** The rows of a raw SQL statement's result: both database drivers answer `db.execute` with `{ rows }`. */
export const resultRows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
