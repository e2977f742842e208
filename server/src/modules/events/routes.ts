import {
  contract,
  EVENT_STREAM_HEARTBEAT_MS,
  EVENT_STREAM_RETRY_MS,
  type PortalEventName,
  REFUSALS,
} from '@tidewatch/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../core/access';
import { implement } from '../../core/route';
import { authContextOf, usableAt } from '../../core/session';
import { deleteSession, prepareFindSession } from '../../core/session-repository';
import { forbidden, HttpError } from '../../lib/http-error';
import type { EventHub, EventStream } from './hub';

/** Streams one sign-in may hold open at once: a person's tabs, not a flood. */
export const MAX_STREAMS_PER_SESSION = 20;
/** A reader this far behind is cut off; it reconnects and catches up with `Last-Event-ID`. */
const MAX_UNSENT_BYTES = 256 * 1024;
const EVENT_ID = /^\d{1,15}$/;
const SESSION_ENDED: PortalEventName = 'session.ended';

/**
 * Another site's page must not hold our streams open with the visitor's cookie. Browsers say where
 * a request comes from (`Sec-Fetch-Site`, `Origin` on a cross-origin one); a client that is no
 * browser says neither and is judged by its session alone.
 */
function fromAnotherSite(request: FastifyRequest, ownOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  return origin !== undefined && origin !== ownOrigin;
}

/** The id a reconnecting browser names as the last it got; anything else is a fresh start. */
function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  return typeof header === 'string' && EVENT_ID.test(header) ? Number(header) : null;
}

/**
 * `GET /api/events`: the signed-in tab's live events as Server-Sent Events (decision 0103). A
 * comment every heartbeat keeps proxies from closing the stream, and the session is read again
 * then: one that ran out is ended (its tabs hear `session.ended`), new roles take hold.
 */
export async function eventRoutes(
  app: FastifyInstance,
  options: { hub: EventHub; publicUrl: string; heartbeatMs?: number },
) {
  const { hub } = options;
  const ownOrigin = new URL(options.publicUrl).origin;
  const heartbeatMs = options.heartbeatMs ?? EVENT_STREAM_HEARTBEAT_MS;
  const findSession = prepareFindSession(app.db);

  implement(app, contract.events, {
    stream: async (request, reply) => {
      const auth = requireAuth(request);
      if (fromAnotherSite(request, ownOrigin)) throw forbidden(REFUSALS.eventsOwnSiteOnly);
      if (hub.streamsOf(auth.sessionId) >= MAX_STREAMS_PER_SESSION) {
        throw new HttpError(429, REFUSALS.tooManyEventStreams, undefined, undefined, {
          max: MAX_STREAMS_PER_SESSION,
        });
      }
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        // nginx passes each frame on at once rather than filling its buffer first.
        'x-accel-buffering': 'no',
        // The connection ends with the stream, so a stopping server is not left waiting on it idle.
        connection: 'close',
        'x-request-id': request.id,
      });
      response.write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);

      const over = () => response.writableEnded || response.destroyed;
      let sentAny = false;
      const stream: EventStream = {
        auth,
        lastSentId: 0,
        send(event) {
          if (over()) return;
          response.write(event.frame);
          sentAny = true;
          if (event.name === SESSION_ENDED) stream.end();
          else if (response.writableLength > MAX_UNSENT_BYTES) response.destroy();
        },
        end() {
          if (!over()) response.end();
        },
      };

      const sessionEnded = () => {
        response.write(`event: ${SESSION_ENDED}\ndata: {}\n\n`);
        stream.end();
      };
      const recheck = async () => {
        if (over()) return;
        response.write(':\n\n');
        const loaded = await findSession(auth.sessionId);
        if (loaded && usableAt(loaded, app.now())) {
          stream.auth = authContextOf(auth.sessionId, loaded);
          return;
        }
        // Ran out by the clock: ended as the next request would end it, which every tab of it hears.
        if (loaded) await deleteSession(app.db, auth.sessionId);
        if (!over()) sessionEnded();
      };
      const heartbeat = setInterval(() => {
        recheck().catch((error) => request.log.warn({ err: error }, 'event stream heartbeat failed'));
      }, heartbeatMs);
      response.on('close', () => {
        clearInterval(heartbeat);
        hub.close(stream);
      });

      try {
        const startId = await hub.open(stream, lastEventIdOf(request));
        // Gone while it opened: its close came before the hub had it.
        if (over()) hub.close(stream);
        // Names where a reconnect catches up from, when no event has named it yet.
        else if (!sentAny) response.write(`id: ${startId}\n\n`);
      } catch (error) {
        request.log.error({ err: error }, 'event stream could not open');
        response.destroy();
      }
    },
  });
}
