import { type FieldMessage, fillRefusal, REFUSALS, type RefusalValues } from '@tidewatch/contract';

/**
 * An error whose status and message are meant for the caller; anything else becomes a 500. The
 * message is a catalog message of the contract (decision 0068); `values` fill its parameters, and
 * are sent beside the English text so that the reader's client can say it in their language.
 */
export class HttpError extends Error {
  readonly messageId: string;
  constructor(
    readonly statusCode: number,
    messageId: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    readonly values?: RefusalValues,
    readonly fieldMessages?: Record<string, FieldMessage[]>,
  ) {
    super(fillRefusal(messageId, values));
    this.name = 'HttpError';
    this.messageId = messageId;
  }
}

/** A refusal with parameters, in one field (and for the whole form): the field shows the message too. */
export const fieldRefusal = (status: number, field: string, messageId: string, values?: RefusalValues) =>
  new HttpError(
    status,
    messageId,
    { [field]: [fillRefusal(messageId, values)] },
    undefined,
    values,
    values && { [field]: [{ messageId, values }] },
  );

export const unauthorised = (message: string = REFUSALS.signInToContinue) => new HttpError(401, message);
export const forbidden = (message: string = REFUSALS.notAllowed) => new HttpError(403, message);
export const notFound = (message: string = REFUSALS.notFound, values?: RefusalValues) =>
  new HttpError(404, message, undefined, undefined, values);
export const conflict = (message: string, values?: RefusalValues) =>
  new HttpError(409, message, undefined, undefined, values);

/**
 * 400 with each field's refusals as catalog ids and values, filled in English beside them; the
 * form's message is `summary`, else "Some fields need attention".
 */
export function fieldsRefused(fields: Record<string, FieldMessage[]>, summary?: FieldMessage) {
  const fieldErrors = Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [
      field,
      messages.map(({ messageId, values }) => fillRefusal(messageId, values)),
    ]),
  );
  return new HttpError(
    400,
    summary?.messageId ?? REFUSALS.fieldsNeedAttention,
    fieldErrors,
    undefined,
    summary?.values,
    fields,
  );
}
