import type { ApiErrorBody } from './error-body';

/**
 * A failed call: the status and the server's `{ error, message, fieldErrors? }` body. Apart from
 * the transport, so that a site form can tell a failure without loading the client with its page.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    readonly route: { method: string; path: string },
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
}

/** A failed call as form errors: the server's field errors in place, or its message for the whole form. */
export function formErrorsOf(
  error: unknown,
): { fieldErrors?: Record<string, string[]>; formErrors: string[] } | null {
  if (!(error instanceof ApiError)) return null;
  const { fieldErrors, message } = error.body;
  return fieldErrors ? { fieldErrors, formErrors: [] } : { formErrors: [message] };
}
