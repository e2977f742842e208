import { useLingui } from '@lingui/react/macro';
import { ApiError, formErrorsOf } from '@tidewatch/contract/api-error';
import { formLanguage } from '@tidewatch/i18n/static';
import { type FormErrors, useValidatedForm, type ValidatedFormOptions } from '@tidewatch/ui';
import type { $ZodObject, input, output } from 'zod/v4/core';

/** The contract's rules for the site's forms, with zod's small build. */
type SiteFormRules = typeof import('./form-rules').forms;

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
 *
 * `rules` picks the form's schema from the site's rules, which come with zod when the visitor first
 * reaches the form, not with the page (decision 0082).
 */
export function useSiteForm<Schema extends $ZodObject>(
  rules: (forms: SiteFormRules) => Schema | Promise<Schema>,
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
  const load = async () => {
    const { forms, checkTextForm, catalogs } = await import('./form-rules');
    const schema = await rules(forms);
    // The rules' and the server's messages join the island's catalog before any can show.
    i18n.load(i18n.locale, catalogs[i18n.locale as keyof typeof catalogs]);
    return checkTextForm(schema, language);
  };
  return useValidatedForm<input<Schema>, output<Schema>>({ load }, submit, {
    ...options,
    toErrors,
    language,
  });
}
