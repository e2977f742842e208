import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outbox } from '../../db/schema';

export type OutboxRow = typeof outbox.$inferSelect;

/** How many mails a worker claims at once, how often one is tried, and the wait between tries. */
export interface OutboxClaim {
  batch: number;
  maxAttempts: number;
  firstBackoffSeconds: number;
  maxBackoffSeconds: number;
}

/** Writes mail to the outbox, due at once. */
export async function insertMails(
  db: Database,
  mails: Omit<typeof outbox.$inferInsert, 'id'>[],
): Promise<void> {
  await db.insert(outbox).values(mails);
}

/**
 * Claims a batch of mail due at `at`, pushing each one's next try out by its backoff. One atomic
 * update over rows locked with SKIP LOCKED, so several replicas never claim one mail twice.
 */
export async function claimDueMail(db: Database, at: Date, claim: OutboxClaim): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, at), lt(outbox.attempts, claim.maxAttempts)))
    .orderBy(asc(outbox.id))
    .limit(claim.batch)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`${at.toISOString()}::timestamptz + make_interval(secs => least(${claim.maxBackoffSeconds}, ${claim.firstBackoffSeconds} * power(2, ${outbox.attempts})))`,
    })
    .where(inArray(outbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

export async function markMailSent(db: Database, id: number, at: Date): Promise<void> {
  await db.update(outbox).set({ sentAt: at, lastError: null }).where(eq(outbox.id, id));
}

/** Keeps why the last try failed; the mail is tried again once its backoff has passed. */
export async function recordMailFailure(db: Database, id: number, error: string): Promise<void> {
  await db.update(outbox).set({ lastError: error }).where(eq(outbox.id, id));
}
