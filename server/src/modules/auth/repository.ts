import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passkeys, passwordResetTokens, recoveryCodes, type UserRow, users } from '../../db/schema';

/** Whether the user has registered a passkey, which makes sign-in with a password ask for a second step. */
export async function holdsPasskey(db: Database, userId: string): Promise<boolean> {
  const [passkey] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return passkey !== undefined;
}

export async function deleteRecoveryCodes(db: Database, userId: string) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Replaces the user's recovery codes with the ones hashed. */
export async function replaceRecoveryCodes(db: Database, userId: string, codeHashes: string[]) {
  await deleteRecoveryCodes(db, userId);
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks the user's recovery code used; false when it is unknown or was used before. */
export async function useRecoveryCode(db: Database, userId: string, codeHash: string, at: Date) {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** Records the user's TOTP step unless it or a later one was used: a code works once. */
export async function claimTotpStep(db: Database, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/**
 * Stores a reset token for the active account of `email`; with no such account it stores nothing,
 * in the very same one statement.
 */
export async function insertResetTokenOfAddress(
  db: Database,
  token: { id: string; email: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).select(
    db
      .select({
        id: sql<string>`${token.id}`.as('id'),
        userId: users.id,
        createdAt: sql<Date>`${token.createdAt.toISOString()}::timestamptz`.as('created_at'),
        expiresAt: sql<Date>`${token.expiresAt.toISOString()}::timestamptz`.as('expires_at'),
        usedAt: sql<Date | null>`null`.as('used_at'),
      })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, token.email.toLowerCase()), eq(users.active, true))),
  );
}

/** A reset token that was not used and has not expired. */
const usableResetToken = (tokenId: string, now: Date) =>
  and(
    eq(passwordResetTokens.id, tokenId),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

/** The user a usable reset token belongs to; null when the token is unknown, used or expired. */
export async function holderOfResetToken(db: Database, tokenId: string, now: Date): Promise<UserRow | null> {
  const [holder] = await db
    .select({ user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(usableResetToken(tokenId, now));
  return holder?.user ?? null;
}

/** Uses up a reset token if it is still usable; the user it belongs to, else null. */
export async function claimResetToken(
  db: Pick<Database, 'update'>,
  tokenId: string,
  now: Date,
): Promise<string | null> {
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(usableResetToken(tokenId, now))
    .returning({ userId: passwordResetTokens.userId });
  return claimed?.userId ?? null;
}
