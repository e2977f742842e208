/**
 * How the portal's and the agents' main calls cost as the fleet grows: the customer's list (first
 * page, a filtered page, a page three quarters in, a certname search), the sidebar's server
 * counts, the staff's fleet view and the agent ping, at 10,000, 100,000 and 1,000,000 servers on
 * PostgreSQL (DATABASE_URL names the server; each size in a fresh database of its own, dropped
 * after) and at 100,000 on PGlite. Every number is also a ratio to /healthz in the same run, and
 * each size's cost is compared with the smallest's. BENCH_SIZES and BENCH_PGLITE_SIZES (comma
 * lists, empty for none) choose the sizes. Results go to tests/bench/results/scale.json. Run with
 * `pnpm bench:scale`.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../server/src/db/client';
import { resultRows } from '../../server/src/lib/result-rows';
import { seedDemo } from '../../server/src/seed/demo';
import { REPO_ROOT } from '../support/server';
import {
  agentHeaders,
  benchApp,
  CUSTOMER,
  FLEET_CUSTOMERS,
  FLEET_PATHS,
  listPaths,
  openDatabase,
  seedAgentCredentials,
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

const sizesOf = (list: string | undefined, fallback: string) =>
  (list ?? fallback)
    .split(',')
    .filter(Boolean)
    .map((size) => Number(size.replaceAll('_', '')));
const POSTGRES_SIZES = sizesOf(process.env.BENCH_SIZES, '10000,100000,1000000');
const PGLITE_SIZES = sizesOf(process.env.BENCH_PGLITE_SIZES, '100000');
/** Agents pinging in turn: enough that no two connections ask as one agent, whatever the fleet's size. */
const AGENTS = 10_000;

const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));

type RowVersions = { updates: number; hot: number; dead: number; live: number };
const PING_TABLES = ['servers', 'server_heartbeats'] as const;

/** The row versions of the tables a ping writes, as PostgreSQL's statistics count them. */
async function pingTableRowVersions(handle: DatabaseHandle): Promise<Record<string, RowVersions>> {
  // Each connection hands its counts to the statistics about a second after its last transaction.
  await sleep(2_000);
  const result = await handle.db.execute(sql`
    select relname as table, n_tup_upd::int as updates, n_tup_hot_upd::int as hot, n_dead_tup::int as dead,
      n_live_tup::int as live
    from pg_stat_user_tables where relname in (${sql.join(
      PING_TABLES.map((table) => sql`${table}`),
      sql`, `,
    )})`);
  const rows = resultRows<RowVersions & { table: string }>(result);
  return Object.fromEntries(
    PING_TABLES.map((table) => {
      const { table: _, ...versions } = rows.find((row) => row.table === table) ?? { table };
      return [table, { updates: 0, hot: 0, dead: 0, live: 0, ...versions }];
    }),
  );
}

/** Every measurement at one fleet size on one fresh database, ratios taken within the run. */
async function benchAt(serverUrl: string | undefined, count: number) {
  const { handle, dispose } = await openDatabase(serverUrl);
  try {
    await handle.migrate();
    await seedDemo(handle.db);
    let started = performance.now();
    await seedFleet(handle, count);
    const seedSeconds = { customer: seconds(started), fleet: 0, agents: 0 };
    const { app } = await benchApp(handle);
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const cookie = await signIn(app);
      const results: Record<string, Measured> = {};
      const measureAll = async (named: Record<string, string>, load: Load = { cookie }) => {
        for (const [name, urlPath] of Object.entries(named)) {
          results[name] = await measure(baseUrl, urlPath, load);
          print(name, results[name]);
        }
      };
      const list = listPaths(count);
      await measureAll({
        trivial: '/healthz',
        ...list,
        customerServerCount: `/api/count/server/${CUSTOMER}`,
        adminServerCount: '/api/admin/count/server',
      });
      // One request at a time: the search's own latency, with no queue of other connections in front.
      await measureAll({ trivialAlone: '/healthz', searchAlone: list.search }, { cookie, connections: 1 });

      started = performance.now();
      await seedCustomers(handle, count);
      seedSeconds.fleet = seconds(started);
      await measureAll({ ...FLEET_PATHS, fleetServerCount: '/api/admin/count/server' });

      started = performance.now();
      const rotate = agentHeaders(await seedAgentCredentials(handle, AGENTS));
      seedSeconds.agents = seconds(started);
      const before = await pingTableRowVersions(handle);
      await measureAll({ agentPing: '/api/agent/ping' }, { method: 'POST', body: '{}', rotate });
      const after = await pingTableRowVersions(handle);
      // What the pings left in each table: how many updates, how many of them HOT (no index
      // written, the old version pruned from its page), and the dead versions vacuum has still to take.
      const pingRowVersions = Object.fromEntries(
        PING_TABLES.map((table) => {
          const [was, is] = [before[table], after[table]] as [RowVersions, RowVersions];
          return [
            table,
            {
              updates: is.updates - was.updates,
              hotUpdates: is.hot - was.hot,
              deadBefore: was.dead,
              deadAfter: is.dead,
              live: is.live,
            },
          ];
        }),
      );
      console.info('row versions the pings wrote', pingRowVersions);
      return {
        database: handle.kind,
        servers: count,
        seedSeconds,
        results,
        pingRowVersions,
        relativeToTrivial: relativeTo(results, results.trivial),
        p99OverTrivial: p99Over(results, results.trivial),
      };
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

type Run = Awaited<ReturnType<typeof benchAt>>;

/**
 * Each call's cost (the inverse of its share of /healthz's throughput) at every size as a multiple
 * of its cost at the smallest size on the same database: 1 is flat.
 */
function growthOf(runs: Run[]) {
  const [smallest, ...larger] = runs;
  if (!smallest) return {};
  return Object.fromEntries(
    larger.map((run) => [
      run.servers,
      Object.fromEntries(
        Object.entries(run.relativeToTrivial)
          .filter(([name]) => !name.startsWith('trivial'))
          .map(([name, share]) => [name, ratio(smallest.relativeToTrivial[name] ?? 0, share)]),
      ),
    ]),
  );
}

const runs: Record<string, Run> = {};
const growth: Record<string, ReturnType<typeof growthOf>> = {};
const onEach = async (kind: string, serverUrl: string | undefined, sizes: number[]) => {
  const done: Run[] = [];
  for (const count of sizes) {
    console.info(`${kind}, ${count.toLocaleString('en')} servers`);
    const run = await benchAt(serverUrl, count);
    runs[`${kind}-${count}`] = run;
    done.push(run);
  }
  if (done.length > 1) growth[kind] = growthOf(done);
};
if (process.env.DATABASE_URL) await onEach('postgres', process.env.DATABASE_URL, POSTGRES_SIZES);
else console.info('DATABASE_URL is not set: PostgreSQL is left out');
await onEach('pglite', undefined, PGLITE_SIZES);

const report = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  fleetCustomers: FLEET_CUSTOMERS,
  agents: AGENTS,
  connections: CONNECTIONS,
  durationSeconds: DURATION_SECONDS,
  /** Per database, per size: each call's cost as a multiple of its cost at the smallest size. */
  growth,
  runs,
};
const out = path.join(REPO_ROOT, 'tests/bench/results/scale.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.info(`Written to ${path.relative(REPO_ROOT, out)}`);
