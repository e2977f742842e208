import { useLingui } from '@lingui/react/macro';
import { ApiError, formErrorsOf } from '@tidewatch/contract/site-client';
import { formLanguage } from '@tidewatch/i18n/static';
import { checkTextForm, type FormErrors, useValidatedForm, type ValidatedFormOptions } from '@tidewatch/ui';
import type { $ZodObject, input, output } from 'zod/v4/core';

type SiteFormOptions<Schema extends $ZodObject> = Omit<
  ValidatedFormOptions<input<Schema>>,
  'language' | 'toErrors'
> & { toErrors?: ValidatedFormOptions<input<Schema>>['toErrors'] };

/**
 * Messages, in the page's language, for failures that say nothing about what was typed: throttling,
 * a lost connection, a failing server. Null for any other failure. Every site form shows these
 * rather than the transport's or the server's own (English) text.
 */
export function useDeliveryErrors() {
  const { t } = useLingui();
  return (error: unknown): string[] | null => {
    if (!(error instanceof ApiError)) return null;
    if (error.status === 429) return [t`Too many attempts from your network. Wait a while, then try again.`];
    if (error.status === 0) return [t`We could not reach the server. Check your connection and try again.`];
    if (error.status >= 500) return [t`Something went wrong on our side. Try again in a few minutes.`];
    return null;
  };
}

/**
 * The site's forms, one small runtime for all: checked in the browser with the form's zod/mini
 * rules (`@tidewatch/contract/site-forms`), the server's field errors shown in place, and every
 * message in the page's language. A form's own `toErrors` answers first; what it leaves (null)
 * gets the delivery messages above, or the server's field errors.
 */
export function useSiteForm<Schema extends $ZodObject>(
  schema: Schema,
  submit: (value: output<Schema>) => Promise<unknown>,
  options: SiteFormOptions<Schema> = {},
) {
  const { i18n } = useLingui();
  const deliveryErrors = useDeliveryErrors();
  const language = formLanguage(i18n);
  const sharedErrors = (error: unknown): FormErrors | null => {
    const messages = deliveryErrors(error);
    return messages ? { formErrors: messages } : formErrorsOf(error);
  };
  const toErrors = (error: unknown) => options.toErrors?.(error) ?? sharedErrors(error);
  return useValidatedForm<input<Schema>, output<Schema>>(checkTextForm(schema, language), submit, {
    ...options,
    toErrors,
    language,
  });
}
