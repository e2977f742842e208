import { useLingui } from '@lingui/react/macro';
import { ApiError, formErrorsOf } from '@tidewatch/contract/client';
import { formLanguage } from '@tidewatch/i18n/static';
import { type FormErrors, useSchemaForm } from '@tidewatch/ui';
import type { z } from 'zod';

type SchemaFormOptions<Schema extends z.ZodObject> = Parameters<typeof useSchemaForm<Schema>>[2];

/**
 * The site's forms: checked in the browser with the shared schema, the server's field errors
 * shown in place, and every message in the page's language. A form's own `toErrors` answers
 * first; what it leaves (null) gets the shared messages for throttling and lost connections.
 */
export function useSiteForm<Schema extends z.ZodObject>(
  schema: Schema,
  submit: (value: z.output<Schema>) => Promise<unknown>,
  options: Omit<SchemaFormOptions<Schema>, 'language' | 'toErrors'> & {
    toErrors?: SchemaFormOptions<Schema>['toErrors'];
  } = {},
) {
  const { i18n, t } = useLingui();
  const sharedErrors = (error: unknown): FormErrors | null => {
    if (error instanceof ApiError && error.status === 429) {
      return { formErrors: [t`Too many attempts from your network. Wait a while, then try again.`] };
    }
    if (error instanceof ApiError && error.status === 0) {
      return { formErrors: [t`We could not reach the server. Check your connection and try again.`] };
    }
    return formErrorsOf(error);
  };
  const toErrors = (error: unknown) => options.toErrors?.(error) ?? sharedErrors(error);
  return useSchemaForm(schema, submit, { ...options, toErrors, language: formLanguage(i18n) });
}
