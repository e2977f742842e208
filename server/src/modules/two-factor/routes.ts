import { contract, type SignInSecurity } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth, tenantOf } from '../../core/access';
import { appendActivity } from '../../core/audit-log';
import { implement } from '../../core/route';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import { customerRequiresTwoFactor, setCustomerRequiresTwoFactor, signInSecurityOf } from './repository';

async function signInSecurity(db: Pick<Database, 'select'>, tenant: Tenant): Promise<SignInSecurity> {
  const [requireTwoFactor, users] = await Promise.all([
    customerRequiresTwoFactor(db, tenant.customerId),
    signInSecurityOf(db, tenant),
  ]);
  return {
    require_two_factor: requireTwoFactor,
    users: users.map(({ recoveryCodesLeft, ...user }) => ({
      ...user,
      recovery_codes_left: recoveryCodesLeft,
    })),
  };
}

/** A customer's sign-in security: whether two-factor sign-in is required, and who has which factor. */
export async function twoFactorRoutes(app: FastifyInstance) {
  implement(app, contract.security, {
    async get(request) {
      return signInSecurity(app.db, tenantOf(request));
    },

    async set(request) {
      const auth = requireAuth(request);
      const tenant = tenantOf(request);
      const required = request.body.require_two_factor;
      return app.db.transaction(async (tx) => {
        if (await setCustomerRequiresTwoFactor(tx, tenant, required)) {
          await appendActivity(tx, request, auth, 'two_factor.require', tenant.customerId, {
            from: required ? 'off' : 'on',
            to: required ? 'on' : 'off',
          });
        }
        return signInSecurity(tx, tenant);
      });
    },
  });
}
