import { fillRefusal } from '@tidewatch/contract';
import { issueSentence } from '@tidewatch/contract/validation-messages';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { ZodType } from 'zod';
import type { $ZodIssue, $ZodRawIssue } from 'zod/v4/core';

/** An issue without a message of its own says the catalog's sentence for it, never zod's wording. */
const catalogSentence = (issue: $ZodRawIssue) => issueSentence(issue)[0];

/**
 * The issue as the error handler reads it: a sentence naming a limit is filled, and its catalog id
 * and values go in `params` so the reader's client can say it in their language.
 */
function reported(issue: $ZodIssue): FastifySchemaValidationError {
  const path = issue.path.join('/');
  const place = { keyword: issue.code, instancePath: `/${path}`, schemaPath: `#/${path}/${issue.code}` };
  // The catalog's sentences for limits depend on the issue's bounds only, which the final issue keeps.
  const [messageId, values] = issueSentence(issue as $ZodRawIssue);
  if (values && issue.message === messageId)
    return { ...place, message: fillRefusal(messageId, values), params: { messageId, values } };
  return { ...place, message: issue.message, params: {} };
}

/**
 * Validates a request's parts with the contract's schemas (decision 0068): a schema's own message
 * is its catalog text; any other issue says the catalog's sentence, so every refusal translates.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: catalogSentence });
    if (result.success) return { value: result.data };
    return { error: result.error.issues.map(reported) };
  };
