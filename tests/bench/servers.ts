/**
 * The server list at 10,000 servers (BENCH_SERVERS) for one customer: first page, a filtered page, a search and
 * a page deep in the list, next to /healthz and a signed-in session call in the same run, so the
 * numbers read as ratios. Then 500 concurrent first-page requests with /readyz timed beside them.
 * Then the staff's fleet view at 10,000 servers over 200 customers: its first page and filtered
 * pages, as ratios to the per-customer list's first page.
 * Then the agents' calls from those 10,000 servers, each with its own credential: the ping, with
 * and without a run report, and the service-window call.
 * Then the chat: 1,000 visitors' sockets held open, what each weighs, and messages through the
 * fan-out from send to delivery.
 * The app runs in this process on PGlite and, when DATABASE_URL is set, again on PostgreSQL (in a
 * fresh database); autocannon and the chat's visitors run as their own processes. Results go to
 * tests/bench/results/servers.json. Run with `pnpm bench`.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { buildApp } from '../../server/src/app';
import { chatConversations } from '../../server/src/db/schema';
import { CHAT_TICK_MS } from '../../server/src/modules/chat/hub';
import { createConversation } from '../../server/src/modules/chat/repository';
import { hashChatToken } from '../../server/src/modules/chat/socket';
import { seedDemo } from '../../server/src/seed/demo';
import { REPO_ROOT } from '../support/server';
import type { VisitorsBrief, VisitorsOpened, VisitorsSent } from './chat-visitors';
import {
  agentHeaders,
  benchApp,
  FLEET_CUSTOMERS,
  FLEET_PATHS,
  listPaths,
  openDatabase,
  SERVERS,
  seedAgents,
  seedCustomers,
  seedFleet,
  signIn,
} from './fleet';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  type Load,
  type Measured,
  measure,
  p99Over,
  print,
  ratio,
  relativeTo,
} from './load';

const VISITORS = fileURLToPath(new URL('chat-visitors.ts', import.meta.url));
/** Visitors' sockets held open at once; they take turns sending in the message run. */
const CHAT_SOCKETS = 1_000;
/** The load run: this many requests at once on the list's first page, one per connection. */
const LOAD_CONNECTIONS = 500;
const LOAD_REQUESTS = LOAD_CONNECTIONS;

type App = Awaited<ReturnType<typeof buildApp>>;

/** This process's memory once its garbage is collected and the freed pages are handed back. */
async function settledMemory() {
  gc?.();
  await sleep(1_000);
  gc?.();
  return process.memoryUsage();
}

/**
 * Visitors sign in on their own conversations from another process (chat-visitors.ts): what this
 * process grew by for each open socket, then messages through the fan-out (in-process on PGlite,
 * LISTEN/NOTIFY on PostgreSQL), as many on their way at once as the other paths' connections.
 */
async function benchChat(app: App, baseUrl: string, origin: string) {
  const tokens: string[] = [];
  for (let visitor = 0; visitor < CHAT_SOCKETS; visitor++) {
    const token = randomBytes(32).toString('base64url');
    await createConversation(app.db, {
      tokenHash: hashChatToken(token),
      totpSecret: '',
      visitorName: `Visitor ${visitor}`,
      visitorEmail: `visitor-${visitor}@bench.example`,
      locale: 'en',
      page: '/pricing',
      greeting: 'Hi!',
      now: app.now(),
    });
    tokens.push(token);
  }
  // Conversations under way: sales heard of each at its first message, so these are the later ones.
  await app.db.update(chatConversations).set({ salesNotifiedAt: app.now() });
  const visitors = fork(VISITORS, { execArgv: ['--import', import.meta.resolve('tsx')] });
  const next = <T>() =>
    new Promise<T>((resolve) => visitors.once('message', (message) => resolve(message as T)));
  const exited = new Promise((resolve) => visitors.once('exit', resolve));
  const before = await settledMemory();
  visitors.send({
    baseUrl,
    origin,
    tokens,
    seconds: DURATION_SECONDS,
    inFlight: CONNECTIONS,
  } satisfies VisitorsBrief);
  const opened = await next<VisitorsOpened>();
  // The hub's first tick marks the new visitors seen; its work belongs to holding them.
  await sleep(CHAT_TICK_MS);
  const after = await settledMemory();
  const perSocketKiB = (bytes: number) => Number((bytes / opened.sockets / 1024).toFixed(1));
  const sockets = {
    open: app.chatHub.connections(),
    signedInPerSecond: Math.round(opened.sockets / opened.seconds),
    rssGrowthMiB: Number(((after.rss - before.rss) / 1024 / 1024).toFixed(1)),
    rssPerSocketKiB: perSocketKiB(after.rss - before.rss),
    heapPerSocketKiB: perSocketKiB(after.heapUsed - before.heapUsed),
  };
  console.info(
    `chatSockets          ${String(sockets.open).padStart(6)} open     ${sockets.signedInPerSecond} signed in/s  RSS +${sockets.rssGrowthMiB} MiB, ${sockets.rssPerSocketKiB} KiB a socket (heap ${sockets.heapPerSocketKiB})`,
  );
  visitors.send('send');
  const sent = await next<VisitorsSent>();
  await exited;
  const messages: Measured = {
    path: '/api/chat',
    requestsPerSecond: Math.round(sent.messages / sent.seconds),
    latencyMs: sent.latencyMs,
    non2xx: 0,
    errors: sent.errors,
  };
  return { sockets, messages };
}

/** Every measurement on one database, ratios taken within the run. */
async function benchOn(serverUrl: string | undefined) {
  const { handle, dispose } = await openDatabase(serverUrl);
  await handle.migrate();
  await seedDemo(handle.db);
  await seedFleet(handle);
  const { app, config } = await benchApp(handle);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const cookie = await signIn(app);
    const paths = {
      trivial: '/healthz',
      // The floor of any signed-in call: the session is looked up.
      signedIn: '/api/auth',
      ...listPaths(),
    };
    const results: Record<string, Measured> = {};
    const measureAll = async (named: Record<string, string>, load: Load = { cookie }) => {
      for (const [name, urlPath] of Object.entries(named)) {
        results[name] = await measure(baseUrl, urlPath, load);
        print(name, results[name]);
      }
    };
    await measureAll(paths);
    // One request at a time: each call's own latency, with no queue of the other connections' in front.
    const alone = { trivialAlone: paths.trivial, firstPageAlone: paths.firstPage, searchAlone: paths.search };
    await measureAll(alone, { cookie, connections: 1 });

    // 500 connections on the first page until every request is answered, and /readyz asked
    // beside them from the start.
    const [loaded, readyDuringLoad] = await Promise.all([
      measure(baseUrl, paths.firstPage, { cookie, connections: LOAD_CONNECTIONS, amount: LOAD_REQUESTS }),
      measure(baseUrl, '/readyz', { connections: 1 }),
    ]);
    results.firstPageUnderLoad = loaded;
    results.readyDuringLoad = readyDuringLoad;
    print('firstPageUnderLoad', loaded);
    print('readyDuringLoad', readyDuringLoad);

    await seedCustomers(handle);
    const fleetPaths = FLEET_PATHS;
    await measureAll(fleetPaths);

    // Last: pings turn stale servers active, which the fleet pages above filter on.
    const credentials = await seedAgents(handle);
    const rotate = agentHeaders(credentials);
    const run = { started_at: new Date().toISOString(), duration_ms: 42_000, status: 'unchanged' };
    await measureAll({ agentPing: '/api/agent/ping' }, { method: 'POST', body: '{}', rotate });
    await measureAll(
      { agentPingWithRun: '/api/agent/ping' },
      { method: 'POST', body: JSON.stringify({ run }), rotate },
    );
    await measureAll({ agentWindow: '/api/agent/service-window' }, { rotate });

    const chat = await benchChat(app, baseUrl, new URL(config.publicUrl).origin);
    results.chatMessage = chat.messages;
    print('chatMessage', chat.messages);
    const customerList = results.firstPage?.requestsPerSecond ?? 1;
    const trivial = results.trivial;
    return {
      database: handle.kind,
      results,
      chatSockets: chat.sockets,
      /** Each call's throughput as a share of the trivial endpoint's, measured in the same run. */
      relativeToTrivial: relativeTo(results, trivial),
      /** Each call's p99 as a multiple of the trivial endpoint's p99 (at least 1 ms). */
      p99OverTrivial: p99Over(results, trivial),
      /** The same, one request at a time: the list's and the search's p99 over /healthz's, each alone. */
      aloneP99OverTrivial: Object.fromEntries(
        Object.keys(alone).map((name) => [
          name,
          // Both at least 1 ms: autocannon counts whole milliseconds.
          ratio(
            Math.max(1, results[name]?.latencyMs.p99 ?? 0),
            Math.max(1, results.trivialAlone?.latencyMs.p99 ?? 1),
          ),
        ]),
      ),
      /** The fleet's pages (10,000 servers over 200 customers) against one customer's 10,000-server list. */
      fleetRelativeToCustomerList: Object.fromEntries(
        Object.keys(fleetPaths).map((name) => [
          name,
          ratio(results[name]?.requestsPerSecond ?? 0, customerList),
        ]),
      ),
    };
  } finally {
    await app.close();
    await dispose();
  }
}

const runs: Record<string, Awaited<ReturnType<typeof benchOn>>> = {};
console.info('PGlite (embedded)');
runs.pglite = await benchOn(undefined);
if (process.env.DATABASE_URL) {
  console.info('PostgreSQL (DATABASE_URL)');
  runs.postgres = await benchOn(process.env.DATABASE_URL);
}
const report = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  servers: SERVERS,
  fleetCustomers: FLEET_CUSTOMERS,
  connections: CONNECTIONS,
  loadConnections: LOAD_CONNECTIONS,
  loadRequests: LOAD_REQUESTS,
  durationSeconds: DURATION_SECONDS,
  chatSockets: CHAT_SOCKETS,
  runs,
};
const out = path.join(REPO_ROOT, 'tests/bench/results/servers.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.info(`Written to ${path.relative(REPO_ROOT, out)}`);
