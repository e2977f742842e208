import { type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import type { $ZodIssue, $ZodObject, input, output } from 'zod/v4/core';
import { issueSentence } from './validation-messages';

/**
 * The reader's language: our messages (the schemas', the server's and the sentences that stand
 * for zod's own, all written in English) go through `translate` with the values they name.
 */
export interface FormLanguage {
  locale: string;
  translate(message: string, values?: Record<string, string>): string;
}

/** What a failed submission says: errors per field and for the form as a whole. */
export interface FormErrors {
  fieldErrors?: Record<string, string[]>;
  formErrors: string[];
}

function translateErrors(errors: FormErrors, translate: FormLanguage['translate']): FormErrors {
  return {
    formErrors: errors.formErrors.map((message) => translate(message)),
    ...(errors.fieldErrors && {
      fieldErrors: Object.fromEntries(
        Object.entries(errors.fieldErrors).map(([field, messages]) => [
          field,
          messages.map((message) => translate(message)),
        ]),
      ),
    }),
  };
}

/**
 * A form validated in the browser with a zod schema (the same one the server uses) and
 * submitted by `submit`; a failure that `toErrors` recognises comes back into the same
 * fields, anything else is thrown on. Messages are shown in `language`. Any zod object will
 * do, the full build's or zod/mini's (the site's forms).
 */
export function useSchemaForm<Schema extends $ZodObject>(
  schema: Schema,
  submit: (value: output<Schema>) => Promise<unknown>,
  options: {
    toErrors: (error: unknown) => FormErrors | null;
    id?: string;
    defaultValue?: Partial<input<Schema>>;
    resetOnSuccess?: boolean;
    language: FormLanguage;
  },
) {
  const { translate } = options.language;
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [pending, setPending] = useState(false);
  const [form, fields] = useForm<input<Schema>>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue as never,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    // Conform types the submission by the form's input; the schema parses it into its output.
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema,
        error: (issue) => translate(...issueSentence(issue)),
        formatError: (issues: $ZodIssue[]) => issues.map((issue) => translate(issue.message)),
      }) as never,
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      setPending(true);
      try {
        await submit(submission.value as output<Schema>);
        setLastResult(submission.reply({ resetForm: options.resetOnSuccess ?? false }));
      } catch (error) {
        const errors = options.toErrors(error);
        if (!errors) throw error;
        setLastResult(submission.reply(translateErrors(errors, translate)));
      } finally {
        setPending(false);
      }
    },
  });
  return { form, fields, pending };
}

/** A form field's wiring for TextInput, Select and TextArea: its name, id, errors and first value. */
export function fieldProps(field: { name: string; id: string; errors?: string[]; initialValue?: unknown }) {
  return {
    name: field.name,
    id: field.id,
    errors: field.errors,
    defaultValue: typeof field.initialValue === 'string' ? field.initialValue : undefined,
  };
}
