import type { $ZodRawIssue } from 'zod/v4/core';

/**
 * A sentence from the catalog and the values it names. Schemas that say more give their own
 * message; this is what every other zod issue says, so no form shows zod's own wording.
 */
export type Sentence = readonly [message: string, values?: Record<string, string>];

const FILL_IN: Sentence = [/*i18n*/ 'Fill in this field'];
const NOT_VALID: Sentence = [/*i18n*/ 'This value is not valid here'];

const isBlank = (input: unknown) => input === undefined || input === null || input === '';
const shown = (limit: number | bigint | Date) => ({ limit: String(limit) });

function tooSmall(issue: Extract<$ZodRawIssue, { code: 'too_small' }>): Sentence {
  const values = shown(issue.minimum);
  switch (issue.origin) {
    case 'string':
      if (Number(issue.minimum) <= 1) return FILL_IN;
      return issue.exact
        ? [/*i18n*/ 'Use exactly {limit} characters', values]
        : [/*i18n*/ 'Use at least {limit} characters', values];
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive
        ? [/*i18n*/ 'Enter {limit} or more', values]
        : [/*i18n*/ 'Enter more than {limit}', values];
    case 'array':
    case 'set':
      return Number(issue.minimum) <= 1
        ? [/*i18n*/ 'Choose at least one']
        : [/*i18n*/ 'Choose at least {limit}', values];
    case 'date':
      return [/*i18n*/ 'Choose a later date'];
    default:
      return NOT_VALID;
  }
}

function tooBig(issue: Extract<$ZodRawIssue, { code: 'too_big' }>): Sentence {
  const values = shown(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return issue.exact
        ? [/*i18n*/ 'Use exactly {limit} characters', values]
        : [/*i18n*/ 'Use at most {limit} characters', values];
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive
        ? [/*i18n*/ 'Enter {limit} or less', values]
        : [/*i18n*/ 'Enter less than {limit}', values];
    case 'array':
    case 'set':
      return [/*i18n*/ 'Choose at most {limit}', values];
    case 'date':
      return [/*i18n*/ 'Choose an earlier date'];
    default:
      return NOT_VALID;
  }
}

function badFormat(format: string): Sentence {
  if (format === 'email') return [/*i18n*/ 'Enter a valid email address'];
  if (format === 'url') return [/*i18n*/ 'Enter a valid web address'];
  if (['uuid', 'uuidv4', 'uuidv6', 'uuidv7', 'guid', 'cuid', 'cuid2', 'ulid', 'nanoid'].includes(format))
    return [/*i18n*/ 'Not a valid id'];
  if (['datetime', 'date', 'time'].includes(format)) return [/*i18n*/ 'Enter a valid date and time'];
  if (['ipv4', 'ipv6', 'cidrv4', 'cidrv6'].includes(format)) return [/*i18n*/ 'Enter a valid IP address'];
  return [/*i18n*/ 'This value is not in the expected form'];
}

/** The one place that turns a zod issue without a message of its own into a sentence for the reader. */
export function issueSentence(issue: $ZodRawIssue): Sentence {
  switch (issue.code) {
    case 'invalid_type':
      if (isBlank(issue.input)) return FILL_IN;
      if (['number', 'int', 'bigint', 'nan'].includes(issue.expected)) return [/*i18n*/ 'Enter a number'];
      if (issue.expected === 'date') return [/*i18n*/ 'Enter a valid date and time'];
      return NOT_VALID;
    case 'invalid_value':
      return isBlank(issue.input) ? FILL_IN : [/*i18n*/ 'Choose one of the options'];
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return badFormat(issue.format);
    case 'not_multiple_of':
      return [/*i18n*/ 'Enter a multiple of {limit}', shown(issue.divisor as number)];
    case 'unrecognized_keys':
      return [/*i18n*/ 'This form holds fields it does not expect'];
    default:
      return NOT_VALID;
  }
}
