const UNIQUE_VIOLATION = '23505';
const EXCLUSION_VIOLATION = '23P01';

/** Whether a query failed with `code` (drizzle wraps the driver's error as its cause). */
const failedWith = (error: unknown, code: string) =>
  (error as { code?: string }).code === code || (error as { cause?: { code?: string } }).cause?.code === code;

/** Whether a query failed on a unique constraint. */
export const isUniqueViolation = (error: unknown) => failedWith(error, UNIQUE_VIOLATION);

/** Whether a query failed on an exclusion constraint (rows that may not overlap). */
export const isExclusionViolation = (error: unknown) => failedWith(error, EXCLUSION_VIOLATION);
