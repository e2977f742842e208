import { DrizzleQueryError } from 'drizzle-orm';

type DatabaseErrorNames = { code?: string; constraint?: string; table?: string; column?: string };

/**
 * A failed query as it may be logged: the statement with its placeholders and the database's
 * error code and the names it gives. The values bound to it, and the driver's message and detail
 * that quote them, stay out of the log.
 */
export class FailedQuery extends Error {
  override name = 'FailedQuery';
  readonly code: string | undefined;
  readonly constraint: string | undefined;
  readonly table: string | undefined;
  readonly column: string | undefined;

  constructor(error: DrizzleQueryError) {
    super(`Failed query: ${error.query}`);
    const cause = error.cause as DatabaseErrorNames | undefined;
    this.code = cause?.code;
    this.constraint = cause?.constraint;
    this.table = cause?.table;
    this.column = cause?.column;
    // The original stack starts with its message, which lists the values: keep only the frames.
    const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    this.stack = [`${this.name}: ${this.message}`, ...frames].join('\n');
  }
}

const withoutQueryValues = (value: unknown) =>
  value instanceof DrizzleQueryError ? new FailedQuery(value) : value;

/** A pino `logMethod` hook: an error handed to the log, bare or as `err`, loses its query's values. */
export function logMethodWithoutQueryValues(
  this: unknown,
  args: unknown[],
  method: (...args: unknown[]) => void,
): void {
  const [first, ...rest] = args;
  if (first instanceof DrizzleQueryError) {
    method.apply(this, [withoutQueryValues(first), ...rest]);
  } else if (first && typeof first === 'object' && 'err' in first) {
    method.apply(this, [{ ...first, err: withoutQueryValues(first.err) }, ...rest]);
  } else {
    method.apply(this, args);
  }
}
