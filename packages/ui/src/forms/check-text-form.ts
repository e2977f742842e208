import { parse } from '@conform-to/react';
import { issueSentence } from '@tidewatch/contract/validation-messages';
import { type $ZodObject, type output, safeParse } from 'zod/v4/core';
import type { FormLanguage } from './use-validated-form';

/** An empty field (no text, or no file chosen) counts as missing, as the server's parser has it. */
const isBlank = (value: unknown) =>
  value === '' ||
  (typeof File !== 'undefined' && value instanceof File && value.name === '' && value.size === 0);

/**
 * A form whose fields are all text or files, checked with a zod object of either build (the
 * site's use zod/mini): blank fields are left out, zod's own wording becomes our sentences, and
 * every message is shown in `language`. No coercion by type, which keeps zod's full build away.
 */
export function checkTextForm<Schema extends $ZodObject>(schema: Schema, language: FormLanguage) {
  return (formData: FormData) =>
    parse(formData, {
      resolve(payload) {
        const filled = Object.fromEntries(Object.entries(payload).filter(([, value]) => !isBlank(value)));
        const result = safeParse(schema, filled, {
          error: (issue) => language.translate(...issueSentence(issue)),
        });
        if (result.success) return { value: result.data as output<Schema> };
        const error: Record<string, string[]> = {};
        for (const issue of result.error.issues) {
          const name = issue.path.join('.');
          error[name] = [...(error[name] ?? []), language.translate(issue.message)];
        }
        return { error };
      },
    });
}
