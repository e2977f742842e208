import { type Submission, type SubmissionResult, useForm } from '@conform-to/react';
import { useState } from 'react';

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

/** What a form is checked with in the browser: the submission, parsed, or its messages per field. */
export type FormCheck<Output> = (formData: FormData) => Submission<Output, string[]>;

export interface ValidatedFormOptions<Input> {
  toErrors: (error: unknown) => FormErrors | null;
  id?: string;
  defaultValue?: Partial<Input>;
  resetOnSuccess?: boolean;
  /** `submit` for a field filled from elsewhere (a code from an app): leaving it empty is no mistake yet. */
  validateOn?: 'blur' | 'submit';
  language: FormLanguage;
}

/** The form's name for a field the server names by its path: `groups.0.name` is `groups[0].name`. */
export function formFieldName(serverField: string): string {
  return serverField.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

function translateErrors(errors: FormErrors, translate: FormLanguage['translate']): FormErrors {
  return {
    formErrors: errors.formErrors.map((message) => translate(message)),
    ...(errors.fieldErrors && {
      fieldErrors: Object.fromEntries(
        Object.entries(errors.fieldErrors).map(([field, messages]) => [
          formFieldName(field),
          messages.map((message) => translate(message)),
        ]),
      ),
    }),
  };
}

/**
 * A form checked in the browser by `check` and submitted by `submit`; a failure that `toErrors`
 * recognises comes back into the same fields, anything else is thrown on. Server messages are
 * shown in `language`.
 */
export function useValidatedForm<Input extends Record<string, unknown>, Output>(
  check: FormCheck<Output>,
  submit: (value: Output) => Promise<unknown>,
  options: ValidatedFormOptions<Input>,
) {
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [pending, setPending] = useState(false);
  const [form, fields] = useForm<Input>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue as never,
    shouldValidate: options.validateOn === 'submit' ? 'onSubmit' : 'onBlur',
    shouldRevalidate: 'onInput',
    // Conform types the submission by the form's input; the check parses it into its output.
    onValidate: ({ formData }) => check(formData) as never,
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      setPending(true);
      try {
        await submit(submission.value as unknown as Output);
        setLastResult(submission.reply({ resetForm: options.resetOnSuccess ?? false }));
      } catch (error) {
        const errors = options.toErrors(error);
        if (!errors) throw error;
        setLastResult(submission.reply(translateErrors(errors, options.language.translate)));
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
