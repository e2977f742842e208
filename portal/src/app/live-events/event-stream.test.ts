import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { countKeys } from '../../lib/counts';
import { expireSession } from '../../lib/session-end';
import { EVENT_STREAM_URL, openEventStream } from './event-stream';
import { LIVE_KEYS } from './refreshes';

vi.mock(import('../../lib/session-end'), async (importOriginal) => ({
  ...(await importOriginal()),
  expireSession: vi.fn(),
}));

/** The browser's EventSource as far as the stream uses it: events are dispatched by the test. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }
}

const latest = () => FakeEventSource.opened.at(-1) as FakeEventSource;

describe("the tab's live event stream", () => {
  let queryClient: QueryClient;
  let invalidated: unknown[];

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.opened = [];
    queryClient = new QueryClient();
    invalidated = [];
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(filters?.queryKey);
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.mocked(expireSession).mockClear();
  });

  it('opens one stream at the events route', () => {
    const close = openEventStream(queryClient);
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([EVENT_STREAM_URL]);
    expect(EVENT_STREAM_URL).toBe('/api/events');
    close();
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
  });

  it('refreshes each query a burst of events names once, shortly after', () => {
    openEventStream(queryClient);
    const server = { customer_id: 'acme', kind: 'server', id: 'web-1.acme.example' };
    latest().send('server.changed', server);
    latest().send('server.changed', server);
    latest().send('counts.changed', { customer_id: 'acme' });
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual([
      countKeys.all,
      ['servers', 'acme', 'detail', 'web-1.acme.example'],
      ['servers', 'acme', 'list'],
      ['servers', 'acme', 'os'],
      ['servers', ':fleet'],
    ]);
  });

  it('ends the session here when it ended elsewhere, and listens no more', async () => {
    const status = vi.spyOn(api.auth, 'status').mockResolvedValue({ signedIn: false });
    openEventStream(queryClient);
    latest().send('session.ended', {});
    // Asked after a moment: a session that replaced it may not have reached the browser yet.
    await vi.advanceTimersByTimeAsync(999);
    expect(status).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(expireSession).toHaveBeenCalledOnce());
    expect(status).toHaveBeenCalledOnce();
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('listens on under the session that replaced the ended one (signed in afresh, impersonating), and asks again', async () => {
    vi.spyOn(api.auth, 'status').mockResolvedValue({ signedIn: true });
    openEventStream(queryClient);
    const ended = latest();
    ended.send('session.ended', {});
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(ended.readyState).toBe(FakeEventSource.CLOSED);
    expect(expireSession).not.toHaveBeenCalled();
    latest().dispatchEvent(new Event('open'));
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual(LIVE_KEYS);
  });

  it('leaves a dropped stream to the browser, which catches up by Last-Event-ID', () => {
    openEventStream(queryClient);
    latest().fail(FakeEventSource.CONNECTING);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    latest().dispatchEvent(new Event('open'));
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual([]);
  });

  it('opens a refused stream again, later each time, and then refreshes everything events keep fresh once', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const close = openEventStream(queryClient);
    latest().fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    latest().fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(3);

    latest().dispatchEvent(new Event('open'));
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual(LIVE_KEYS);
    // Open again after a drop the browser handled: no second refresh of everything.
    latest().dispatchEvent(new Event('open'));
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual(LIVE_KEYS);

    latest().fail(FakeEventSource.CLOSED);
    close();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(3);
  });
});
