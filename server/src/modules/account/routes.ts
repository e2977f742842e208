import { brand } from '@tidewatch/content';
import {
  contract,
  FIELD_REFUSALS,
  MAIL_CATEGORIES,
  type MailCategory,
  type MailPreferences,
  REFUSALS,
} from '@tidewatch/contract';
import { matchTotpStep, newTotpSecret, totpUri } from '@tidewatch/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, requireOwnSession } from '../../core/access';
import { implement } from '../../core/route';
import { idleTimeoutMs } from '../../core/session-policy';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import {
  deleteRecoveryCodes,
  failureThrottle,
  hashPassword,
  issueRecoveryCodes,
  LOGIN_THROTTLE,
  verifyPassword,
} from '../auth';
import { optedOut, setOptOuts } from '../mail';
import { type SecondFactors, secondFactorsOf, twoFactorRequiredFor } from '../two-factor';
import { endSessionsOf, toUserRecord, updateUser } from '../users';
import { endOtherSession, sessionsOfUser } from './repository';

const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

export async function accountRoutes(app: FastifyInstance) {
  // Each check of the current password is a guess at it: one allowance per account, as at sign-in.
  const passwordChecks = failureThrottle(app, {
    windowMs: LOGIN_THROTTLE.windowMs,
    refusal: REFUSALS.tooManyWrongPasswords,
    limits: [
      {
        max: LOGIN_THROTTLE.perAccount,
        key: (request) => (request.auth ? `password-check:user:${request.auth.user.id}` : null),
      },
    ],
  });

  /** Refuses a wrong password of the signed-in user in the form's `field`, counting the failure. */
  async function assertOwnPassword(
    request: FastifyRequest,
    password: string,
    field: string,
    refusal: string,
  ) {
    const auth = requireOwnSession(request);
    await passwordChecks.assertAllowed(request);
    if (await verifyPassword(auth.user.passwordHash, password)) return;
    await passwordChecks.countFailure(request);
    throw fieldError(field, refusal);
  }

  async function secondFactorsOfCaller(userId: string): Promise<SecondFactors> {
    const factors = (await secondFactorsOf(app.db, [userId])).get(userId);
    if (!factors) throw notFound(REFUSALS.noSuchUser);
    return factors;
  }

  /** Each kind of mail: on unless the address stopped it. */
  async function mailPreferencesOf(email: string): Promise<MailPreferences> {
    const stopped = await optedOut(app.db, [email]);
    const address = email.toLowerCase();
    return Object.fromEntries(
      MAIL_CATEGORIES.map((category) => [category, !stopped.has(`${address}|${category}`)]),
    ) as MailPreferences;
  }

  implement(app, contract.account, {
    async mailPreferences(request) {
      return mailPreferencesOf(requireAuth(request).user.email);
    },

    async setMailPreferences(request) {
      const { email } = requireAuth(request).user;
      const change = Object.entries(request.body) as [MailCategory, boolean][];
      await setOptOuts(
        app.db,
        email,
        {
          stop: change.filter(([, on]) => !on).map(([category]) => category),
          start: change.filter(([, on]) => on).map(([category]) => category),
        },
        app.now(),
      );
      return mailPreferencesOf(email);
    },

    async updateProfile(request) {
      const auth = requireAuth(request);
      const updated = await updateUser(app.db, auth.user.id, request.body);
      if (!updated) throw notFound(REFUSALS.noSuchUser);
      return toUserRecord(updated);
    },

    async changePassword(request) {
      const auth = requireOwnSession(request);
      const { current_password, new_password } = request.body;
      await assertOwnPassword(
        request,
        current_password,
        'current_password',
        FIELD_REFUSALS.notCurrentPassword,
      );
      if (new_password.toLowerCase() === auth.user.email.toLowerCase()) {
        throw fieldError('new_password', FIELD_REFUSALS.passwordIsEmail);
      }
      await updateUser(app.db, auth.user.id, { passwordHash: await hashPassword(new_password) });
      await endSessionsOf(app.db, auth.user.id, auth.sessionId);
    },

    async sessions(request) {
      const auth = requireOwnSession(request);
      const now = app.now().getTime();
      const rows = await sessionsOfUser(app.db, auth.user.id);
      return rows
        .filter((row) => {
          const idleMs = idleTimeoutMs(auth.isStaff || row.impersonatorId !== null);
          return row.expiresAt.getTime() > now && now - row.lastSeenAt.getTime() < idleMs;
        })
        .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())
        .map((row) => {
          // A staff member's address and browser are theirs, not the customer's to see.
          const staff = row.impersonatorId !== null;
          return {
            id: row.publicId,
            created: row.createdAt.toISOString(),
            last_seen: row.lastSeenAt.toISOString(),
            ip: staff ? null : row.ip,
            user_agent: staff ? null : row.userAgent,
            current: row.id === auth.sessionId,
            staff,
          };
        });
    },

    async endSession(request) {
      const auth = requireOwnSession(request);
      if (!(await endOtherSession(app.db, auth.user.id, request.params.id, auth.sessionId)))
        throw notFound(REFUSALS.noSuchSession);
    },

    async endOtherSessions(request) {
      const auth = requireOwnSession(request);
      await endSessionsOf(app.db, auth.user.id, auth.sessionId);
    },

    async startTotp(request) {
      const auth = requireOwnSession(request);
      if (auth.user.totpEnabledAt) throw conflict(REFUSALS.twoFactorOnTurnOffFirst);
      const secret = newTotpSecret();
      await updateUser(app.db, auth.user.id, { totpPendingSecret: app.totpBox.seal(secret) });
      return { secret, uri: totpUri(secret, auth.user.email, brand.product) };
    },

    async confirmTotp(request) {
      const auth = requireOwnSession(request);
      if (auth.user.totpEnabledAt) throw conflict(REFUSALS.twoFactorOn);
      if (!auth.user.totpPendingSecret) throw conflict(REFUSALS.startEnrolmentFirst);
      const now = app.now();
      const step = matchTotpStep(
        app.totpBox.open(auth.user.totpPendingSecret),
        request.body.code,
        now.getTime(),
      );
      if (step === null) {
        throw fieldError('code', FIELD_REFUSALS.enrolmentCodeWrong);
      }
      await updateUser(app.db, auth.user.id, {
        totpSecret: auth.user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: now,
        totpLastStep: step,
      });
      return { recovery_codes: await issueRecoveryCodes(app.db, auth.user.id) };
    },

    async disableTotp(request) {
      const auth = requireOwnSession(request);
      await assertOwnPassword(request, request.body.password, 'password', FIELD_REFUSALS.notYourPassword);
      const factors = await secondFactorsOfCaller(auth.user.id);
      if (factors.passkeys === 0 && (await twoFactorRequiredFor(app, auth.user))) {
        throw conflict(REFUSALS.onlySecondFactorRequired);
      }
      await updateUser(app.db, auth.user.id, {
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
      });
      // Recovery codes stand in for a second factor: with a passkey left, they stay.
      if (factors.passkeys === 0) await deleteRecoveryCodes(app.db, auth.user.id);
    },

    async secondFactors(request) {
      const { totp, passkeys, recoveryCodesLeft } = await secondFactorsOfCaller(requireAuth(request).user.id);
      return { totp, passkeys, recovery_codes_left: recoveryCodesLeft };
    },

    async regenerateRecoveryCodes(request) {
      const auth = requireOwnSession(request);
      await assertOwnPassword(request, request.body.password, 'password', FIELD_REFUSALS.notYourPassword);
      const { totp, passkeys } = await secondFactorsOfCaller(auth.user.id);
      if (!totp && passkeys === 0) throw conflict(REFUSALS.noSecondFactorForRecoveryCodes);
      return { recovery_codes: await issueRecoveryCodes(app.db, auth.user.id) };
    },
  });
}
