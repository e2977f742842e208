import { formErrorsOf } from '@tidewatch/contract/client';
import { useSchemaForm } from '@tidewatch/ui';
import type { z } from 'zod';

/** A form submitted to our API: the server's field errors come back into the same fields. */
export function useApiForm<Schema extends z.ZodObject>(
  schema: Schema,
  submit: (value: z.output<Schema>) => Promise<unknown>,
  options: { id?: string; defaultValue?: Partial<z.input<Schema>>; resetOnSuccess?: boolean } = {},
) {
  return useSchemaForm(schema, submit, { ...options, toErrors: formErrorsOf });
}
