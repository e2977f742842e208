import { and, asc, eq, gt, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { clusters, servers, serviceWindows, serviceWindowTargets } from '../../../db/schema';

/** A server or cluster, as its agent's credential names it. */
export interface Machine {
  kind: 'server' | 'cluster';
  id: string;
  certname: string;
}

/** The managed server or cluster whose agent credential has this hash, or null. */
export async function machineByCredential(db: Database, credentialHash: string): Promise<Machine | null> {
  const [server] = await db
    .select({ id: servers.id, certname: servers.certname })
    .from(servers)
    .where(and(eq(servers.agentCredentialHash, credentialHash), ne(servers.status, 'decommissioned')));
  if (server) return { kind: 'server', ...server };
  const [cluster] = await db
    .select({ id: clusters.id, certname: clusters.certname })
    .from(clusters)
    .where(and(eq(clusters.agentCredentialHash, credentialHash), ne(clusters.status, 'decommissioned')));
  if (cluster) return { kind: 'cluster', ...cluster };
  return null;
}

const targetIs = (machine: Machine) =>
  machine.kind === 'server'
    ? eq(serviceWindowTargets.serverId, machine.id)
    : eq(serviceWindowTargets.clusterId, machine.id);

/** The machine's own, not exempted, targets. */
const coveredBy = (machine: Machine) => and(targetIs(machine), eq(serviceWindowTargets.exempted, false));

/** Windows covering the machine that are due to move along: scheduled or open, and begun. */
export async function begunWindowIds(db: Database, machine: Machine, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: serviceWindowTargets.windowId })
    .from(serviceWindowTargets)
    .innerJoin(serviceWindows, eq(serviceWindows.id, serviceWindowTargets.windowId))
    .where(
      and(
        coveredBy(machine),
        inArray(serviceWindows.status, ['scheduled', 'open']),
        lte(serviceWindows.startsAt, now),
      ),
    );
  return rows.map((row) => row.id);
}

/** The earliest open window the machine has not reported on yet. */
export async function openWindowOf(db: Database, machine: Machine) {
  const [row] = await db
    .select({ window: serviceWindows })
    .from(serviceWindowTargets)
    .innerJoin(serviceWindows, eq(serviceWindows.id, serviceWindowTargets.windowId))
    .where(
      and(coveredBy(machine), eq(serviceWindows.status, 'open'), isNull(serviceWindowTargets.reportedAt)),
    )
    .orderBy(asc(serviceWindows.startsAt))
    .limit(1);
  return row?.window ?? null;
}

/** When the machine's next scheduled window starts. */
export async function nextStartOf(db: Database, machine: Machine, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ startsAt: serviceWindows.startsAt })
    .from(serviceWindowTargets)
    .innerJoin(serviceWindows, eq(serviceWindows.id, serviceWindowTargets.windowId))
    .where(and(coveredBy(machine), eq(serviceWindows.status, 'scheduled'), gt(serviceWindows.startsAt, now)))
    .orderBy(asc(serviceWindows.startsAt))
    .limit(1);
  return row?.startsAt ?? null;
}

/** The machine's target in a window, with the window, or null. */
export async function targetInWindow(db: Database, machine: Machine, windowId: string) {
  const [row] = await db
    .select({ target: serviceWindowTargets, window: serviceWindows })
    .from(serviceWindowTargets)
    .innerJoin(serviceWindows, eq(serviceWindows.id, serviceWindowTargets.windowId))
    .where(and(targetIs(machine), eq(serviceWindowTargets.windowId, windowId)));
  return row ?? null;
}

/** Stores a target's report; only the first counts, so a retried one changes nothing. */
export async function recordFirstReport(
  db: Database,
  targetId: string,
  report: Pick<typeof serviceWindowTargets.$inferInsert, 'reportedAt' | 'result' | 'comment'>,
): Promise<void> {
  await db
    .update(serviceWindowTargets)
    .set(report)
    .where(and(eq(serviceWindowTargets.id, targetId), isNull(serviceWindowTargets.reportedAt)));
}

export async function windowStatus(db: Database, windowId: string) {
  const [row] = await db
    .select({ status: serviceWindows.status })
    .from(serviceWindows)
    .where(eq(serviceWindows.id, windowId));
  return row?.status ?? null;
}
