import { matchTotpStep } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { redeemRecoveryCode } from './recovery-codes';
import { claimTotpStep } from './repository';

/**
 * Checks a second-factor code at sign-in: an authenticator code not used before (its time step
 * is recorded, so a code seen over someone's shoulder cannot be replayed) or an unused recovery code.
 * Answers which of the two it was, or null when it is neither.
 */
export async function verifySecondFactor(
  app: FastifyInstance,
  user: UserRow,
  code: string,
): Promise<'authenticator' | 'recovery-code' | null> {
  const now = app.now();
  if (/^\d{6}$/.test(code)) {
    // A passkey holder without an authenticator app has recovery codes only.
    if (!user.totpSecret) return null;
    const step = matchTotpStep(app.totpBox.open(user.totpSecret), code, now.getTime());
    if (step === null) return null;
    return (await claimTotpStep(app.db, user.id, step)) ? 'authenticator' : null;
  }
  return (await redeemRecoveryCode(app.db, user.id, code, now)) ? 'recovery-code' : null;
}
