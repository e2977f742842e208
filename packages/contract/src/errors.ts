import * as z from 'zod/mini';

// zod's small build: the site's islands read this body too, and carry only what they use.

/** Every failure the server answers with, whatever the status. */
export const ApiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  /** Field path (dot-joined, e.g. `email` or `address.city`) to its messages. */
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** The `error` word the server uses for each status. */
export const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorised',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  417: 'Expectation Failed',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorName(status: number): string {
  return ERROR_NAMES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}
