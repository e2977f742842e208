/** The bench's database and data: a fresh database, 10,000 servers for one customer or over 200, a staff sign-in. */
import { like, sql } from 'drizzle-orm';
import pg from 'pg';
import type { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../../server/src/db/client';
import { servers } from '../../server/src/db/schema';
import { DEMO_PASSWORD } from '../../server/src/seed/demo';

export const SERVERS = 10_000;
export const CUSTOMER = 'benchco';

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
  const handle = openPostgres(url.toString(), loadConfig({}));
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
export async function seedFleet(handle: DatabaseHandle) {
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

export const FLEET_CUSTOMERS = 200;

/** The one customer's servers give way to 10,000 over 200 customers, some failing, some stale. */
export async function seedCustomers(handle: DatabaseHandle) {
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
 * Gives every fleet server an agent credential and books four weekly windows ahead for each
 * customer's servers, so a window call reads what a booked fleet holds; answers the credentials.
 */
export async function seedAgents(handle: DatabaseHandle): Promise<string[]> {
  const { db } = handle;
  const credential = sql<string>`'twa_' || ${servers.certname}`;
  const fleet = like(servers.customerId, 'fleet%');
  // The credential's hash as hashSecret makes it: SHA-256, hex.
  await db.execute(sql`
    update servers set agent_credential_hash = encode(sha256(convert_to(${credential}, 'UTF8')), 'hex')
    where ${fleet}`);
  await db.execute(sql`
    insert into service_windows (customer_id, type, starts_at, ends_at, timezone, reboot_allowed)
    select c.id, 'adhoc', now() + w * interval '7 days', now() + w * interval '7 days' + interval '2 hours', 'UTC', false
    from customers c, generate_series(1, 4) as w where c.id like 'fleet%'`);
  await db.execute(sql`
    insert into service_window_targets (window_id, server_id, certname)
    select w.id, s.id, s.certname from service_windows w join servers s on s.customer_id = w.customer_id
    where w.customer_id like 'fleet%'`);
  await db.execute(sql`analyze`);
  const rows = await db.select({ credential }).from(servers).where(fleet).orderBy(servers.certname);
  return rows.map((row) => row.credential);
}
