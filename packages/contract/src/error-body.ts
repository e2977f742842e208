/** Every failure the server answers with, whatever the status; errors.ts holds its schema. */
export interface ApiErrorBody {
  error: string;
  message: string;
  /** Field path (dot-joined, e.g. `email` or `address.city`) to its messages. */
  fieldErrors?: Record<string, string[]>;
  /** A message with parameters: its catalog id and their values, for the reader's language (decision 0068). */
  messageId?: string;
  values?: Record<string, string | number>;
  /** Field errors with parameters, message for message beside `fieldErrors`: each one's catalog id and values. */
  fieldMessages?: Record<string, FieldMessage[]>;
}

/** One field error as its catalog id and the values of its parameters. */
export interface FieldMessage {
  messageId: string;
  values?: Record<string, string | number>;
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The schema's check without zod, so the client stays small; errors.test.ts holds them equal. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { error, message, fieldErrors, messageId, values, fieldMessages } = value as Record<string, unknown>;
  if (typeof error !== 'string' || typeof message !== 'string') return false;
  if (messageId !== undefined && typeof messageId !== 'string') return false;
  if (values !== undefined && !isValues(values)) return false;
  if (fieldMessages !== undefined && !isFieldMessages(fieldMessages)) return false;
  if (fieldErrors === undefined) return true;
  if (!isPlainObject(fieldErrors)) return false;
  // zod drops a `__proto__` key rather than checking its value, so this does too.
  return Object.entries(fieldErrors).every(
    ([key, messages]) => key === '__proto__' || isStringArray(messages),
  );
}

const isValues = (value: unknown) =>
  isPlainObject(value) &&
  Object.entries(value).every(
    ([key, item]) => key === '__proto__' || typeof item === 'string' || Number.isFinite(item),
  );

const isFieldMessage = (value: unknown) =>
  isPlainObject(value) &&
  typeof value.messageId === 'string' &&
  (value.values === undefined || isValues(value.values));

const isFieldMessages = (value: unknown) =>
  isPlainObject(value) &&
  Object.entries(value).every(
    ([key, messages]) => key === '__proto__' || (Array.isArray(messages) && messages.every(isFieldMessage)),
  );

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

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
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorName(status: number): string {
  return ERROR_NAMES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}
