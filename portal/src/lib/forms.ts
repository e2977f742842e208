import { type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { ApiError } from '@tidewatch/contract/client';
import { useState } from 'react';
import type { z } from 'zod';

/**
 * A form validated in the browser with the contract's schema and submitted to the API; the
 * server's field errors come back into the same fields.
 */
export function useApiForm<Schema extends z.ZodObject>(
  schema: Schema,
  submit: (value: z.output<Schema>) => Promise<unknown>,
  options: { id?: string; defaultValue?: Partial<z.input<Schema>>; resetOnSuccess?: boolean } = {},
) {
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [pending, setPending] = useState(false);
  const [form, fields] = useForm<z.input<Schema>>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue as never,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    // Conform types the submission by the form's input; the schema parses it into its output.
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      setPending(true);
      try {
        await submit(submission.value as z.output<Schema>);
        setLastResult(submission.reply({ resetForm: options.resetOnSuccess ?? false }));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const fieldErrors = error.body.fieldErrors;
        setLastResult(submission.reply({ fieldErrors, formErrors: fieldErrors ? [] : [error.body.message] }));
      } finally {
        setPending(false);
      }
    },
  });
  return { form, fields, pending };
}
