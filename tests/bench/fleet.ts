/**
 * The bench's database and data: a fresh database, a fleet of servers (10,000 unless
 * BENCH_SERVERS says) for one customer or over 200, the app as the benches run it, a staff
 * sign-in, and the list's and fleet view's paths the benches measure.
 */
import { like, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../../server/src/db/client';
import { servers } from '../../server/src/db/schema';
import { encodeCursor } from '../../server/src/lib/keyset';
import { DEMO_PASSWORD } from '../../server/src/seed/demo';

export const SERVERS = Number(process.env.BENCH_SERVERS ?? 10_000);
export const CUSTOMER = 'benchco';

/** Digits of a seeded server's number: five up to 99,999 servers, more beyond. */
const digitsFor = (count: number) => Math.max(5, String(count).length);
const hostnameOf = (n: number, count: number) => `node-${String(n).padStart(digitsFor(count), '0')}`;

export async function openDatabase(
  serverUrl: string | undefined,
): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
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
  // Unbounded statements: seeding a million servers takes longer than a request may.
  const handle = openPostgres(url.toString(), loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }));
  return {
    handle,
    async dispose() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

/** The servers over five distributions, about every third one tagged `rack-a`, in three statements. */
export async function seedFleet(handle: DatabaseHandle, count = SERVERS) {
  const { db } = handle;
  const digits = digitsFor(count);
  await db.execute(sql`insert into customers (id, company_name) values (${CUSTOMER}, 'Bench Co')`);
  await db.execute(sql`insert into tags (customer_id, name, type) values (${CUSTOMER}, 'rack-a', 'plain')`);
  await db.execute(sql`
    insert into servers (customer_id, certname, hostname, plan, status, roles, distribution, os_version, os_family, last_ping_at)
    select ${CUSTOMER}, 'node-' || lpad(n::text, ${digits}, '0') || '.' || ${CUSTOMER}, 'node-' || lpad(n::text, ${digits}, '0'),
      (array['basic','bronze','silver','gold','platinum'])[1 + n % 5],
      case when n % 50 = 0 then 'stale' else 'active' end,
      array['nginx'],
      (array['ubuntu','debian','rhel','rocky','centos'])[1 + n % 5],
      (array['24.04','12','9','9','7'])[1 + n % 5],
      (array['debian','debian','redhat','redhat','redhat'])[1 + n % 5],
      now() - (n % 300) * interval '1 second'
    from generate_series(1, ${count}) as n`);
  await db.execute(sql`
    insert into server_tags (server_id, tag_id, position)
    select s.id, t.id, 0 from servers s, tags t
    where s.customer_id = ${CUSTOMER} and t.customer_id = ${CUSTOMER} and right(s.hostname, 1) in ('0', '4', '8')`);
  await settle(handle);
}

/**
 * Statistics brought up to date, and on PostgreSQL the visibility map too, as autovacuum keeps
 * them on a table that has lived a while (index-only scans read it).
 */
async function settle(handle: DatabaseHandle) {
  await handle.db.execute(handle.kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`);
}

export const FLEET_CUSTOMERS = 200;

/** The one customer's servers give way to as many over 200 customers, some failing, some stale. */
export async function seedCustomers(handle: DatabaseHandle, count = SERVERS) {
  const { db } = handle;
  const digits = digitsFor(count);
  await db.execute(sql`delete from servers where customer_id = ${CUSTOMER}`);
  await db.execute(sql`
    insert into customers (id, company_name)
    select 'fleet' || lpad(c::text, 3, '0'), 'Fleet Customer ' || c from generate_series(1, ${FLEET_CUSTOMERS}) as c`);
  await db.execute(sql`
    insert into servers (customer_id, certname, hostname, plan, status, roles, distribution, os_version, os_family, last_ping_at, last_run_at, last_run_status)
    select 'fleet' || lpad((1 + n % ${FLEET_CUSTOMERS})::text, 3, '0'),
      'host-' || lpad(n::text, ${digits}, '0') || '.fleet' || lpad((1 + n % ${FLEET_CUSTOMERS})::text, 3, '0'),
      'host-' || lpad(n::text, ${digits}, '0'),
      -- Plans change every seventh server, so the stale ones (every fiftieth) hold every plan.
      (array['basic','bronze','silver','gold','platinum'])[1 + (n / 7) % 5],
      case when n % 50 = 0 then 'stale' else 'active' end,
      array['nginx'],
      (array['ubuntu','debian','rhel','rocky','centos'])[1 + n % 5],
      (array['24.04','12','9','9','7'])[1 + n % 5],
      (array['debian','debian','redhat','redhat','redhat'])[1 + n % 5],
      now() - (n % 300) * interval '1 second',
      now() - (n % 1800) * interval '1 second',
      case when n % 97 = 0 then 'failed' else 'unchanged' end
    from generate_series(1, ${count}) as n`);
  await settle(handle);
}

/** Signs in as staff (who may read any customer) the way a browser does: XSRF token first. */
export async function signIn(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
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

/**
 * Gives fleet servers agent credentials (every one, or the first `agents` by certname) and
 * answers the credentials.
 */
export async function seedAgentCredentials(handle: DatabaseHandle, agents?: number): Promise<string[]> {
  const { db } = handle;
  const credential = sql<string>`'twa_' || ${servers.certname}`;
  const fleet = like(servers.customerId, 'fleet%');
  const chosen = agents
    ? sql`${servers.id} in (select id from servers where customer_id like 'fleet%' order by certname limit ${agents})`
    : fleet;
  // The credential's hash as hashSecret makes it: SHA-256, hex.
  await db.execute(sql`
    update servers set agent_credential_hash = encode(sha256(convert_to(${credential}, 'UTF8')), 'hex')
    where ${chosen}`);
  // Each has pinged before, as in a running fleet: a ping updates its heartbeat.
  await db.execute(sql`
    insert into server_heartbeats (server_id, last_ping_at)
    select id, last_ping_at from servers where ${chosen} and last_ping_at is not null
    on conflict (server_id) do nothing`);
  const rows = await db
    .select({ credential })
    .from(servers)
    .where(sql`${chosen} and ${servers.agentCredentialHash} is not null`)
    .orderBy(servers.certname);
  return rows.map((row) => row.credential);
}

/**
 * Gives every fleet server an agent credential and books four weekly windows ahead for each
 * customer's servers, so a window call reads what a booked fleet holds; answers the credentials.
 */
export async function seedAgents(handle: DatabaseHandle): Promise<string[]> {
  const { db } = handle;
  const credentials = await seedAgentCredentials(handle);
  await db.execute(sql`
    insert into service_windows (customer_id, type, starts_at, ends_at, timezone, reboot_allowed)
    select c.id, 'adhoc', now() + w * interval '7 days', now() + w * interval '7 days' + interval '2 hours', 'UTC', false
    from customers c, generate_series(1, 4) as w where c.id like 'fleet%'`);
  await db.execute(sql`
    insert into service_window_targets (window_id, server_id, certname)
    select w.id, s.id, s.certname from service_windows w join servers s on s.customer_id = w.customer_id
    where w.customer_id like 'fleet%'`);
  await db.execute(sql`analyze`);
  return credentials;
}

/** Agent calls as the ingress passes them on: each agent's credential, from an address of its own. */
export const agentHeaders = (credentials: string[]) =>
  credentials.map((credential, index) => ({
    authorization: `Bearer ${credential}`,
    'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
  }));

/** The app as the benches run it: quiet, one bench user's traffic unlimited, behind an ingress. */
export async function benchApp(handle: DatabaseHandle) {
  const config = loadConfig({
    SITE_DIR: '/nonexistent',
    PORTAL_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    // The per-user limit is raised: one bench user makes a production client's traffic many times over.
    USER_RATE_LIMIT_PER_MINUTE: '100000000',
    // Behind an ingress as deployed, so each agent's calls count against its own address.
    TRUST_PROXY: '1',
  });
  const app = await buildApp({
    config,
    db: handle.db,
    database: handle,
    secret: 'bench-secret-that-is-long-enough-for-hmac',
  });
  return { app, config };
}

/**
 * The customer's list as the benches ask for it at `count` servers: the first page, a filtered
 * one, a certname search matching 100 servers at any size, and the page after three quarters
 * of the list.
 */
export function listPaths(count = SERVERS) {
  const list = `/api/customer/${CUSTOMER}/servers?limit=50`;
  const deepAfter = `${hostnameOf(Math.round(count * 0.75), count)}.${CUSTOMER}`;
  return {
    firstPage: list,
    filteredPage: `${list}&tag=rack-a&distribution=rocky&status=active`,
    search: `${list}&q=node-${'042'.padEnd(digitsFor(count) - 2, '0')}`,
    deepPage: `${list}&cursor=${encodeCursor(deepAfter, deepAfter)}`,
  };
}

export const FLEET_PATHS = {
  fleetFirstPage: '/api/admin/fleet?limit=50',
  fleetCustomerPage: '/api/admin/fleet?limit=50&customer_id=fleet042',
  fleetFilteredPage: '/api/admin/fleet?limit=50&status=stale&plan=gold',
  fleetOsPage: '/api/admin/fleet?limit=50&distribution=rocky&version=9&sort=-last_seen',
};
