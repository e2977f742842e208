import { brand, isStaffCustomer } from '@tidewatch/content';
import { contract, FIELD_REFUSALS, type Invitation, REFUSALS, type UserListItem } from '@tidewatch/contract';
import {
  can,
  canManageUsersOf,
  grantableRoles,
  INVITATION_LINK_VALID_MINUTES,
  leavesAManager,
  locksMasterOut,
  managingRole,
  type Role,
} from '@tidewatch/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, tenantOf } from '../../core/access';
import { appendActivity } from '../../core/audit-log';
import { implement } from '../../core/route';
import type { AuthContext } from '../../core/session';
import { checkedTenant, findCustomer, type Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import { pageTotal } from '../../lib/bounded-total';
import { isUniqueViolation } from '../../lib/db-errors';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { newLinkToken, sitePath } from '../../lib/link-tokens';
import { countHit } from '../../plugins/rate-limit';
import { invitationMail } from '../mail';
import {
  endSessionsOf,
  expireLinksOf,
  findUserByEmail,
  findUserOfCustomer,
  insertInvitedUser,
  insertLink,
  type ListedUser,
  listedUser,
  listUsersPage,
  lockUsersOfCustomer,
  revokeTokensMadeBy,
  type UserRow,
  updateBillingContacts,
  updateUser,
} from './repository';
import { toUserRecord } from './user-record';

function toListItem({ user, lastSeen, invitationExpires }: ListedUser): UserListItem {
  const invited = user.passwordHash === null;
  return {
    ...toUserRecord(user),
    active: user.active,
    status: !user.active ? 'deactivated' : invited ? 'invited' : 'active',
    last_seen: lastSeen?.toISOString() ?? null,
    invitation_expires: invited && user.active ? (invitationExpires?.toISOString() ?? null) : null,
  };
}

/** How the activity log names a set of roles. */
const rolesText = (roles: readonly string[]) => (roles.length ? roles.join(', ') : 'user');

const refuse = (status: number, field: string, message: string) =>
  new HttpError(status, message, { [field]: [message] });

/** Invitations one person (the admin behind an impersonation) may send in an hour, over every address. */
export const INVITATIONS_PER_HOUR = 30;
const HOUR_MS = 60 * 60_000;

/** The roles asked for, if the caller may grant every one of them to users of that customer. */
function checkGrantable(auth: AuthContext, customerId: string, roles: readonly Role[]): Role[] {
  const grantable = grantableRoles(auth.flags, isStaffCustomer(customerId));
  if (roles.some((role) => !grantable.includes(role)))
    throw refuse(400, 'roles', FIELD_REFUSALS.roleNotGrantable);
  return [...roles];
}

export async function userRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  /**
   * The user the caller names, if the caller may manage them: others' users are not confirmed to
   * exist. `tenant` narrows the search to one customer's users (the staff routes name staff).
   */
  async function managedUser(request: FastifyRequest, id: string, tenant?: Tenant): Promise<UserRow> {
    const auth = requireAuth(request);
    const scope = tenant ?? (can(auth.flags, 'customers.manageAll') ? null : tenantOf(request));
    const user = await findUserOfCustomer(app.db, id, scope);
    if (!user) throw notFound(REFUSALS.noSuchUser);
    if (!canManageUsersOf(auth.flags, isStaffCustomer(user.customerId))) throw forbidden();
    return user;
  }

  /**
   * Applies a change to one user unless it leaves their customer without a manager who can act
   * (staff without a master), or a master would lock themselves out; the customer's users are
   * locked so two changes cannot both pass.
   */
  async function changeUser(
    request: FastifyRequest,
    auth: AuthContext,
    user: UserRow,
    change: Partial<Pick<UserRow, 'roles' | 'active'>>,
    activity: { from: string; to: string },
  ): Promise<UserListItem> {
    const staff = isStaffCustomer(user.customerId);
    if (staff && user.id === auth.user.id && locksMasterOut(change))
      throw new HttpError(
        409,
        change.active === false ? FIELD_REFUSALS.deactivateSelf : FIELD_REFUSALS.ownMasterRole,
      );
    const changed = await app.db.transaction(async (tx) => {
      const everyone = await lockUsersOfCustomer(tx, user.customerId);
      const asManaging = ({ id, roles, active, passwordHash }: (typeof everyone)[number]) => ({
        id,
        roles,
        active,
        signedUp: passwordHash !== null,
      });
      const after = asManaging({ ...user, ...change });
      if (!leavesAManager(everyone.map(asManaging), after, managingRole(staff)))
        throw new HttpError(409, staff ? FIELD_REFUSALS.lastMaster : FIELD_REFUSALS.lastManager);
      await updateUser(tx, user.id, change);
      if (change.active === false) {
        // Its sessions end now; deleting them announces it to every replica's session cache.
        await endSessionsOf(tx, user.id);
        await expireLinksOf(tx, user.id, app.now());
        await revokeTokensMadeBy(tx, user.id, app.now());
      }
      await appendActivity(tx, request, auth, 'user.change', user.customerId, {
        target: user.email,
        ...activity,
      });
      return listedUser(tx, user.id);
    });
    return toListItem(changed);
  }

  /**
   * Counts an invitation against the inviter's hourly allowance and the address's mail cap, the
   * one every mail to a typed address has; refused with 429 once either is used up.
   */
  async function assertMayInvite(auth: AuthContext, to: string) {
    const inviter = (auth.impersonator ?? auth.user).id;
    const { current } = await countHit(app.db, `invitations-by|${inviter}`, HOUR_MS, app.now());
    if (current > INVITATIONS_PER_HOUR) throw new HttpError(429, FIELD_REFUSALS.invitationsPerHour);
    if (!(await app.mailer.hasRoomFor(to))) throw new HttpError(429, FIELD_REFUSALS.recipientMailCap);
  }

  /** A new set-password link for an invited user (older ones stop working) and the mail carrying it. */
  async function sendInvitation(
    tx: Pick<Database, 'insert' | 'update'>,
    auth: AuthContext,
    user: Pick<UserRow, 'id' | 'email' | 'name' | 'language'>,
    company: string,
  ) {
    const now = app.now();
    const { token, id } = newLinkToken();
    await expireLinksOf(tx, user.id, now);
    await insertLink(tx, {
      id,
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LINK_VALID_MINUTES * 60_000),
    });
    return invitationMail(user.language, {
      to: user.email,
      name: user.name,
      inviter: (auth.impersonator ?? auth.user).name,
      company,
      url: `${options.publicUrl}${sitePath(user.language, '/set-password')}?token=${encodeURIComponent(token)}`,
      validMinutes: INVITATION_LINK_VALID_MINUTES,
    });
  }

  async function listUsers(tenant: Tenant, filters: Parameters<typeof listUsersPage>[2]) {
    const page = await listUsersPage(app.db, tenant, filters);
    return { data: page.rows.map(toListItem), next_cursor: page.nextCursor, ...pageTotal(page.total) };
  }

  /** Creates an invited user of the tenant with the roles asked for and mails them their link. */
  async function inviteUser(request: FastifyRequest, auth: AuthContext, tenant: Tenant, body: Invitation) {
    const { customerId } = tenant;
    if (!canManageUsersOf(auth.flags, isStaffCustomer(customerId))) throw forbidden();
    const { name, email, language } = body;
    const roles = checkGrantable(auth, customerId, body.roles);
    const customer = await findCustomer(app.db, customerId);
    if (!customer) throw notFound(REFUSALS.noSuchCustomer);
    if (await findUserByEmail(app.db, email)) throw refuse(409, 'email', FIELD_REFUSALS.userAddressTaken);
    await assertMayInvite(auth, email);
    try {
      const { invited, mail } = await app.db.transaction(async (tx) => {
        const user = await insertInvitedUser(tx, tenant, { email, name, language, roles });
        const mail = await sendInvitation(tx, auth, user, customer.companyName);
        await appendActivity(tx, request, auth, 'user.change', customerId, {
          target: email,
          from: null,
          to: `invited as ${rolesText(roles)}`,
        });
        return { invited: await listedUser(tx, user.id), mail };
      });
      await app.mailer.queue([mail], request.log);
      return toListItem(invited);
    } catch (error) {
      // Another request took the address between the check and the insert.
      if (isUniqueViolation(error)) throw refuse(409, 'email', FIELD_REFUSALS.userAddressTaken);
      throw error;
    }
  }

  function changeRoles(request: FastifyRequest, auth: AuthContext, user: UserRow, asked: readonly Role[]) {
    const roles = checkGrantable(auth, user.customerId, asked);
    return changeUser(request, auth, user, { roles }, { from: rolesText(user.roles), to: rolesText(roles) });
  }

  const deactivate = (request: FastifyRequest, auth: AuthContext, user: UserRow) =>
    changeUser(request, auth, user, { active: false }, { from: 'active', to: 'deactivated' });

  const reactivate = (request: FastifyRequest, auth: AuthContext, user: UserRow) =>
    changeUser(request, auth, user, { active: true }, { from: 'deactivated', to: 'active' });

  async function resendInvitation(request: FastifyRequest, auth: AuthContext, user: UserRow) {
    if (user.passwordHash !== null || !user.active) throw new HttpError(409, FIELD_REFUSALS.notInvited);
    const customer = await findCustomer(app.db, user.customerId);
    if (!customer) throw notFound(REFUSALS.noSuchCustomer);
    await assertMayInvite(auth, user.email);
    const { resent, mail } = await app.db.transaction(async (tx) => {
      const mail = await sendInvitation(tx, auth, user, customer.companyName);
      return { resent: await listedUser(tx, user.id), mail };
    });
    await app.mailer.queue([mail], request.log);
    return toListItem(resent);
  }

  implement(app, contract.users, {
    async list(request) {
      return listUsers(tenantOf(request), request.query);
    },
    async info(request) {
      const scope = can(requireAuth(request).flags, 'customers.readAll') ? null : tenantOf(request);
      const user = await findUserOfCustomer(app.db, request.params.id, scope);
      if (!user) throw notFound(REFUSALS.noSuchUser);
      return { name: user.name };
    },
    async invite(request) {
      return inviteUser(request, requireAuth(request), tenantOf(request), request.body);
    },
    async changeRoles(request) {
      const auth = requireAuth(request);
      return changeRoles(request, auth, await managedUser(request, request.params.id), request.body.roles);
    },
    async deactivate(request) {
      return deactivate(request, requireAuth(request), await managedUser(request, request.params.id));
    },
    async reactivate(request) {
      return reactivate(request, requireAuth(request), await managedUser(request, request.params.id));
    },
    async resendInvitation(request) {
      return resendInvitation(request, requireAuth(request), await managedUser(request, request.params.id));
    },
    async billingContacts(request) {
      const { att_name, att_email, billing_email_cc } = request.body;
      const saved = await updateBillingContacts(app.db, tenantOf(request), {
        attName: att_name,
        attEmail: att_email,
        billingEmailCc: billing_email_cc ?? null,
      });
      if (!saved) throw notFound(REFUSALS.noSuchCustomer);
      return { att_name, att_email, billing_email_cc: saved.billingEmailCc };
    },
  });

  // Masters manage staff here without naming the admin pseudo-customer; a customer's user is a 404.
  const staff = checkedTenant(brand.adminCustomer.id);
  implement(app, contract.staff, {
    async list(request) {
      requireAuth(request);
      return listUsers(staff, request.query);
    },
    async invite(request) {
      return inviteUser(request, requireAuth(request), staff, request.body);
    },
    async changeRoles(request) {
      const auth = requireAuth(request);
      return changeRoles(
        request,
        auth,
        await managedUser(request, request.params.id, staff),
        request.body.roles,
      );
    },
    async deactivate(request) {
      return deactivate(request, requireAuth(request), await managedUser(request, request.params.id, staff));
    },
    async reactivate(request) {
      return reactivate(request, requireAuth(request), await managedUser(request, request.params.id, staff));
    },
    async resendInvitation(request) {
      return resendInvitation(
        request,
        requireAuth(request),
        await managedUser(request, request.params.id, staff),
      );
    },
  });
}
