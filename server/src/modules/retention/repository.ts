import { lt, lte, or } from 'drizzle-orm';
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
  portalEvents,
  rateLimits,
  sessions,
} from '../../db/schema';

/** What goes: each kind of record older than its moment, and whatever expired by `now`. */
export interface RetentionCutoffs {
  now: Date;
  errorReports: Date;
  cspReports: Date;
  idempotencyKeys: Date;
  leads: Date;
  jobApplications: Date;
  chatConversations: Date;
  outbox: Date;
  /** Sessions not seen since. */
  idleSessions: Date;
  portalEvents: Date;
}

/** How many records of each kind were deleted. */
export interface RetentionResult {
  chatConversations: number;
  cspReports: number;
  errorReports: number;
  idempotencyKeys: number;
  leads: number;
  jobApplications: number;
  outbox: number;
  pendingSignUps: number;
  portalEvents: number;
  rateLimits: number;
  sessions: number;
}

/**
 * Deletes what is past its cutoff. Plain DELETEs: replicas running it at the same time delete
 * the same rows once between them.
 */
export async function deleteExpiredRecords(
  db: Database,
  cutoffs: RetentionCutoffs,
): Promise<RetentionResult> {
  const { now } = cutoffs;
  const deletedErrorReports = await db
    .delete(errorReports)
    .where(lt(errorReports.receivedAt, cutoffs.errorReports))
    .returning({ id: errorReports.id });
  const deletedCspReports = await db
    .delete(cspReports)
    .where(lt(cspReports.receivedAt, cutoffs.cspReports))
    .returning({ id: cspReports.id });
  const deletedIdempotencyKeys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoffs.idempotencyKeys))
    .returning({ key: idempotencyKeys.key });
  const deletedLeads = await db
    .delete(leads)
    .where(lt(leads.createdAt, cutoffs.leads))
    .returning({ id: leads.id });
  const deletedJobApplications = await db
    .delete(jobApplications)
    .where(lt(jobApplications.createdAt, cutoffs.jobApplications))
    .returning({ id: jobApplications.id });
  // Their messages go with them (the foreign key cascades).
  const deletedChatConversations = await db
    .delete(chatConversations)
    .where(lt(chatConversations.lastMessageAt, cutoffs.chatConversations))
    .returning({ id: chatConversations.id });
  const deletedOutbox = await db
    .delete(outbox)
    .where(lt(outbox.createdAt, cutoffs.outbox))
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
    .where(or(lte(sessions.expiresAt, now), lt(sessions.lastSeenAt, cutoffs.idleSessions)))
    .returning({ id: sessions.id });
  // After the sessions: the events their ending wrote are kept for tabs that reconnect.
  const deletedPortalEvents = await db
    .delete(portalEvents)
    .where(lt(portalEvents.at, cutoffs.portalEvents))
    .returning({ id: portalEvents.id });
  return {
    chatConversations: deletedChatConversations.length,
    cspReports: deletedCspReports.length,
    errorReports: deletedErrorReports.length,
    idempotencyKeys: deletedIdempotencyKeys.length,
    leads: deletedLeads.length,
    jobApplications: deletedJobApplications.length,
    outbox: deletedOutbox.length,
    pendingSignUps: deletedPendingSignUps.length,
    portalEvents: deletedPortalEvents.length,
    rateLimits: deletedRateLimits.length,
    sessions: deletedSessions.length,
  };
}
