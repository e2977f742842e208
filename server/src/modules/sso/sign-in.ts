import type { SsoFailure, SsoRoleMapping } from '@tidewatch/contract';
import type { Role } from '@tidewatch/domain';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { findUserByEmail } from '../users';
import type { ProviderIdentity } from './provider';
import { insertSsoUser, type StoredSso, updateSsoUser, userOfSubject } from './repository';

/** The roles the provider's groups give: each mapped group the person is in; none makes a plain user. */
export function rolesFromGroups(mapping: readonly SsoRoleMapping[], groups: readonly string[]): Role[] {
  const member = new Set(groups);
  const roles = mapping.flatMap(({ group, role }) => (member.has(group) && role !== 'user' ? [role] : []));
  return [...new Set(roles)].sort();
}

/** How the activity log names a set of roles. */
export const rolesText = (roles: readonly string[]) => (roles.length ? roles.join(', ') : 'user');

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((role, index) => role === [...b].sort()[index]);

export type SsoSignIn =
  | { failure: SsoFailure }
  | { failure: null; user: UserRow; created: boolean; rolesBefore: string[] };

/**
 * The customer's user the provider vouched for: found by its subject, else by its address within
 * the customer (the subject is linked then), else created just in time. Its roles follow the
 * provider's groups. An address outside the customer's domains, one that another customer's user
 * holds, and a switched-off user are refused.
 */
export async function userForIdentity(
  db: Database,
  sso: StoredSso,
  identity: ProviderIdentity,
  language: 'en' | 'da',
): Promise<SsoSignIn> {
  const { email } = identity;
  if (!email || !identity.emailVerified) return { failure: 'not_verified' };
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!sso.domains.includes(domain)) return { failure: 'email_outside_domains' };
  const roles = rolesFromGroups(sso.roleMapping as SsoRoleMapping[], identity.groups);
  const bySubject = await userOfSubject(db, sso.customerId, identity.subject);
  const found = bySubject ?? (await findUserByEmail(db, email));
  if (found && found.customerId !== sso.customerId) return { failure: 'other_customer' };
  if (found && !found.active) return { failure: 'inactive' };
  if (!found) {
    const user = await insertSsoUser(db, {
      customerId: sso.customerId,
      email,
      name: identity.name ?? email.slice(0, email.indexOf('@')),
      roles,
      ssoSubject: identity.subject,
      language,
    });
    return { failure: null, user, created: true, rolesBefore: [] };
  }
  const change = {
    ...(!sameRoles(found.roles, roles) && { roles }),
    ...(found.ssoSubject !== identity.subject && { ssoSubject: identity.subject }),
  };
  const user = Object.keys(change).length ? await updateSsoUser(db, found.id, change) : found;
  return { failure: null, user, created: false, rolesBefore: found.roles };
}

/** The user's roles once the provider's current groups are applied; null when they stay as they are. */
export function changedRoles(sso: StoredSso, user: UserRow, groups: readonly string[]): Role[] | null {
  const roles = rolesFromGroups(sso.roleMapping as SsoRoleMapping[], groups);
  return sameRoles(user.roles, roles) ? null : roles;
}
