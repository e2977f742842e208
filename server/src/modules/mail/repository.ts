import type { MailCategory } from '@tidewatch/contract';
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOptOuts, outbox } from '../../db/schema';

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

/** The kinds of mail each of these addresses stopped, as `address|category`. */
export async function optedOut(db: Database, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: mailOptOuts.email, category: mailOptOuts.category })
    .from(mailOptOuts)
    .where(inArray(mailOptOuts.email, [...new Set(emails.map((email) => email.toLowerCase()))]));
  return new Set(rows.map((row) => `${row.email}|${row.category}`));
}

/** Stops and restarts kinds of mail to an address. */
export async function setOptOuts(
  db: Database,
  email: string,
  change: { stop: MailCategory[]; start: MailCategory[] },
  at: Date,
): Promise<void> {
  const address = email.toLowerCase();
  await db.transaction(async (tx) => {
    if (change.stop.length) {
      await tx
        .insert(mailOptOuts)
        .values(change.stop.map((category) => ({ email: address, category, createdAt: at })))
        .onConflictDoNothing();
    }
    if (change.start.length) {
      await tx
        .delete(mailOptOuts)
        .where(and(eq(mailOptOuts.email, address), inArray(mailOptOuts.category, change.start)));
    }
  });
}
