import type { DatabaseHandle } from '../db/client';
import type { LoadedSession } from './session-repository';

/** The channel the database announces changed or removed sessions, users and customers on (migration 0017). */
export const SESSION_CHANGES_CHANNEL = 'session_changes';
/** How long a read is reused; announcements drop it sooner. */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Signed-in sessions kept briefly in memory, so a request costs no query. Kept only while this
 * replica listens for the database's announcements: a session that ends, or a user or customer
 * that changes, is dropped on every replica as soon as it is announced, and everything is dropped
 * when the listening connection is lost.
 */
export async function createSessionCache(
  read: (id: string) => Promise<LoadedSession | null>,
  listen: DatabaseHandle['listen'],
) {
  const entries = new Map<string, { loaded: LoadedSession; until: number }>();
  let listening = false;
  // Bumped by every announcement, so a read that raced one is not kept.
  let generation = 0;

  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  const forget = (payload: string) => {
    generation++;
    const [kind, id] = [payload.slice(0, payload.indexOf(':')), payload.slice(payload.indexOf(':') + 1)];
    if (kind === 'session') {
      entries.delete(id);
      return;
    }
    for (const [key, { loaded }] of entries) {
      const concerned =
        kind === 'customer'
          ? loaded.customer.id === id
          : loaded.user.id === id || loaded.impersonator?.id === id;
      if (concerned) entries.delete(key);
    }
  };

  const stop = await listen(SESSION_CHANGES_CHANNEL, {
    onMessage: forget,
    onLost() {
      listening = false;
      forgetAll();
    },
    onListening() {
      forgetAll();
      listening = true;
    },
  });

  return {
    /** The session, from memory when kept; `kept` says so. */
    async load(id: string): Promise<{ loaded: LoadedSession | null; kept: boolean }> {
      const at = performance.now();
      const entry = entries.get(id);
      if (entry && entry.until > at) return { loaded: entry.loaded, kept: true };
      const readAt = generation;
      const loaded = await read(id);
      if (loaded && listening && readAt === generation) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(id, { loaded, until: at + TTL_MS });
      }
      return { loaded, kept: false };
    },
    /** After a write on this replica: the next request reads afresh, without waiting for the announcement. */
    forgetAll,
    stop,
  };
}
