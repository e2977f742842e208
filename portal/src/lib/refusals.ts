import { REFUSAL_VALUE_KINDS, type RefusalValues } from '@tidewatch/contract';
import { ApiError } from '@tidewatch/contract/client';
import { formLanguage, i18n } from '@tidewatch/i18n';
import { formatDate, formatDateTime, formatMonth, formatWallClock } from './format';

const FORMATS = { date: formatDate, month: formatMonth, time: formatWallClock, instant: formatDateTime };

/** A refusal's values as the reader writes them: dates, months and times in their language's form. */
function readerValues(values: RefusalValues, locale: string): RefusalValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const kind = REFUSAL_VALUE_KINDS[name];
      return [name, kind && typeof value === 'string' ? FORMATS[kind](value, locale) : value];
    }),
  );
}

/** Whether the catalog holds the refusal, so the reader can be told it in their language. */
export const inCatalog = (error: ApiError) =>
  i18n.messages[error.body.messageId ?? error.body.message] !== undefined;

/**
 * What the server refused, in the reader's language (decision 0068): a message with parameters
 * from its catalog id and values, any other by its text as the catalog's id; else the text itself.
 */
export function refusalText(error: unknown): string {
  if (!(error instanceof ApiError))
    return formLanguage(i18n).translate(error instanceof Error ? error.message : String(error));
  const { message, messageId, values } = error.body;
  if (messageId && values && i18n.messages[messageId] !== undefined) return readerMessage(messageId, values);
  return formLanguage(i18n).translate(message);
}

/** A catalog message filled with its values, dates and numbers in the reader's form. */
const readerMessage = (messageId: string, values: RefusalValues = {}) =>
  i18n._(messageId, readerValues(values, i18n.locale));

/**
 * A refused call's field errors and form message, each in the reader's language: a field error
 * with parameters from its catalog id and values, the form's message as {@link refusalText}.
 */
export function readerFieldErrors(error: ApiError): Record<string, string[]> | undefined {
  const { fieldErrors, fieldMessages, message } = error.body;
  if (!fieldErrors) return undefined;
  const text = refusalText(error);
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, messages]) => [
      field,
      messages.map((item, index) => {
        const identified = fieldMessages?.[field]?.[index];
        if (identified && i18n.messages[identified.messageId] !== undefined)
          return readerMessage(identified.messageId, identified.values);
        return item === message ? text : item;
      }),
    ]),
  );
}
