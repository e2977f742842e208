import type { ServerFrame } from '@tidewatch/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client';
import { isStaffOnline, markVisitorsSeen, messagesAfter, notifyChannel, toChatMessage } from './repository';

/** The channel chat changes are announced on; payloads carry ids only (`msg:<id>`, `closed:<id>`). */
export const CHAT_CHANNEL = 'chat_events';
/** How often a replica renews its visitors' connected marks and looks whether staff came or went. */
export const CHAT_TICK_MS = 5_000;

/** One visitor's open socket, as the hub sees it. */
export interface VisitorSocket {
  conversationId: string;
  /** The last message id this socket was sent. */
  lastSentId: number;
  send(frame: ServerFrame): void;
  /** Deliveries to this socket, one after the other, so no message goes twice. */
  pending: Promise<void>;
}

/**
 * This replica's visitor sockets and the fan-out between replicas: a change is written to the
 * database and announced by id; each replica then reads what its own sockets have not yet been
 * sent. After the listening connection was lost, every socket is caught up the same way.
 */
export async function createChatHub(options: {
  db: Database;
  listen: DatabaseHandle['listen'] | undefined;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, now, log } = options;
  const sockets = new Map<string, Set<VisitorSocket>>();
  let staffOnline = false;

  function deliver(socket: VisitorSocket) {
    socket.pending = socket.pending
      .then(async () => {
        const rows = await messagesAfter(db, socket.conversationId, socket.lastSentId);
        for (const row of rows) {
          socket.send({ cmd: 'msg', ...toChatMessage(row) });
          socket.lastSentId = row.id;
        }
      })
      .catch((error) => log.error({ err: error }, 'chat delivery failed'));
    return socket.pending;
  }

  function received(payload: string) {
    const [kind, conversationId] = payload.split(':');
    for (const socket of sockets.get(conversationId ?? '') ?? []) {
      if (kind === 'msg') void deliver(socket);
      if (kind === 'closed') socket.send({ cmd: 'closed' });
    }
  }

  const stopListening = options.listen
    ? await options.listen(CHAT_CHANNEL, {
        onMessage: received,
        onLost: () => log.warn('chat announcements lost; sockets catch up when they are back'),
        onListening: () => {
          for (const group of sockets.values()) for (const socket of group) void deliver(socket);
        },
      })
    : undefined;

  async function tick() {
    const online = await isStaffOnline(db, now());
    if (online !== staffOnline) {
      staffOnline = online;
      for (const group of sockets.values())
        for (const socket of group) socket.send({ cmd: 'staff-online', online });
    }
    await markVisitorsSeen(db, [...sockets.keys()], now());
  }
  const timer = setInterval(
    () => tick().catch((error) => log.error({ err: error }, 'chat tick failed')),
    CHAT_TICK_MS,
  );
  timer.unref();

  return {
    /** Announces a change to every replica (this one included); without a listener, to this one alone. */
    async announce(kind: 'msg' | 'closed', conversationId: string) {
      if (options.listen) await notifyChannel(db, CHAT_CHANNEL, `${kind}:${conversationId}`);
      else received(`${kind}:${conversationId}`);
    },
    async join(socket: VisitorSocket) {
      const group = sockets.get(socket.conversationId) ?? new Set();
      group.add(socket);
      sockets.set(socket.conversationId, group);
      await markVisitorsSeen(db, [socket.conversationId], now());
      await deliver(socket);
    },
    async leave(socket: VisitorSocket) {
      const group = sockets.get(socket.conversationId);
      group?.delete(socket);
      if (group?.size) return;
      sockets.delete(socket.conversationId);
      await markVisitorsSeen(db, [socket.conversationId], null);
    },
    /** Open visitor sockets on this replica, for the metrics gauge. */
    connections: () => [...sockets.values()].reduce((total, group) => total + group.size, 0),
    staffOnline: () => isStaffOnline(db, now()),
    async stop() {
      clearInterval(timer);
      await stopListening?.();
    },
  };
}
export type ChatHub = Awaited<ReturnType<typeof createChatHub>>;
