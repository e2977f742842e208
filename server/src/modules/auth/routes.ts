import { isStaffCustomer } from '@tidewatch/content';
import { contract, FIELD_REFUSALS, REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../core/access';
import { appendAudit } from '../../core/audit-log';
import { signsInThroughProviderOnly } from '../../core/company-sign-in';
import { implement } from '../../core/route';
import { mustEnrolSecondFactor } from '../../core/second-factor';
import { findCustomer } from '../../core/tenant';
import { conflict, forbidden, HttpError, notFound, unauthorised } from '../../lib/http-error';
import { findUserByEmail, findUserById } from '../users';
import { deviceCookies } from './device-cookie';
import { failureThrottle } from './failure-throttle';
import { verifyPassword } from './passwords';
import { reportRecoveryCodeUse } from './recovery-codes';
import { holdsPasskey } from './repository';
import { completeSignIn, endSession, rotateSession, toSessionData } from './service';
import { verifySecondFactor } from './totp';

/** Failed sign-ins allowed per window before 429 (decided in docs/decisions/0020-account-lockout.md). */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60_000,
  /** For browsers that never signed in to the account, together. */
  perAccount: 10,
  perAddress: 30,
  /** For each browser holding the account's device cookie, on its own. */
  perDevice: 10,
} as const;

const secondFactorRequired = (message: string) => new HttpError(401, message, { code: [message] });

const accountOf = (request: FastifyRequest) => (request.body as { email: string }).email.toLowerCase();

export async function authRoutes(
  app: FastifyInstance,
  options: { secret: string; secureCookies: boolean; publicUrl: string },
) {
  const devices = deviceCookies(options);
  /** The device cookie, when it was issued for the account this sign-in names. */
  const knownDevice = (request: FastifyRequest) => {
    const device = devices.read(request);
    return device?.account === accountOf(request) ? device : null;
  };
  // Strangers' failures lock the account for strangers only; a known browser keeps its own allowance.
  const signInThrottle = failureThrottle(app, {
    windowMs: LOGIN_THROTTLE.windowMs,
    refusal: REFUSALS.tooManySignIns,
    limits: [
      {
        max: LOGIN_THROTTLE.perAddress,
        key: (request) => (knownDevice(request) ? null : `login:address:${request.ip}`),
      },
      {
        max: LOGIN_THROTTLE.perAccount,
        key: (request) => (knownDevice(request) ? null : `login:account:${accountOf(request)}`),
      },
      {
        max: LOGIN_THROTTLE.perDevice,
        key: (request) => {
          const device = knownDevice(request);
          return device && `login:device:${device.id}`;
        },
      },
    ],
  });

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
      actorStaff: true,
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
        app.renewXsrfToken(request, reply, request.auth ? request.sessionToken : null);
        if (!request.auth) throw unauthorised();
        return toSessionData(request.auth, await mustEnrolSecondFactor(app, request.auth));
      },

      async status(request, reply) {
        // A visitor without a session cookie gets no cookie from looking at a page.
        if (request.sessionToken)
          app.renewXsrfToken(request, reply, request.auth ? request.sessionToken : null);
        return { signedIn: Boolean(request.auth) };
      },

      async xsrf(request, reply) {
        app.issueXsrfToken(reply, request.auth ? request.sessionToken : null);
      },

      async login(request, reply) {
        await signInThrottle.assertAllowed(request);
        const { email, password } = request.body;
        const user = await findUserByEmail(app.db, email);
        const valid = await verifyPassword(user?.active ? user.passwordHash : null, password);
        const customer = user && valid ? await findCustomer(app.db, user.customerId) : null;
        const countFailure = () => signInThrottle.countFailure(request);
        if (!user || !customer?.active) {
          await countFailure();
          throw unauthorised(REFUSALS.wrongEmailOrPassword);
        }
        // Said only to whoever knows the password: that the customer uses its provider is no secret to them.
        if (await signsInThroughProviderOnly(app.db, user.customerId)) {
          throw unauthorised(REFUSALS.useCompanySignIn);
        }
        // A passkey is a second factor too: its holder signs in with it, or with a recovery code.
        const passkeyHolder = !user.totpEnabledAt && (await holdsPasskey(app.db, user.id));
        if (user.totpEnabledAt || passkeyHolder) {
          // The code field is named in fieldErrors so the sign-in form can ask for it in place.
          const code = request.body.code;
          if (!code) {
            throw secondFactorRequired(
              user.totpEnabledAt ? FIELD_REFUSALS.signInCodeNeeded : FIELD_REFUSALS.signInPasskeyNeeded,
            );
          }
          const factor = await verifySecondFactor(app, user, code);
          if (!factor) {
            await countFailure();
            throw secondFactorRequired(FIELD_REFUSALS.signInCodeWrong);
          }
          if (factor === 'recovery-code') await reportRecoveryCodeUse(app, request, user, options.publicUrl);
        }
        return completeSignIn(app, request, reply, devices, { user, customer });
      },

      async logout(request, reply) {
        await endSession(app, request, reply);
      },

      async logoutWithRefreshToken(request, reply) {
        const refreshToken = request.body?.refresh_token;
        if (refreshToken) await app.financeTokens.revoke(refreshToken);
        await endSession(app, request, reply);
      },

      async financeTokens(request) {
        const auth = requireAuth(request);
        return app.financeTokens.issue({ id: auth.sessionId, expiresAt: auth.session.expiresAt });
      },

      async refreshFinanceTokens(request) {
        return app.financeTokens.refresh(request.body.refresh_token);
      },

      async impersonate(request, reply) {
        const auth = requireAuth(request);
        if (auth.impersonator) throw conflict(REFUSALS.stopImpersonationFirst);
        const target = await findUserById(app.db, request.body['user-id']);
        if (!target?.active) throw notFound(REFUSALS.noSuchUser);
        if (isStaffCustomer(target.customerId)) throw forbidden(REFUSALS.staffNotImpersonated);
        const customer = await findCustomer(app.db, target.customerId);
        if (!customer) throw notFound(REFUSALS.noSuchUser);
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
        if (!admin) throw conflict(REFUSALS.notImpersonating);
        const customer = await findCustomer(app.db, admin.customerId);
        if (!customer) throw notFound(REFUSALS.noSuchCustomer);
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
