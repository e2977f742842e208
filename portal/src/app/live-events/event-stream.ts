import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { routeTable } from '@tidewatch/contract/client';
import { api } from '../../lib/api';
import { expireSession } from '../../lib/session-end';
import { keysRefreshedBy, LIVE_KEYS, REFRESHING_EVENT_NAMES } from './refreshes';

export const EVENT_STREAM_URL = `/api${routeTable.events.stream.path}`;

/** Events this close together refresh each query once, so a burst of changes asks once. */
const GATHER_MS = 100;
/** A stream the server refused opens again after 1 s, 2 s, 4 s … up to 30 s, as the chat widget reconnects. */
const REOPEN_FIRST_MS = 1_000;
const REOPEN_LONGEST_MS = 30_000;

/**
 * How long the browser may take to hold the session that replaced the stream's: signing in afresh
 * and starting or stopping to act as someone else replace the session, and its end is heard first.
 * Asking sooner would be worse than slow: the server drops the cookie of a request that still
 * carries the old session, and that answer could land after the new cookie and sign the tab out.
 */
const REPLACEMENT_GRACE_MS = 1_000;

/** Whether the browser still holds a session, a moment after the stream's own ended. */
async function signedInStill(): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, REPLACEMENT_GRACE_MS));
  return api.auth.status().then(
    (answer) => answer.signedIn,
    () => false,
  );
}

/**
 * The tab's live events (decision 0103): each refreshes the queries that show its change, and
 * `session.ended` ends the session here at once. Returns what closes the stream.
 */
export function openEventStream(queryClient: QueryClient): () => void {
  const gathered = new Map<string, QueryKey>();
  let gathering: ReturnType<typeof setTimeout> | undefined;
  let reopening: ReturnType<typeof setTimeout> | undefined;
  let refusals = 0;
  let missedEvents = false;
  let closed = false;
  let source: EventSource | undefined;

  const refresh = (keys: QueryKey[]) => {
    for (const key of keys) gathered.set(hashKey(key), key);
    gathering ??= setTimeout(() => {
      gathering = undefined;
      for (const queryKey of gathered.values()) void queryClient.invalidateQueries({ queryKey });
      gathered.clear();
    }, GATHER_MS);
  };

  const close = () => {
    closed = true;
    clearTimeout(gathering);
    clearTimeout(reopening);
    source?.close();
  };

  const open = () => {
    if (closed) return;
    const stream = new EventSource(EVENT_STREAM_URL);
    source = stream;
    stream.addEventListener('open', () => {
      // Events of the time it was closed were not caught up: everything they would have refreshed is.
      if (missedEvents) refresh(LIVE_KEYS);
      missedEvents = false;
      refusals = 0;
    });
    for (const name of REFRESHING_EVENT_NAMES) {
      stream.addEventListener(name, (event) => refresh(keysRefreshedBy(name, JSON.parse(event.data))));
    }
    stream.addEventListener('session.ended', async () => {
      stream.close();
      if (!(await signedInStill())) {
        close();
        expireSession();
        return;
      }
      // A new session replaced this one: its stream starts afresh, and what came between is asked for.
      missedEvents = true;
      open();
    });
    stream.addEventListener('error', () => {
      // A dropped stream the browser opens again itself, catching up with Last-Event-ID; a refused one stays closed.
      if (stream.readyState !== EventSource.CLOSED) return;
      missedEvents = true;
      const delay = Math.min(REOPEN_FIRST_MS * 2 ** refusals, REOPEN_LONGEST_MS) * (1 + Math.random() / 5);
      refusals += 1;
      reopening = setTimeout(open, delay);
    });
  };

  open();
  return close;
}
