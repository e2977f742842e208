import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type SessionRow, sessions } from '../../db/schema';

/** Every session acting as the user, staff impersonating them included, run out or not. */
export async function sessionsOfUser(db: Database, userId: string): Promise<SessionRow[]> {
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** Ends one of the user's sessions by its public id, never the caller's own; false if there is none such. */
export async function endOtherSession(
  db: Database,
  userId: string,
  publicId: string,
  callerSessionId: string,
): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(
      and(eq(sessions.publicId, publicId), eq(sessions.userId, userId), ne(sessions.id, callerSessionId)),
    )
    .returning({ id: sessions.id });
  return ended.length > 0;
}
