import { CHAT_RETENTION_DAYS } from '@tidewatch/domain';
import { lt, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY } from '../../core/idempotency';
import { SESSION_POLICY } from '../../core/session-policy';
import type { Database } from '../../db/client';
import {
  chatConversations,
  cspReports,
  errorReports,
  idempotencyKeys,
  jobApplications,
  leads,
  outbox,
  pendingSignUps,
  rateLimits,
  sessions,
} from '../../db/schema';
import { runPeriodically } from '../../lib/periodic';

const DAY_MS = 24 * 60 * 60_000;

/** How long each kind of record is kept (decided in docs/decisions/0023-retention-and-audit.md). */
export const RETENTION = {
  /** Browser error reports: long enough to chase a bug, short enough not to hoard what users typed. */
  errorReportsMs: 30 * DAY_MS,
  /** CSP violation reports: as long as error reports; a flood keeps only the newest besides (decision 0075). */
  cspReportsMs: 30 * DAY_MS,
  /** What visitors sent from the public forms: two sales seasons, then the person is forgotten. */
  leadsMs: 2 * 365 * DAY_MS,
  /** Job applications and their CVs: half a year covers a hiring round and the next opening after it. */
  jobApplicationsMs: 183 * DAY_MS,
  /** Live-chat conversations (with their messages), after the last message: as long as the visitor's browser keeps them. */
  chatConversationsMs: CHAT_RETENTION_DAYS * DAY_MS,
  /** Mail kept or queued for sending, by the time it was written. */
  outboxMs: 30 * DAY_MS,
  /** Sessions go once they have ended: past their absolute end, or idle past the longest idle timeout. */
  sessionIdleMs: Math.max(SESSION_POLICY.customerIdleMs, SESSION_POLICY.staffIdleMs),
  /** How often the cleanup runs; rate-limit windows that ended are removed on each run. */
  sweepEveryMs: 10 * 60_000,
} as const;

export interface RetentionResult {
  chatConversations: number;
  cspReports: number;
  errorReports: number;
  idempotencyKeys: number;
  leads: number;
  jobApplications: number;
  outbox: number;
  pendingSignUps: number;
  rateLimits: number;
  sessions: number;
}

/**
 * Deletes what is past its retention period. Plain DELETEs: replicas running it at the same
 * time delete the same rows once between them.
 */
export async function runRetention(db: Database, now: Date): Promise<RetentionResult> {
  const olderThan = (ms: number) => new Date(now.getTime() - ms);
  const deletedErrorReports = await db
    .delete(errorReports)
    .where(lt(errorReports.receivedAt, olderThan(RETENTION.errorReportsMs)))
    .returning({ id: errorReports.id });
  const deletedCspReports = await db
    .delete(cspReports)
    .where(lt(cspReports.receivedAt, olderThan(RETENTION.cspReportsMs)))
    .returning({ id: cspReports.id });
  const deletedIdempotencyKeys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, olderThan(IDEMPOTENCY.keptMs)))
    .returning({ key: idempotencyKeys.key });
  const deletedLeads = await db
    .delete(leads)
    .where(lt(leads.createdAt, olderThan(RETENTION.leadsMs)))
    .returning({ id: leads.id });
  const deletedJobApplications = await db
    .delete(jobApplications)
    .where(lt(jobApplications.createdAt, olderThan(RETENTION.jobApplicationsMs)))
    .returning({ id: jobApplications.id });
  // Their messages go with them (the foreign key cascades).
  const deletedChatConversations = await db
    .delete(chatConversations)
    .where(lt(chatConversations.lastMessageAt, olderThan(RETENTION.chatConversationsMs)))
    .returning({ id: chatConversations.id });
  const deletedOutbox = await db
    .delete(outbox)
    .where(lt(outbox.createdAt, olderThan(RETENTION.outboxMs)))
    .returning({ id: outbox.id });
  // A sign-up whose link has expired can no longer be confirmed; a confirmed one lives on as the customer.
  const deletedPendingSignUps = await db
    .delete(pendingSignUps)
    .where(lte(pendingSignUps.expiresAt, now))
    .returning({ id: pendingSignUps.id });
  const deletedRateLimits = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, now))
    .returning({ key: rateLimits.key });
  const deletedSessions = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lt(sessions.lastSeenAt, olderThan(RETENTION.sessionIdleMs))))
    .returning({ id: sessions.id });
  return {
    chatConversations: deletedChatConversations.length,
    cspReports: deletedCspReports.length,
    errorReports: deletedErrorReports.length,
    idempotencyKeys: deletedIdempotencyKeys.length,
    leads: deletedLeads.length,
    jobApplications: deletedJobApplications.length,
    outbox: deletedOutbox.length,
    pendingSignUps: deletedPendingSignUps.length,
    rateLimits: deletedRateLimits.length,
    sessions: deletedSessions.length,
  };
}

/** Runs the cleanup once the app is ready and then on an interval, in every replica, until the app closes. */
export const retentionJob = fp(async (app: FastifyInstance) => {
  runPeriodically(app, 'retention cleanup', RETENTION.sweepEveryMs, () => runRetention(app.db, app.now()));
});
