/**
 * The server list at 10,000 servers for one customer: first page, a filtered page, a search and
 * a page deep in the list, next to /healthz and a signed-in session call in the same run, so the
 * numbers read as ratios. Then 500 concurrent first-page requests with /readyz timed beside them.
 * Then the staff's fleet view at 10,000 servers over 200 customers: its first page and filtered
 * pages, as ratios to the per-customer list's first page.
 * The app runs in this process on PGlite and, when DATABASE_URL is set, again on PostgreSQL (in a
 * fresh database); autocannon runs as its own process. Results go to tests/bench/results/servers.json.
 * Run with `pnpm bench`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { seedDemo } from '../../server/src/db/seed/demo';
import { REPO_ROOT } from '../support/server';
import { CUSTOMER, FLEET_CUSTOMERS, openDatabase, SERVERS, seedCustomers, seedFleet, signIn } from './fleet';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
/** The load run: this many requests at once on the list's first page, one per connection. */
const LOAD_CONNECTIONS = 500;
const LOAD_REQUESTS = LOAD_CONNECTIONS;

interface Measured {
  path: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

/** autocannon in its own process, so the load it makes does not share this event loop. */
function measure(
  baseUrl: string,
  urlPath: string,
  cookie: string,
  connections = CONNECTIONS,
  /** A number of requests to make, every one answered, instead of a duration. */
  amount?: number,
): Promise<Measured> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [
    bin,
    '-j',
    '-c',
    String(connections),
    ...(amount ? ['-a', String(amount)] : ['-d', String(DURATION_SECONDS)]),
    // Seconds: the last of 500 queued requests waits for the 499 before it.
    '-t',
    '120',
    '-H',
    `cookie=${cookie}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args, `${baseUrl}${urlPath}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output);
      resolve({
        path: urlPath,
        requestsPerSecond: Math.round(result.requests.average),
        latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    });
  });
}

const print = (name: string, { requestsPerSecond, latencyMs, non2xx, errors }: Measured) =>
  console.info(
    `${name.padEnd(21)} ${String(requestsPerSecond).padStart(6)} req/s  p50 ${latencyMs.p50} ms  p99 ${latencyMs.p99} ms${non2xx || errors ? `  (${non2xx} non-2xx, ${errors} errors!)` : ''}`,
  );

/** Every measurement on one database, ratios taken within the run. */
async function benchOn(serverUrl: string | undefined) {
  const { handle, dispose } = await openDatabase(serverUrl);
  await handle.migrate();
  await seedDemo(handle.db);
  await seedFleet(handle);
  const app = await buildApp({
    // The per-user limit is raised: one bench user makes a production client's traffic many times over.
    config: loadConfig({
      SITE_DIR: '/nonexistent',
      PORTAL_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      USER_RATE_LIMIT_PER_MINUTE: '100000000',
    }),
    db: handle.db,
    database: handle,
    secret: 'bench-secret-that-is-long-enough-for-hmac',
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const cookie = await signIn(app);
    const list = `/api/customer/${CUSTOMER}/servers`;
    // A cursor from page 150 of 200, to show a deep page costs what the first does.
    let cursor = '';
    for (let page = 0; page < 150; page++) {
      const response = await app.inject({ url: `${list}?limit=50${cursor}`, headers: { cookie } });
      cursor = `&cursor=${response.json().next_cursor}`;
    }
    const paths = {
      trivial: '/healthz',
      // The floor of any signed-in call: the session is looked up.
      signedIn: '/api/auth',
      firstPage: `${list}?limit=50`,
      filteredPage: `${list}?limit=50&tag=rack-a&distribution=rocky&status=active`,
      search: `${list}?limit=50&q=node-042`,
      deepPage: `${list}?limit=50${cursor}`,
    };
    const results: Record<string, Measured> = {};
    const measureAll = async (named: Record<string, string>) => {
      for (const [name, urlPath] of Object.entries(named)) {
        results[name] = await measure(baseUrl, urlPath, cookie);
        print(name, results[name]);
      }
    };
    await measureAll(paths);

    // 500 connections on the first page until every request is answered, and /readyz asked
    // beside them from the start.
    const [loaded, readyDuringLoad] = await Promise.all([
      measure(baseUrl, paths.firstPage, cookie, LOAD_CONNECTIONS, LOAD_REQUESTS),
      measure(baseUrl, '/readyz', '', 1),
    ]);
    results.firstPageUnderLoad = loaded;
    results.readyDuringLoad = readyDuringLoad;
    print('firstPageUnderLoad', loaded);
    print('readyDuringLoad', readyDuringLoad);

    await seedCustomers(handle);
    const fleet = '/api/admin/fleet';
    const fleetPaths = {
      fleetFirstPage: `${fleet}?limit=50`,
      fleetCustomerPage: `${fleet}?limit=50&customer_id=fleet042`,
      fleetFilteredPage: `${fleet}?limit=50&status=stale&plan=gold`,
      fleetOsPage: `${fleet}?limit=50&distribution=rocky&version=9&sort=-last_seen`,
    };
    await measureAll(fleetPaths);
    const customerList = results.firstPage?.requestsPerSecond ?? 1;
    const trivial = results.trivial;
    const ratio = (value: number, base: number) => Number((value / base).toFixed(3));
    return {
      database: handle.kind,
      results,
      /** Each call's throughput as a share of the trivial endpoint's, measured in the same run. */
      relativeToTrivial: Object.fromEntries(
        Object.entries(results).map(([name, measured]) => [
          name,
          ratio(measured.requestsPerSecond, trivial?.requestsPerSecond ?? 1),
        ]),
      ),
      /** Each call's p99 as a multiple of the trivial endpoint's p99 (at least 1 ms). */
      p99OverTrivial: Object.fromEntries(
        Object.entries(results).map(([name, measured]) => [
          name,
          ratio(measured.latencyMs.p99, Math.max(1, trivial?.latencyMs.p99 ?? 1)),
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
  runs,
};
const out = path.join(REPO_ROOT, 'tests/bench/results/servers.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.info(`Written to ${path.relative(REPO_ROOT, out)}`);
