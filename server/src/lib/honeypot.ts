import { HONEYPOT_FIELD } from '@tidewatch/contract';
import type { FastifyRequest } from 'fastify';

/** Bots fill in the field people never see: the caller answers as for a success and keeps and sends nothing. */
export function filledByBot(request: FastifyRequest<{ Body: { [HONEYPOT_FIELD]?: string | undefined } }>) {
  if (!request.body[HONEYPOT_FIELD]?.trim()) return false;
  request.log.info('honeypot field filled in; the request is dropped');
  return true;
}
