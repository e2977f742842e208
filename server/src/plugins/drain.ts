import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Answers every request already sent before the server stops listening. Node's server.close()
 * drops connections whose request it has not read yet, and while the embedded database holds
 * the event loop, accepted requests wait unread: their clients would see a reset. Once closing
 * starts, Fastify answers new requests 503 with `Connection: close`; this waits, before the
 * listener closes, until no request is in flight and none has come for `quietMs` (at most `maxMs`).
 */
export function drainBeforeClosing(app: FastifyInstance, { quietMs = 250, maxMs = 5_000 } = {}) {
  const inFlight = new Set<ServerResponse>();
  let lastArrival = 0;
  app.server.on('request', (_request, response: ServerResponse) => {
    lastArrival = Date.now();
    inFlight.add(response);
    response.on('close', () => inFlight.delete(response));
  });
  app.addHook('preClose', async () => {
    // Answers still being worked on close their connection, so no client reuses it as it closes.
    for (const response of inFlight) {
      if (!response.headersSent) response.setHeader('connection', 'close');
    }
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastArrival < quietMs)) {
      await sleep(20);
    }
  });
}
