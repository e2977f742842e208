import { can } from '@tidewatch/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../core/session';
import type { Database, DatabaseHandle } from '../../db/client';
import { createBatcher } from '../../lib/batcher';
import { mayReceive, type PortalEvent, toPortalEvent } from './audience';
import { eventsAfter, eventsByIds, latestEventId, recentEventsFor } from './repository';

/** The channel the database's triggers announce portal events on; payloads are event ids (migration 0042). */
export const PORTAL_EVENTS_CHANNEL = 'portal_events';
/** The most events one read takes, of those announced together or missed while nobody listened. */
const READ_BATCH = 500;
/** What a tab reconnecting with `Last-Event-ID` is sent at most: the newest of what it missed. */
export const REPLAY_LIMIT = 500;

/** One open stream, as the hub sees it. */
export interface EventStream {
  /** Who the stream is signed in as; renewed on every heartbeat, so a change of roles takes hold. */
  auth: AuthContext;
  /** The newest event id this stream was sent, or that was the newest when it opened. */
  lastSentId: number;
  /** Writes one event's frame. */
  send(event: PortalEvent): void;
  /** Ends the stream (the app is stopping); the browser opens it again elsewhere. */
  end(): void;
}

/** An event the stream may see, sent and remembered as its newest. */
function deliver(stream: EventStream, event: PortalEvent) {
  if (!mayReceive(stream.auth, event)) return;
  stream.send(event);
  stream.lastSentId = Math.max(stream.lastSentId, event.id);
}

/**
 * This replica's open event streams and what reaches them: the triggers announce each event's id;
 * ids announced together are read in one query and handed to every stream that may see them. When
 * the listening connection was lost, every stream is caught up from the table once it is back.
 */
export async function createEventHub(options: {
  db: Database;
  listen: DatabaseHandle['listen'] | undefined;
  log: FastifyBaseLogger;
}) {
  const { db, log } = options;
  const streams = new Set<EventStream>();
  /** Streams still being sent what they missed: live events wait here until that is done. */
  const opening = new Map<EventStream, PortalEvent[]>();

  const fanOut = (event: PortalEvent) => {
    for (const stream of streams) {
      const held = opening.get(stream);
      if (held) held.push(event);
      else deliver(stream, event);
    }
  };

  const reader = createBatcher<number, PortalEvent | undefined>(
    async (ids) => {
      const byId = new Map((await eventsByIds(db, ids)).map((row) => [row.id, toPortalEvent(row)]));
      return ids.map((id) => byId.get(id));
    },
    { maxBatch: READ_BATCH, concurrency: 1 },
  );

  function announced(payload: string) {
    const id = Number(payload);
    if (!Number.isSafeInteger(id)) return;
    reader
      .add(id)
      .then((event) => event && fanOut(event))
      .catch((error) => log.error({ err: error }, 'portal event delivery failed'));
  }

  async function catchUp() {
    let after = Math.min(...[...streams].map((stream) => stream.lastSentId));
    for (;;) {
      const rows = await eventsAfter(db, after, READ_BATCH);
      for (const row of rows) {
        const event = toPortalEvent(row);
        for (const stream of streams) {
          if (!opening.has(stream) && event.id > stream.lastSentId) deliver(stream, event);
        }
      }
      if (rows.length < READ_BATCH) return;
      after = rows.at(-1)?.id ?? after;
    }
  }

  const stopListening = options.listen
    ? await options.listen(PORTAL_EVENTS_CHANNEL, {
        onMessage: announced,
        onLost: () => log.warn('portal event announcements lost; streams catch up when they are back'),
        onListening: () => {
          if (streams.size === 0) return;
          catchUp().catch((error) => log.error({ err: error }, 'portal event catch-up failed'));
        },
      })
    : undefined;

  return {
    /**
     * Adds a stream: sent what it missed after `lastEventId` (the newest {@link REPLAY_LIMIT} it may
     * see) when it names one, then every event it may see as it comes. Resolves with the id it starts from.
     */
    async open(stream: EventStream, lastEventId: number | null): Promise<number> {
      opening.set(stream, []);
      streams.add(stream);
      try {
        if (lastEventId === null) {
          stream.lastSentId = await latestEventId(db);
        } else {
          const missed = await recentEventsFor(db, {
            afterId: lastEventId,
            sessionId: stream.auth.sessionId,
            customerId: can(stream.auth.flags, 'customers.readAll') ? null : stream.auth.customer.id,
            limit: REPLAY_LIMIT,
          });
          stream.lastSentId = lastEventId;
          for (const row of missed) deliver(stream, toPortalEvent(row));
        }
        const sent = stream.lastSentId;
        // Live events that came meanwhile, less those the catch-up sent already.
        for (const event of opening.get(stream) ?? []) if (event.id > sent) deliver(stream, event);
        return sent;
      } finally {
        opening.delete(stream);
      }
    },
    close(stream: EventStream) {
      streams.delete(stream);
      opening.delete(stream);
    },
    /** Open streams of one session, for its cap. */
    streamsOf: (sessionId: string) =>
      [...streams].filter((stream) => stream.auth.sessionId === sessionId).length,
    /** Open streams on this replica, for the metrics gauge. */
    size: () => streams.size,
    /** Ends every stream, so none holds up a graceful stop; browsers reconnect to another replica. */
    endStreams() {
      for (const stream of [...streams]) stream.end();
    },
    async stop() {
      await stopListening?.();
      await reader.drain();
    },
  };
}
export type EventHub = Awaited<ReturnType<typeof createEventHub>>;
