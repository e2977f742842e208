import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ApiError, type formErrorsOf } from '@tidewatch/contract/client';
import { formLanguage } from '@tidewatch/i18n';
import { useSchemaForm, type ValidatedFormOptions } from '@tidewatch/ui';
import type { z } from 'zod';
import { inCatalog, readerFieldErrors, refusalText } from './refusals';

/**
 * What a form shows for a refused submission, in the reader's language: the server's field errors
 * in place, or its refusal for the whole form; a throttled one (429) whose refusal the catalog does
 * not hold says so in general words.
 */
export function apiFormErrors(error: unknown): ReturnType<typeof formErrorsOf> {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 429 && !inCatalog(error)) {
    return { formErrors: [t`Too many wrong tries. Wait a few minutes, then try again.`] };
  }
  const fieldErrors = readerFieldErrors(error);
  return fieldErrors ? { fieldErrors, formErrors: [] } : { formErrors: [refusalText(error)] };
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
