import { brand } from '@tidewatch/content';
import { contract, FIELD_REFUSALS, REFUSALS } from '@tidewatch/contract';
import { matchTotpStep, newTotpSecret, totpUri } from '@tidewatch/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, requireOwnSession } from '../../core/access';
import { implement } from '../../core/route';
import { idleTimeoutMs } from '../../core/session-policy';
import { sessions, users } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import {
  deleteRecoveryCodes,
  failureThrottle,
  hashPassword,
  issueRecoveryCodes,
  LOGIN_THROTTLE,
  verifyPassword,
} from '../auth';
import { toUserRecord } from '../users';

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

  /** Ends every session acting as the user (staff impersonations included) but the caller's. */
  async function endOtherSessionsOf(userId: string, currentSessionId: string) {
    await app.db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)));
  }

  implement(app, contract.account, {
    async updateProfile(request) {
      const auth = requireAuth(request);
      const [updated] = await app.db
        .update(users)
        .set(request.body)
        .where(eq(users.id, auth.user.id))
        .returning();
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
      await app.db
        .update(users)
        .set({ passwordHash: await hashPassword(new_password) })
        .where(eq(users.id, auth.user.id));
      await endOtherSessionsOf(auth.user.id, auth.sessionId);
    },

    async sessions(request) {
      const auth = requireOwnSession(request);
      const now = app.now().getTime();
      const rows = await app.db.select().from(sessions).where(eq(sessions.userId, auth.user.id));
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
      const ended = await app.db
        .delete(sessions)
        .where(
          and(
            eq(sessions.publicId, request.params.id),
            eq(sessions.userId, auth.user.id),
            ne(sessions.id, auth.sessionId),
          ),
        )
        .returning({ id: sessions.id });
      if (ended.length === 0) throw notFound(REFUSALS.noSuchSession);
    },

    async endOtherSessions(request) {
      const auth = requireOwnSession(request);
      await endOtherSessionsOf(auth.user.id, auth.sessionId);
    },

    async startTotp(request) {
      const auth = requireOwnSession(request);
      if (auth.user.totpEnabledAt) throw conflict(REFUSALS.twoFactorOnTurnOffFirst);
      const secret = newTotpSecret();
      await app.db
        .update(users)
        .set({ totpPendingSecret: app.totpBox.seal(secret) })
        .where(eq(users.id, auth.user.id));
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
      await app.db
        .update(users)
        .set({
          totpSecret: auth.user.totpPendingSecret,
          totpPendingSecret: null,
          totpEnabledAt: now,
          totpLastStep: step,
        })
        .where(eq(users.id, auth.user.id));
      return { recovery_codes: await issueRecoveryCodes(app.db, auth.user.id) };
    },

    async disableTotp(request) {
      const auth = requireOwnSession(request);
      await assertOwnPassword(request, request.body.password, 'password', FIELD_REFUSALS.notYourPassword);
      await app.db
        .update(users)
        .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
        .where(eq(users.id, auth.user.id));
      await deleteRecoveryCodes(app.db, auth.user.id);
    },
  });
}
