import { parseWithZod } from '@conform-to/zod/v4';
import { issueSentence } from '@tidewatch/contract/validation-messages';
import type { $ZodIssue, $ZodObject, input, output } from 'zod/v4/core';
import { useValidatedForm, type ValidatedFormOptions } from './use-validated-form';

/**
 * A form validated in the browser with a zod schema (the same one the server uses), its
 * fields coerced from text by the schema's types (numbers, dates, check boxes): the portal's
 * forms. The site's forms, all text and files, use `checkTextForm` instead, which needs less.
 */
export function useSchemaForm<Schema extends $ZodObject>(
  schema: Schema,
  submit: (value: output<Schema>) => Promise<unknown>,
  options: ValidatedFormOptions<input<Schema>>,
) {
  const { translate } = options.language;
  const check = (formData: FormData) =>
    parseWithZod(formData, {
      schema,
      error: (issue) => translate(...issueSentence(issue)),
      formatError: (issues: $ZodIssue[]) => issues.map((issue) => translate(issue.message)),
    });
  return useValidatedForm<input<Schema>, output<Schema>>(check as never, submit, options);
}
