import fs from 'node:fs';
import path from 'node:path';
import {
  DATABASE_FAULT_MESSAGES,
  errorName,
  type FieldMessage,
  fillRefusal,
  REFUSALS,
  type RefusalValues,
} from '@tidewatch/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import fp from 'fastify-plugin';
import { databaseFault } from '../lib/db-errors';
import { HttpError } from '../lib/http-error';
import { PORTAL_PATH } from './portal-path';
import type { SecurityHeaders } from './security-headers';

/** Messages for the framework's own client errors, which would otherwise speak of internals. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: REFUSALS.sendJson,
  FST_ERR_CTP_BODY_TOO_LARGE: REFUSALS.bodyTooLarge,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: REFUSALS.contentLengthWrong,
  FST_ERR_CTP_EMPTY_JSON_BODY: REFUSALS.bodyEmpty,
  FST_ERR_CTP_INVALID_JSON_BODY: REFUSALS.bodyNotJson,
  FST_CSRF_MISSING_SECRET: REFUSALS.xsrfTokenInvalid,
  FST_CSRF_INVALID_TOKEN: REFUSALS.xsrfTokenInvalid,
};

/** When to ask again: the pool replaces lost connections as soon as the database takes them. */
const DATABASE_RETRY_AFTER_SECONDS = '5';

/**
 * A request's refused values by field; when one names a limit, every field's messages also go as
 * catalog ids (a message without values is its own id) with that one's values.
 */
function validationDetail(validation: FastifySchemaValidationError[]): RefusalDetail {
  const fieldErrors: Record<string, string[]> = {};
  const fieldMessages: Record<string, FieldMessage[]> = {};
  for (const issue of validation) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || '_';
    const message = issue.message ?? REFUSALS.invalidValue;
    const { messageId = message, values } = issue.params as { messageId?: string; values?: RefusalValues };
    fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
    fieldMessages[field] = [...(fieldMessages[field] ?? []), values ? { messageId, values } : { messageId }];
  }
  const namesLimits = validation.some((issue) => issue.params.values);
  return { fieldErrors, ...(namesLimits && { fieldMessages }) };
}

/** What a refusal may add to its message: field errors, with their catalog ids where they have values. */
type RefusalDetail = {
  fieldErrors?: Record<string, string[]>;
  values?: RefusalValues;
  fieldMessages?: Record<string, FieldMessage[]>;
};

/** A refusal: the message (a catalog message, decision 0068) in English, and with parameters its id and values. */
export function sendError(
  reply: FastifyReply,
  status: number,
  messageId: string,
  { fieldErrors, values, fieldMessages }: RefusalDetail = {},
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({
      error: errorName(status),
      message: fillRefusal(messageId, values),
      ...(fieldErrors && { fieldErrors }),
      ...(values && { messageId, values }),
      ...(fieldMessages && { fieldMessages }),
    });
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation)
    return sendError(reply, 400, REFUSALS.fieldsNeedAttention, validationDetail(error.validation));
  if (error instanceof HttpError) {
    if (error.headers) reply.headers(error.headers);
    return sendError(reply, error.statusCode, error.messageId, error);
  }
  const fault = databaseFault(error);
  if (fault) {
    request.log.warn({ err: error, fault }, 'database could not answer');
    reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
    return sendError(reply, 503, DATABASE_FAULT_MESSAGES[fault]);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      FRAMEWORK_MESSAGES[error.code] ??
      (error instanceof SyntaxError ? FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : undefined) ??
      error.message;
    return sendError(reply, status, message ?? errorName(status));
  }
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, Math.max(status, 500), REFUSALS.serverFault, { values: { requestId: request.id } });
}

/** Every failure answers `{ error, message, fieldErrors? }`; no stack or SQL ever leaves. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(handleError);
});

export function jsonNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  return sendError(reply, 404, REFUSALS.noRoute, { values: { method: request.method, path } });
}

/**
 * Fastify's `frameworkErrors`: a request its router cannot read (a malformed URL such as `/%`).
 * Fastify's hooks do not run for it, so the security headers are set here; the URL is not echoed.
 * A portal page gets the portal, whose router shows its own error page for the address.
 */
export function unreadableRequestHandler(securityHeaders: SecurityHeaders, portalDir: string) {
  const portalPage = path.join(portalDir, 'index.html');
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    securityHeaders(request.raw, reply.raw);
    const status = error.statusCode ?? 400;
    if (request.url.startsWith('/api/')) return sendError(reply, status, REFUSALS.addressNotValid);
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isPage && PORTAL_PATH.test(request.url) && fs.existsSync(portalPage)) {
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(fs.createReadStream(portalPage));
    }
    return reply.code(status).type('text/plain; charset=utf-8').send(errorName(status));
  };
}
