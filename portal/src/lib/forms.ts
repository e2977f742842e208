import { useLingui } from '@lingui/react';
import { formErrorsOf } from '@tidewatch/contract/client';
import { formLanguage } from '@tidewatch/i18n';
import { useSchemaForm } from '@tidewatch/ui';
import type { z } from 'zod';

/** A form submitted to our API: the server's field errors come back into the same fields, in the user's language. */
export function useApiForm<Schema extends z.ZodObject>(
  schema: Schema,
  submit: (value: z.output<Schema>) => Promise<unknown>,
  options: { id?: string; defaultValue?: Partial<z.input<Schema>>; resetOnSuccess?: boolean } = {},
) {
  const { i18n } = useLingui();
  return useSchemaForm(schema, submit, { ...options, toErrors: formErrorsOf, language: formLanguage(i18n) });
}
