import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type PasskeyRow, passkeys, webauthnChallenges } from '../../db/schema';

type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

/** Stores a challenge handed out, and sweeps the ones nobody answered in time. */
export async function insertChallenge(
  db: Database,
  challenge: { challenge: string; purpose: ChallengePurpose; userId: string | null; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values(challenge);
}

/**
 * Uses up a challenge handed out for this purpose (and, for a registration, to this user) that has
 * not expired; false when there is none. One statement, so two answers to one challenge never both pass.
 */
export async function claimChallenge(
  db: Database,
  claim: { challenge: string; purpose: ChallengePurpose; userId: string | null; now: Date },
): Promise<boolean> {
  const claimed = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, claim.challenge),
        eq(webauthnChallenges.purpose, claim.purpose),
        claim.userId === null
          ? isNull(webauthnChallenges.userId)
          : eq(webauthnChallenges.userId, claim.userId),
        gt(webauthnChallenges.expiresAt, claim.now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return claimed.length > 0;
}

export async function passkeysOf(db: Database, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

/** Stores a passkey; null when its credential is registered already (to anyone). */
export async function insertPasskey(
  db: Database,
  values: typeof passkeys.$inferInsert,
): Promise<PasskeyRow | null> {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findPasskeyByCredentialId(
  db: Database,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/**
 * Records a sign-in with the passkey: its new counter, backup state and time. Only from the counter
 * it was verified against, so two sign-ins racing with one signature cannot both pass.
 */
export async function recordPasskeyUse(
  db: Database,
  passkey: Pick<PasskeyRow, 'id' | 'counter'>,
  use: { counter: number; backedUp: boolean; at: Date },
): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

/**
 * Removes one of the user's passkeys: null when they have no such passkey, 'last' when it is their
 * last and `keepLast`. Their passkeys are locked first, so parallel removals count one after another.
 */
export async function removePasskey(
  db: Database,
  userId: string,
  id: string,
  keepLast: boolean,
): Promise<PasskeyRow | 'last' | null> {
  return db.transaction(async (tx) => {
    const held = await tx
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .for('update');
    if (!held.some((passkey) => passkey.id === id)) return null;
    if (keepLast && held.length === 1) return 'last';
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    return row ?? null;
  });
}
