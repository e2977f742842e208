import type { Database } from '../../db/client';
import { marketingSubscriptions } from '../../db/schema';

/** Takes the address off marketing mail; feedback given before is kept when none is given now. */
export async function unsubscribeAddress(
  db: Database,
  email: string,
  feedback: string | undefined,
  now: Date,
) {
  await db
    .insert(marketingSubscriptions)
    .values({ email, unsubscribedAt: now, feedback: feedback ?? null, updatedAt: now })
    .onConflictDoUpdate({
      target: marketingSubscriptions.email,
      set: { unsubscribedAt: now, updatedAt: now, ...(feedback && { feedback }) },
    });
}
