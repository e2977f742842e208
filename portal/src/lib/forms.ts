import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { FIELD_REFUSALS } from '@tidewatch/contract';
import { ApiError, formErrorsOf } from '@tidewatch/contract/client';
import { formLanguage } from '@tidewatch/i18n';
import { useSchemaForm, type ValidatedFormOptions } from '@tidewatch/ui';
import type { z } from 'zod';

const REFUSALS = new Set<string>(Object.values(FIELD_REFUSALS));

/**
 * What a form shows for a refused submission; a throttled one (429) says so in the reader's
 * language: with the server's refusal when the catalog holds it, else in general words.
 */
export function apiFormErrors(error: unknown): ReturnType<typeof formErrorsOf> {
  if (error instanceof ApiError && error.status === 429 && !REFUSALS.has(error.body.message)) {
    return { formErrors: [t`Too many wrong tries. Wait a few minutes, then try again.`] };
  }
  return formErrorsOf(error);
}

/** A form submitted to our API: the server's field errors come back into the same fields, in the user's language. */
export function useApiForm<Schema extends z.ZodObject>(
  schema: Schema,
  submit: (value: z.output<Schema>) => Promise<unknown>,
  options: Pick<
    ValidatedFormOptions<z.input<Schema>>,
    'id' | 'defaultValue' | 'resetOnSuccess' | 'validateOn'
  > = {},
) {
  const { i18n } = useLingui();
  return useSchemaForm(schema, submit, { ...options, toErrors: apiFormErrors, language: formLanguage(i18n) });
}
