import { matchTotpStep } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { redeemRecoveryCode } from './recovery-codes';
import { claimTotpStep } from './repository';

/**
 * Checks a second-factor code at sign-in: an authenticator code not used before (its time step
 * is recorded, so a code seen over someone's shoulder cannot be replayed) or an unused recovery code.
 */
export async function verifySecondFactor(
  app: FastifyInstance,
  user: UserRow,
  code: string,
): Promise<boolean> {
  if (!user.totpSecret) return false;
  const now = app.now();
  if (/^\d{6}$/.test(code)) {
    const step = matchTotpStep(app.totpBox.open(user.totpSecret), code, now.getTime());
    if (step === null) return false;
    return claimTotpStep(app.db, user.id, step);
  }
  return redeemRecoveryCode(app.db, user.id, code, now);
}
