import { CHAT_RETENTION_DAYS } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY } from '../../core/idempotency';
import { SESSION_POLICY } from '../../core/session-policy';
import type { Database } from '../../db/client';
import { runPeriodically } from '../../lib/periodic';
import { deleteExpiredRecords, type RetentionResult } from './repository';

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
  /** The portal's live events: a tab that was away longer reloads what it shows rather than catch up. */
  portalEventsMs: 60 * 60_000,
  /** How often the cleanup runs; rate-limit windows that ended are removed on each run. */
  sweepEveryMs: 10 * 60_000,
} as const;

/** Deletes what is past its retention period. */
export function runRetention(db: Database, now: Date): Promise<RetentionResult> {
  const olderThan = (ms: number) => new Date(now.getTime() - ms);
  return deleteExpiredRecords(db, {
    now,
    errorReports: olderThan(RETENTION.errorReportsMs),
    cspReports: olderThan(RETENTION.cspReportsMs),
    idempotencyKeys: olderThan(IDEMPOTENCY.keptMs),
    leads: olderThan(RETENTION.leadsMs),
    jobApplications: olderThan(RETENTION.jobApplicationsMs),
    chatConversations: olderThan(RETENTION.chatConversationsMs),
    outbox: olderThan(RETENTION.outboxMs),
    idleSessions: olderThan(RETENTION.sessionIdleMs),
    portalEvents: olderThan(RETENTION.portalEventsMs),
  });
}

/** Runs the cleanup once the app is ready and then on an interval, in every replica, until the app closes. */
export const retentionJob = fp(async (app: FastifyInstance) => {
  runPeriodically(app, 'retention cleanup', RETENTION.sweepEveryMs, () => runRetention(app.db, app.now()));
});
