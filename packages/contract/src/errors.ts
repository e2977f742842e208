import { z } from 'zod';
import type { ApiErrorBody as ApiErrorBodyShape } from './error-body';

export { ERROR_NAMES, errorName, type FieldMessage, isApiErrorBody } from './error-body';

/** Every failure the server answers with, whatever the status. */
export const ApiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  /** Field path (dot-joined, e.g. `email` or `address.city`) to its messages. */
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  /** A message with parameters: its catalog id and their values, for the reader's language (decision 0068). */
  messageId: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** Field errors with parameters, message for message beside `fieldErrors`. */
  fieldMessages: z
    .record(
      z.string(),
      z.array(
        z.object({
          messageId: z.string(),
          values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      ),
    )
    .optional(),
}) satisfies z.ZodType<ApiErrorBodyShape>;
export type ApiErrorBody = ApiErrorBodyShape;
