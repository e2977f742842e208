import { isStaffCustomer } from '@tidewatch/content';
import { contract, FIELD_REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict, forbidden, HttpError, notFound, unauthorised } from '../../lib/http-error';
import { implement } from '../../lib/route';
import { requireAuth } from '../../plugins/access';
import { verifySecondFactor } from '../account/totp';
import { findCustomer } from '../customers/repository';
import { findUserByEmail, findUserById } from '../users/repository';
import { appendAudit } from './audit-repository';
import { verifyPassword } from './passwords';
import { endSession, rotateSession, toSessionData } from './service';

/** Failed sign-ins allowed per window before 429 (decided in docs/decisions/0004-sessions-and-xsrf.md). */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60_000,
  perAccount: 10,
  perAddress: 30,
} as const;

const secondFactorRequired = (message: string) => new HttpError(401, message, { code: [message] });

export async function authRoutes(app: FastifyInstance) {
  const loginLimits = [
    app.createRateLimit({
      max: LOGIN_THROTTLE.perAddress,
      timeWindow: LOGIN_THROTTLE.windowMs,
      keyGenerator: (request) => `login:address:${request.ip}`,
    }),
    app.createRateLimit({
      max: LOGIN_THROTTLE.perAccount,
      timeWindow: LOGIN_THROTTLE.windowMs,
      keyGenerator: (request) => `login:account:${(request.body as { email: string }).email.toLowerCase()}`,
    }),
  ];

  /** Only failures count; a throttled caller learns when to come back, not whether the account exists. */
  async function assertNotThrottled(request: FastifyRequest) {
    for (const limit of loginLimits) {
      const result = await limit(request, { increment: false });
      // Only failures are counted, so the limit is reached when none remain.
      if (!result.isAllowed && result.remaining === 0) {
        const minutes = Math.ceil(result.ttlInSeconds / 60);
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          undefined,
          { 'retry-after': String(result.ttlInSeconds) },
        );
      }
    }
  }

  async function auditImpersonation(
    request: FastifyRequest,
    action: 'impersonation.start' | 'impersonation.stop',
    admin: { id: string; email: string },
    subject: { id: string; email: string; customerId: string },
    reason: string | null,
  ) {
    await appendAudit(app.db, {
      at: app.now(),
      action,
      actorId: admin.id,
      actorEmail: admin.email,
      subjectId: subject.id,
      subjectEmail: subject.email,
      subjectCustomerId: subject.customerId,
      reason,
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      status: 200,
      ip: request.ip,
      requestId: request.id,
    });
  }

  implement(
    app,
    contract.auth,
    {
      async session(request, reply) {
        app.issueXsrfToken(reply, request.auth ? request.sessionToken : null);
        if (!request.auth) throw unauthorised();
        return toSessionData(request.auth);
      },

      async status(request, reply) {
        app.issueXsrfToken(reply, request.auth ? request.sessionToken : null);
        return { signedIn: Boolean(request.auth) };
      },

      async login(request, reply) {
        await assertNotThrottled(request);
        const { email, password } = request.body;
        const user = await findUserByEmail(app.db, email);
        const valid = await verifyPassword(user?.active ? user.passwordHash : null, password);
        const customer = user && valid ? await findCustomer(app.db, user.customerId) : null;
        const countFailure = () => Promise.all(loginLimits.map((limit) => limit(request)));
        if (!user || !customer?.active) {
          await countFailure();
          throw unauthorised('Wrong email or password');
        }
        if (user.totpEnabledAt) {
          // The code field is named in fieldErrors so the sign-in form can ask for it in place.
          const code = request.body.code;
          if (!code) throw secondFactorRequired(FIELD_REFUSALS.signInCodeNeeded);
          if (!(await verifySecondFactor(app, user, code))) {
            await countFailure();
            throw secondFactorRequired(FIELD_REFUSALS.signInCodeWrong);
          }
        }
        return rotateSession(app, request, reply, {
          user,
          customer,
          isStaff: isStaffCustomer(user.customerId),
        });
      },

      async logout(request, reply) {
        await endSession(app, request, reply);
      },

      async logoutWithRefreshToken(request, reply) {
        await endSession(app, request, reply);
      },

      async impersonate(request, reply) {
        const auth = requireAuth(request);
        if (auth.impersonator) throw conflict('Stop the current impersonation first');
        const target = await findUserById(app.db, request.body['user-id']);
        if (!target?.active) throw notFound('No such user');
        if (isStaffCustomer(target.customerId)) throw forbidden('Staff accounts cannot be impersonated');
        const customer = await findCustomer(app.db, target.customerId);
        if (!customer) throw notFound('No such user');
        const { reason } = request.body;
        await auditImpersonation(request, 'impersonation.start', auth.user, target, reason);
        await rotateSession(app, request, reply, {
          user: target,
          customer,
          isStaff: false,
          impersonator: auth.user,
          reason,
          expiresAt: auth.session.expiresAt,
        });
        return { 'customer/id': target.customerId };
      },

      async stopImpersonating(request, reply) {
        const auth = requireAuth(request);
        const admin = auth.impersonator;
        if (!admin) throw conflict('You are not impersonating anyone');
        const customer = await findCustomer(app.db, admin.customerId);
        if (!customer) throw notFound('No such customer');
        await auditImpersonation(
          request,
          'impersonation.stop',
          admin,
          auth.user,
          auth.session.impersonationReason,
        );
        return rotateSession(app, request, reply, {
          user: admin,
          customer,
          isStaff: true,
          expiresAt: auth.session.expiresAt,
        });
      },
    },
    { impersonate: { audit: false }, stopImpersonating: { audit: false } },
  );
}
