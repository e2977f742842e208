const UNIQUE_VIOLATION = '23505';
const EXCLUSION_VIOLATION = '23P01';
/** `query_canceled`: what PostgreSQL answers when `statement_timeout` ends a statement. */
const QUERY_CANCELED = '57014';
/** Connection exceptions (class 08) and the server ending a session (57P01 admin shutdown and kin). */
const CONNECTION_ENDED = /^(08|57P0)/;

/** Whether a query failed with `code` (drizzle wraps the driver's error as its cause). */
const failedWith = (error: unknown, code: string) =>
  (error as { code?: string }).code === code || (error as { cause?: { code?: string } }).cause?.code === code;

/** Whether a query failed on a unique constraint. */
export const isUniqueViolation = (error: unknown) => failedWith(error, UNIQUE_VIOLATION);

/** Whether a query failed on an exclusion constraint (rows that may not overlap). */
export const isExclusionViolation = (error: unknown) => failedWith(error, EXCLUSION_VIOLATION);

/**
 * Why a statement could not be answered, when the database rather than the request is to blame:
 * no connection could be opened or the one in use was lost, every pooled connection stayed busy
 * past the acquire timeout, or the statement ran past the statement timeout.
 */
export type DatabaseFault = 'unreachable' | 'pool_timeout' | 'statement_timeout';

/** A statement that got no connection, or lost the one it had; the driver's error is its cause. */
export class DatabaseFaultError extends Error {
  override name = 'DatabaseFaultError';

  constructor(
    readonly fault: Exclude<DatabaseFault, 'statement_timeout'>,
    cause: unknown,
  ) {
    super(fault === 'pool_timeout' ? 'no pooled connection came free in time' : 'no database connection', {
      cause,
    });
  }
}

/** The embedded database's refusal once it is closing or closed (it has no error code for it). */
const EMBEDDED_CLOSED = /^PGlite is clos(ed|ing)$/;

/** The fault behind an error, looking through the wrappers (drizzle's, ours); null if it is none. */
export function databaseFault(error: unknown): DatabaseFault | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof DatabaseFaultError) return cause.fault;
    const code = (cause as { code?: unknown }).code;
    if (code === QUERY_CANCELED) return 'statement_timeout';
    if (typeof code === 'string' && CONNECTION_ENDED.test(code)) return 'unreachable';
    if (EMBEDDED_CLOSED.test(cause.message)) return 'unreachable';
  }
  return null;
}
