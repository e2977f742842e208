/**
 * Forgot-password for an address with an account against one without, in the same run: the two
 * must cost the same, or the answer's time tells who has an account. Requests alternate between
 * the two kinds, each from its own client address and to an address not asked for before (so no
 * rate limit or recipient cap decides the work), and each kind's median and p90 are compared.
 * Runs on PGlite and, when DATABASE_URL is set, on PostgreSQL. Results go to
 * tests/bench/results/forgot-password.json. Run with `pnpm bench:forgot-password`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { REPO_ROOT } from '../support/server';
import { openDatabase } from './fleet';

/** Requests of each kind; the first tenth of both warms the code paths up and is not counted. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const WARM_UP = Math.floor(REQUESTS / 10);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
const round = (ms: number) => Math.round(ms * 1000) / 1000;

async function benchOn(serverUrl: string | undefined) {
  const { handle, dispose } = await openDatabase(serverUrl);
  await handle.migrate();
  await handle.db.execute(sql`insert into customers (id, company_name) values ('benchco', 'Bench Co')`);
  await handle.db.execute(sql`
    insert into users (customer_id, email, name, roles)
    select 'benchco', 'known-' || n || '@bench.example', 'Known ' || n, array['customer_manager']
    from generate_series(1, ${REQUESTS}) as n`);
  const app = await buildApp({
    config: loadConfig({ SITE_DIR: '/nonexistent', PORTAL_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
    db: handle.db,
    database: handle,
    secret: 'bench-secret-that-is-long-enough-for-hmac',
  });
  await app.ready();
  // One XSRF cookie and header for every request, as a browser sends them.
  const xsrf = await app.inject({ url: '/api/auth' });
  const cookie = xsrf.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const token = xsrf.cookies.find(({ name }) => name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('GET /api/auth set no XSRF-TOKEN cookie');
  const times = { known: [] as number[], unknown: [] as number[] };
  try {
    for (let n = 1; n <= REQUESTS; n++) {
      for (const kind of ['known', 'unknown'] as const) {
        const started = process.hrtime.bigint();
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/password/forgot',
          remoteAddress: `10.${kind === 'known' ? 1 : 2}.${n >> 8}.${n & 255}`,
          headers: { cookie, 'x-xsrf-token': token },
          payload: { email: `${kind}-${n}@bench.example`, language: 'en' },
        });
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (response.statusCode !== 204)
          throw new Error(`forgot answered ${response.statusCode}: ${response.body}`);
        if (n > WARM_UP) times[kind].push(ms);
      }
    }
  } finally {
    await app.close();
    await dispose();
  }
  const summary = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { p50: round(quantile(sorted, 0.5)), p90: round(quantile(sorted, 0.9)) };
  };
  const known = summary(times.known);
  const unknown = summary(times.unknown);
  return { known, unknown, knownToUnknownP50: round(known.p50 / unknown.p50) };
}

const results: Record<string, unknown> = { requestsPerKind: REQUESTS, pglite: await benchOn(undefined) };
console.info('PGlite', JSON.stringify(results.pglite));
if (process.env.DATABASE_URL) {
  results.postgres = await benchOn(process.env.DATABASE_URL);
  console.info('PostgreSQL', JSON.stringify(results.postgres));
}
const file = path.join(REPO_ROOT, 'tests/bench/results/forgot-password.json');
fs.writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...results }, null, 2)}\n`);
