import { msg } from '@lingui/core/macro';
import type { UserStatus } from '@tidewatch/contract';
import type { Role } from '@tidewatch/domain';

/** What each role is called; a customer's user without one is a plain user. */
export const ROLE_LABELS = {
  admin: msg`Admin`,
  master: msg`Master`,
  approver: msg`Approver`,
  customer_manager: msg`User manager`,
  security_officer: msg`Security officer`,
  time_reg_reader: msg`Time registration reader`,
  tam: msg`Technical account manager`,
  finance: msg`Finance`,
} as const satisfies Record<Role, unknown>;

export const STATUS_LABELS = {
  active: msg`Active`,
  invited: msg`Invited`,
  deactivated: msg`Deactivated`,
} as const satisfies Record<UserStatus, unknown>;
