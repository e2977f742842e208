/**
 * The server list at 10,000 servers for one customer: first page, a filtered page, a search and
 * a page deep in the list, next to /healthz and a signed-in session call in the same run, so the
 * numbers read as ratios. Then the staff's fleet view at 10,000 servers over 200 customers: its
 * first page and filtered pages, as ratios to the per-customer list's first page.
 * The app runs in this process on PGlite (or on DATABASE_URL, in a fresh database); autocannon
 * runs as its own process. Results go to tests/bench/results/servers.json. Run with `pnpm bench`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../../server/src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../../server/src/db/seed/demo';
import { REPO_ROOT } from '../support/server';

const SERVERS = 10_000;
const CUSTOMER = 'benchco';
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

async function openDatabase(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openPglite();
    return { handle, dispose: () => handle.close() };
  }
  const name = `tidewatch_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  return {
    handle,
    async dispose() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

/** 10,000 servers over five distributions, every fourth one tagged `rack-a`, in three statements. */
async function seedFleet(handle: DatabaseHandle) {
  const { db } = handle;
  await db.execute(sql`insert into customers (id, company_name) values (${CUSTOMER}, 'Bench Co')`);
  await db.execute(sql`insert into tags (customer_id, name, type) values (${CUSTOMER}, 'rack-a', 'plain')`);
  await db.execute(sql`
    insert into servers (customer_id, certname, hostname, plan, status, roles, distribution, os_version, os_family, last_ping_at)
    select ${CUSTOMER}, 'node-' || lpad(n::text, 5, '0') || '.' || ${CUSTOMER}, 'node-' || lpad(n::text, 5, '0'),
      (array['basic','bronze','silver','gold','platinum'])[1 + n % 5],
      case when n % 50 = 0 then 'stale' else 'active' end,
      array['nginx'],
      (array['ubuntu','debian','rhel','rocky','centos'])[1 + n % 5],
      (array['24.04','12','9','9','7'])[1 + n % 5],
      (array['debian','debian','redhat','redhat','redhat'])[1 + n % 5],
      now() - (n % 300) * interval '1 second'
    from generate_series(1, ${SERVERS}) as n`);
  await db.execute(sql`
    insert into server_tags (server_id, tag_id, position)
    select s.id, t.id, 0 from servers s, tags t
    where s.customer_id = ${CUSTOMER} and t.customer_id = ${CUSTOMER} and right(s.hostname, 1) in ('0', '4', '8')`);
  await db.execute(sql`analyze`);
}

const FLEET_CUSTOMERS = 200;

/** The one customer's servers give way to 10,000 over 200 customers, some failing, some stale. */
async function seedCustomers(handle: DatabaseHandle) {
  const { db } = handle;
  await db.execute(sql`delete from servers where customer_id = ${CUSTOMER}`);
  await db.execute(sql`
    insert into customers (id, company_name)
    select 'fleet' || lpad(c::text, 3, '0'), 'Fleet Customer ' || c from generate_series(1, ${FLEET_CUSTOMERS}) as c`);
  await db.execute(sql`
    insert into servers (customer_id, certname, hostname, plan, status, roles, distribution, os_version, os_family, last_ping_at, last_run_at, last_run_status)
    select 'fleet' || lpad((1 + n % ${FLEET_CUSTOMERS})::text, 3, '0'),
      'host-' || lpad(n::text, 5, '0') || '.fleet' || lpad((1 + n % ${FLEET_CUSTOMERS})::text, 3, '0'),
      'host-' || lpad(n::text, 5, '0'),
      (array['basic','bronze','silver','gold','platinum'])[1 + n % 5],
      case when n % 50 = 0 then 'stale' else 'active' end,
      array['nginx'],
      (array['ubuntu','debian','rhel','rocky','centos'])[1 + n % 5],
      (array['24.04','12','9','9','7'])[1 + n % 5],
      (array['debian','debian','redhat','redhat','redhat'])[1 + n % 5],
      now() - (n % 300) * interval '1 second',
      now() - (n % 1800) * interval '1 second',
      case when n % 97 = 0 then 'failed' else 'unchanged' end
    from generate_series(1, ${SERVERS}) as n`);
  await db.execute(sql`analyze`);
}

interface Measured {
  path: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  non2xx: number;
}

/** autocannon in its own process, so the load it makes does not share this event loop. */
function measure(baseUrl: string, urlPath: string, cookie: string): Promise<Measured> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [
    bin,
    '-j',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(DURATION_SECONDS),
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
      });
    });
  });
}

/** Signs in as staff (who may read any customer) the way a browser does: XSRF token first. */
async function signIn(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: { cookies: unknown }) => {
    for (const entry of response.cookies as { name: string; value: string }[])
      jar.set(entry.name, entry.value);
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await app.inject({ url: '/api/auth' }));
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { cookie: header(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' },
    payload: { email: 'admin@tidewatch.example', password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`Sign-in failed: ${login.body}`);
  keep(login);
  return header();
}

const { handle, dispose } = await openDatabase();
await handle.migrate();
await seedDemo(handle.db);
await seedFleet(handle);
const app = await buildApp({
  config: loadConfig({ SITE_DIR: '/nonexistent', PORTAL_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
  db: handle.db,
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
    // The floor of any signed-in call: the session is looked up and touched.
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
      const { requestsPerSecond, latencyMs, non2xx } = results[name];
      console.info(
        `${name.padEnd(21)} ${String(requestsPerSecond).padStart(6)} req/s  p50 ${latencyMs.p50} ms  p99 ${latencyMs.p99} ms${non2xx ? `  (${non2xx} non-2xx!)` : ''}`,
      );
    }
  };
  await measureAll(paths);

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
  const trivial = results.trivial?.requestsPerSecond ?? 1;
  const report = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    database: handle.kind,
    servers: SERVERS,
    fleetCustomers: FLEET_CUSTOMERS,
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    results,
    /** Each list call's throughput as a share of the trivial endpoint's, measured in the same run. */
    relativeToTrivial: Object.fromEntries(
      Object.entries(results).map(([name, measured]) => [
        name,
        Number((measured.requestsPerSecond / trivial).toFixed(3)),
      ]),
    ),
    /** The fleet's pages (10,000 servers over 200 customers) against one customer's 10,000-server list. */
    fleetRelativeToCustomerList: Object.fromEntries(
      Object.keys(fleetPaths).map((name) => [
        name,
        Number(((results[name]?.requestsPerSecond ?? 0) / customerList).toFixed(3)),
      ]),
    ),
  };
  const out = path.join(REPO_ROOT, 'tests/bench/results/servers.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.info(`Written to ${path.relative(REPO_ROOT, out)}`);
} finally {
  await app.close();
  await dispose();
}
