/**
 * The plan of every query the server list and the fleet view run, at 10,000 servers (BENCH_SERVERS), as
 * `EXPLAIN ANALYZE` prints it: on PGlite, or on DATABASE_URL in a fresh database. The records
 * quote them (docs/decisions/0047). Run with `pnpm bench:explain`.
 */
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import * as schema from '../../server/src/db/schema';
import { seedDemo } from '../../server/src/seed/demo';
import { FLEET_PATHS, listPaths, openDatabase, seedCustomers, seedFleet, signIn } from './fleet';

const { firstPage, ...otherPages } = listPaths();
const customerPages = {
  firstPage,
  ...otherPages,
  byLastSeen: `${firstPage}&sort=-last_seen`,
  byOs: `${firstPage}&sort=os`,
  byPlan: `${firstPage}&sort=plan`,
  byStatus: `${firstPage}&sort=status`,
};
const fleetPages = FLEET_PATHS;

const { handle, dispose } = await openDatabase(process.env.DATABASE_URL);
const captured: { query: string; params: unknown[] }[] = [];
const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
// The same connection, with every query written down.
const client = (handle.db as unknown as { $client: never }).$client;
const db = (
  handle.kind === 'pglite'
    ? drizzlePglite({ client, schema, logger })
    : drizzleNodePg({ client, schema, logger })
) as PgDatabase<PgQueryResultHKT, typeof schema>;
try {
  await handle.migrate();
  await seedDemo(handle.db);
  await seedFleet(handle);
  const app = await buildApp({
    config: loadConfig({ SITE_DIR: '/nonexistent', PORTAL_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
    db,
    secret: 'bench-secret-that-is-long-enough-for-hmac',
  });
  const cookie = await signIn(app);
  const explain = async (pages: Record<string, string>) => {
    for (const [name, url] of Object.entries(pages)) {
      captured.length = 0;
      const response = await app.inject({ url, headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
      // A total above 10,000 asks the planner for its estimate, an `explain` of its own.
      const queries = captured.filter(({ query }) => /from "servers"/.test(query) && !/^explain/.test(query));
      for (const { query, params } of queries) {
        const text = params.reduce<string>(
          (sqlText, param, index) =>
            sqlText.replaceAll(
              new RegExp(`\\$${index + 1}(?!\\d)`, 'g'),
              `'${String(param).replaceAll("'", "''")}'`,
            ),
          query,
        );
        const result = await handle.db.execute(
          // Parameters are written in as literals: the plan is the one the values get.
          sql.raw(`explain (analyze, costs off, timing on, summary on) ${text}`),
        );
        const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
        console.info(
          `\n## ${name}: ${url}\n\n${query}\n\n${rows.map((row) => Object.values(row)[0]).join('\n')}`,
        );
      }
    }
  };
  await handle.db.execute(sql`analyze`);
  await explain(customerPages);
  await seedCustomers(handle);
  await explain(fleetPages);
  await app.close();
} finally {
  await dispose();
}
