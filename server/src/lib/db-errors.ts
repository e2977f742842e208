const UNIQUE_VIOLATION = '23505';

/** Whether a query failed on a unique constraint (drizzle wraps the driver's error as its cause). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === UNIQUE_VIOLATION ||
  (error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION;
