import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { passkeys } from '../db/schema';
import type { AuthContext } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /** STAFF_TWO_FACTOR: staff need a second factor unless an operator relaxed it for the demo. */
    staffTwoFactor: Config['staffTwoFactor'];
  }
}

/** Whether a user must have a second factor: staff unless relaxed for the demo, a customer's users when it requires one. */
export function secondFactorRequired(
  staffTwoFactor: Config['staffTwoFactor'],
  isStaff: boolean,
  customerRequiresTwoFactor: boolean,
): boolean {
  return isStaff ? staffTwoFactor === 'required' : customerRequiresTwoFactor;
}

export type SecondFactorCaller = Pick<
  AuthContext,
  'session' | 'user' | 'customer' | 'isStaff' | 'impersonator'
> & {
  apiToken?: AuthContext['apiToken'];
};

/**
 * Whether the caller may only enrol a second factor until they have one. Never while impersonating
 * (the account holder enrols), for a company sign-in (its provider governs the factors) or for an
 * API token (its maker's own sign-in is what the rule is about).
 */
export async function mustEnrolSecondFactor(
  app: FastifyInstance,
  caller: SecondFactorCaller,
): Promise<boolean> {
  if (caller.impersonator || caller.apiToken || caller.session.ssoCheckedAt !== null) return false;
  if (caller.user.totpEnabledAt) return false;
  if (!secondFactorRequired(app.staffTwoFactor, caller.isStaff, caller.customer.requireTwoFactor))
    return false;
  const [passkey] = await app.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, caller.user.id))
    .limit(1);
  return passkey === undefined;
}
