import { isStaffCustomer } from '@tidewatch/content';
import type { FastifyInstance } from 'fastify';
import { secondFactorRequired } from '../../core/second-factor';
import type { UserRow } from '../../db/schema';
import { customerRequiresTwoFactor } from './repository';

/** Whether the user must keep a second factor: staff unless relaxed for the demo, a customer's users when it requires one. */
export async function twoFactorRequiredFor(
  app: FastifyInstance,
  user: Pick<UserRow, 'customerId'>,
): Promise<boolean> {
  const isStaff = isStaffCustomer(user.customerId);
  const customerRequires = !isStaff && (await customerRequiresTwoFactor(app.db, user.customerId));
  return secondFactorRequired(app.staffTwoFactor, isStaff, customerRequires);
}
