import { isStaffCustomer } from '@tidewatch/content';
import type { UserRecord } from '@tidewatch/contract';
import { effectiveRoles } from '@tidewatch/domain';
import type { UserRow } from '../../db/schema';

/** A user as the API shows it (spec section 3's `user/…` fields). */
export function toUserRecord(user: UserRow): UserRecord {
  return {
    'user/id': user.id,
    'user/email': user.email,
    'user/name': user.name,
    'user/roles': effectiveRoles(user.roles, isStaffCustomer(user.customerId)),
    'user/consulting-level': user.consultingLevel,
    'user/language': user.language,
    'customer/id': user.customerId,
    'user/totp-enabled': user.totpEnabledAt !== null,
  };
}
