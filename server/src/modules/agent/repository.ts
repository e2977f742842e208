import { type ClusterReport, INSTALL_TOKEN_TTL_MS } from '@tidewatch/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import {
  agentRuns,
  type ClusterRow,
  clusters,
  type InstallTokenRow,
  installTokens,
  type RUN_STATUSES,
  type ServerRow,
  type StoredParameters,
  serverHeartbeats,
  serverPingDays,
  servers,
} from '../../db/schema';
import { resultRows } from '../../lib/result-rows';
import { auditWebhookEventsSql, queueWebhookEventsSql } from '../webhooks';
import { hashSecret, newSecret } from './tokens';

export type { ClusterRow, InstallTokenRow, ServerRow };

export async function createInstallToken(
  db: Database,
  input: {
    customerId: string;
    kind: 'server' | 'cluster';
    certname: string;
    serverId?: string;
    clusterId?: string;
    createdById: string | null;
    now: Date;
  },
): Promise<{ row: InstallTokenRow; token: string; expiresAt: Date }> {
  const token = newSecret('twi');
  const expiresAt = new Date(input.now.getTime() + INSTALL_TOKEN_TTL_MS);
  const [row] = await db
    .insert(installTokens)
    .values({
      customerId: input.customerId,
      kind: input.kind,
      tokenHash: hashSecret(token),
      certname: input.certname,
      serverId: input.serverId ?? null,
      clusterId: input.clusterId ?? null,
      createdById: input.createdById,
      createdAt: input.now,
      expiresAt,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { row, token, expiresAt };
}

export async function findTokenByHash(db: Database, token: string): Promise<InstallTokenRow | null> {
  const [row] = await db
    .select()
    .from(installTokens)
    .where(eq(installTokens.tokenHash, hashSecret(token)))
    .limit(1);
  return row ?? null;
}

/** The customer's install token with the server it installs. */
export async function findInstallTokenWithServer(db: Database, tenant: Tenant, tokenId: string) {
  const [row] = await db
    .select({ token: installTokens, server: servers })
    .from(installTokens)
    .innerJoin(servers, eq(servers.id, installTokens.serverId))
    .where(and(eq(installTokens.customerId, tenant.customerId), eq(installTokens.id, tokenId)))
    .limit(1);
  return row ?? null;
}

/** The server waiting for its install: the one there was (planned, failed or decommissioned), or a new one. */
export async function saveServerToInstall(
  db: Database,
  tenant: Tenant,
  existing: ServerRow | null,
  server: {
    certname: string;
    hostname: string;
    plan: ServerRow['plan'];
    roles: ServerRow['roles'];
    parameters: StoredParameters;
  },
): Promise<ServerRow> {
  const { certname, hostname, ...chosen } = server;
  // A decommissioned server coming back is under management again from now on (decision 0104).
  const values = {
    ...chosen,
    status: 'registered' as const,
    installFailureReason: null,
    decommissionedAt: null,
  };
  const [saved] = existing
    ? await db.update(servers).set(values).where(eq(servers.id, existing.id)).returning()
    : await db
        .insert(servers)
        .values({ customerId: tenant.customerId, certname, hostname, ...values })
        .returning();
  if (!saved) throw new Error('server row');
  return saved;
}

export async function findServerById(db: Database, id: string): Promise<ServerRow | null> {
  const [row] = await db.select().from(servers).where(eq(servers.id, id)).limit(1);
  return row ?? null;
}

export async function findCluster(db: Database, id: string): Promise<ClusterRow | null> {
  const [row] = await db.select().from(clusters).where(eq(clusters.id, id)).limit(1);
  return row ?? null;
}

export async function startInstall(db: Database, serverId: string) {
  await db
    .update(servers)
    .set({ status: 'installing', installFailureReason: null })
    .where(eq(servers.id, serverId));
}

export async function failInstall(db: Database, serverId: string, reason: string) {
  await db
    .update(servers)
    .set({ status: 'install_failed', installFailureReason: reason })
    .where(eq(servers.id, serverId));
}

/** What the installed server tells of itself. */
export type InstalledSystem = Pick<
  ServerRow,
  'osFamily' | 'distribution' | 'osVersion' | 'kernel' | 'location' | 'facts'
>;

/** The server is active with its credential, and its token used up, together or not at all. */
export async function activateServer(
  db: Database,
  activation: { serverId: string; tokenId: string; credential: string; system: InstalledSystem; now: Date },
) {
  const { serverId, tokenId, credential, system, now } = activation;
  await db.transaction(async (tx) => {
    await tx
      .update(servers)
      .set({
        ...system,
        status: 'active',
        agentCredentialHash: hashSecret(credential),
        lastPingAt: now,
        installFailureReason: null,
      })
      .where(eq(servers.id, serverId));
    await tx.update(installTokens).set({ usedAt: now }).where(eq(installTokens.id, tokenId));
  });
}

/** A configuration run, as the agent reports it with a ping. */
export interface ReportedRun {
  started_at: string;
  duration_ms: number;
  status: (typeof RUN_STATUSES)[number];
  summary: string;
}

/** One agent's ping: its credential, the configuration run it reports if any, and when it came. */
export interface Ping {
  credential: string;
  run: ReportedRun | undefined;
  now: Date;
}

/** The server a ping was recorded for. */
export interface PingedServer {
  certname: string;
  status: ServerRow['status'];
}

/**
 * How stale a servers row's own ping time may grow while the server pings: its heartbeat has the
 * exact time, the row (whose indexes sort by last seen and find the quiet) takes it at most this
 * often, so a ping seldom writes the wide row and its dozen indexes (decision 0092).
 */
export const PING_TIME_ON_ROW_EVERY = '30 minutes';

/**
 * The pings of servers with these credentials, active or stale (which a ping ends), and their runs,
 * in one statement, so all or nothing of it is kept and it costs one round trip; null for a ping no
 * server answers to. Each ping sets its server's heartbeat and counts on its server's day (UTC) in
 * `server_ping_days`, the monthly report's availability (decision 0104); the servers row is written
 * only for a stale server, a run, or a row whose ping time is older than `PING_TIME_ON_ROW_EVERY`. A
 * server that pinged twice in the batch keeps its later ping and its latest run's time, and every
 * run it reported.
 */
export async function recordPings(db: Database, pings: Ping[]): Promise<(PingedServer | null)[]> {
  const hashes = pings.map((ping) => hashSecret(ping.credential));
  const latest = new Map<string, { at: Date; run: ReportedRun | undefined }>();
  // Pings per credential and UTC day: one row a server a day, however many pings the batch holds.
  const perDay = new Map<string, { hash: string; day: string; pings: number }>();
  for (const [index, ping] of pings.entries()) {
    const hash = hashes[index] as string;
    latest.set(hash, { at: ping.now, run: ping.run ?? latest.get(hash)?.run });
    const day = ping.now.toISOString().slice(0, 10);
    const counted = perDay.get(`${hash}\0${day}`);
    if (counted) counted.pings += 1;
    else perDay.set(`${hash}\0${day}`, { hash, day, pings: 1 });
  }
  const dayCounts = sql.join(
    [...perDay.values()].map(({ hash, day, pings }) => sql`(${hash}::text, ${day}::date, ${pings}::int)`),
    sql`, `,
  );
  const pinged = sql.join(
    [...latest].map(
      ([hash, { at, run }]) =>
        sql`(${hash}::text, ${at.toISOString()}::timestamptz, ${run?.started_at ?? null}::timestamptz, ${run?.status ?? null}::text)`,
    ),
    sql`, `,
  );
  const runs = pings.flatMap(({ run }, index) =>
    run
      ? [
          sql`(${hashes[index]}::text, ${run.started_at}::timestamptz, ${run.duration_ms}::int, ${run.status}::text, ${run.summary}::text)`,
        ]
      : [],
  );
  // The runs go in with the same statement, for the servers that answered.
  const insertRuns =
    runs.length > 0
      ? sql`, runs as (
          insert into ${agentRuns} (server_id, started_at, duration_ms, status, summary)
          select f.id, r.started_at, r.duration_ms, r.status, r.summary
          from found f join (values ${sql.join(runs, sql`, `)}) as r (hash, started_at, duration_ms, status, summary)
            on r.hash = f.hash)`
      : sql``;
  const recoveredSource = sql`select customer_id, jsonb_build_object('customer_id', customer_id, 'kind', 'server',
    'certname', certname, 'quiet_since', last_ping_at) as data, at from found where status = 'stale'`;
  const result = await db.execute(sql`
    with found as (
      select s.id, s.customer_id, s.certname, s.status, s.last_ping_at, p.hash, p.at, p.run_at, p.run_status
      from ${servers} as s join (values ${pinged}) as p (hash, at, run_at, run_status)
        on s.agent_credential_hash = p.hash
      where s.status in ('active', 'stale')
    ), beats as (
      insert into ${serverHeartbeats} (server_id, last_ping_at)
      select id, at from found
      on conflict (server_id) do update
        set last_ping_at = greatest(${serverHeartbeats.lastPingAt}, excluded.last_ping_at)
    ), days as (
      insert into ${serverPingDays} (server_id, day, pings)
      select f.id, d.day, d.pings
      from found f join (values ${dayCounts}) as d (hash, day, pings) on d.hash = f.hash
      on conflict (server_id, day) do update set pings = ${serverPingDays.pings} + excluded.pings
    ), rows as (
      update ${servers} as s
      set last_ping_at = greatest(s.last_ping_at, f.at),
        status = 'active',
        last_run_at = coalesce(f.run_at, s.last_run_at),
        last_run_status = coalesce(f.run_status, s.last_run_status)
      from found f
      where s.id = f.id and (
        f.status = 'stale' or f.run_at is not null or s.last_ping_at is null
        or s.last_ping_at < f.at - ${PING_TIME_ON_ROW_EVERY}::interval)
    ), recovered as (${queueWebhookEventsSql('server.recovered', recoveredSource)}),
    recovered_audit as (${auditWebhookEventsSql('server.recovered', recoveredSource)})${insertRuns}
    select certname, 'active' as status, hash from found`);
  const answered = new Map(resultRows<PingedServer & { hash: string }>(result).map((row) => [row.hash, row]));
  return hashes.map((hash) => {
    const server = answered.get(hash);
    return server ? { certname: server.certname, status: server.status } : null;
  });
}

/** The columns a cluster's report sets. */
const reported = (report: ClusterReport): Partial<ClusterRow> => ({
  kubernetesVersion: report.kubernetes_version.replace(/^v/, ''),
  suiteVersion: report.suite_version,
  nodeCount: report.node_count,
});

/** The cluster is active with what it reports and its credential, and its token used up, together or not at all. */
export async function activateCluster(
  db: Database,
  activation: { clusterId: string; tokenId: string; credential: string; report: ClusterReport; now: Date },
) {
  const { clusterId, tokenId, credential, report, now } = activation;
  await db.transaction(async (tx) => {
    await tx
      .update(clusters)
      .set({
        ...reported(report),
        status: 'active',
        agentCredentialHash: hashSecret(credential),
        lastPingAt: now,
      })
      .where(eq(clusters.id, clusterId));
    await tx.update(installTokens).set({ usedAt: now }).where(eq(installTokens.id, tokenId));
  });
}

/** The ping of the cluster with this credential, active or stale; null when none answers to it. */
export async function recordClusterPing(
  db: Database,
  credential: string,
  report: ClusterReport,
  now: Date,
): Promise<ClusterRow | null> {
  const [cluster] = await db
    .update(clusters)
    .set({ ...reported(report), status: 'active', lastPingAt: now })
    .where(
      and(
        eq(clusters.agentCredentialHash, hashSecret(credential)),
        inArray(clusters.status, ['active', 'stale']),
      ),
    )
    .returning();
  return cluster ?? null;
}

/**
 * Marks active servers and clusters quiet since then as stale; returns how many. A server's row
 * may hold an older ping than its heartbeat, never a later one, so the rows quiet by their own
 * time are the candidates (read off the status and ping index), and the heartbeat decides; the row
 * takes the heartbeat's time as it turns stale.
 */
export async function markQuietAgentsStale(db: Database, quietSince: Date, now: Date): Promise<number> {
  const since = quietSince.toISOString();
  const staleData = (kind: 'server' | 'cluster') =>
    sql`jsonb_build_object('customer_id', customer_id, 'kind', ${kind}::text, 'certname', certname, 'last_seen_at', last_ping_at)`;
  const staleSource = (kind: 'server' | 'cluster') =>
    sql`select customer_id, ${staleData(kind)} as data, ${now.toISOString()}::timestamptz as at from stale`;
  // Each turns stale in the statement that tells its customer's webhooks, so neither happens alone.
  const staleServers = await db.execute(sql`
    with stale as (
      update ${servers} as s
      set status = 'stale',
        last_ping_at = greatest(s.last_ping_at, (select h.last_ping_at from ${serverHeartbeats} h where h.server_id = s.id))
      where s.status = 'active' and s.last_ping_at < ${since}::timestamptz
        and not exists (
          select from ${serverHeartbeats} h where h.server_id = s.id and h.last_ping_at >= ${since}::timestamptz)
      returning s.id, s.customer_id, s.certname, s.last_ping_at
    ), told as (${queueWebhookEventsSql('server.stale', staleSource('server'))}),
    told_audit as (${auditWebhookEventsSql('server.stale', staleSource('server'))})
    select id from stale`);
  const staleClusters = await db.execute(sql`
    with stale as (
      update ${clusters}
      set status = 'stale'
      where status = 'active' and last_ping_at < ${since}::timestamptz
      returning id, customer_id, certname, last_ping_at
    ), told as (${queueWebhookEventsSql('server.stale', staleSource('cluster'))}),
    told_audit as (${auditWebhookEventsSql('server.stale', staleSource('cluster'))})
    select id from stale`);
  return resultRows(staleServers).length + resultRows(staleClusters).length;
}
