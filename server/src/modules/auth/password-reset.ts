import { contract, FIELD_REFUSALS, REFUSALS } from '@tidewatch/contract';
import { PASSWORD_LINK_VALID_MINUTES } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import { signsInThroughProviderOnly } from '../../core/company-sign-in';
import { implement } from '../../core/route';
import { HttpError } from '../../lib/http-error';
import { newLinkToken, sitePath, tokenIdOf } from '../../lib/link-tokens';
import { noAccountMail, passwordResetMail } from '../mail';
import { endSessionsOf, expireLinksOf, findUserByEmail, updateUser } from '../users';
import { failureThrottle } from './failure-throttle';
import { hashPassword } from './passwords';
import { claimResetToken, holderOfResetToken, insertResetTokenOfAddress } from './repository';

/** How long a mailed link works, and how often one address may ask for links and use them. */
export const PASSWORD_RESET = {
  validMinutes: PASSWORD_LINK_VALID_MINUTES,
  perAddress: 5,
  /** Refused uses of links (unknown, used or expired, or a refused password): a working link is not a guess. */
  resetsPerAddress: 20,
  windowMs: 15 * 60_000,
} as const;

const invalidLink = () => new HttpError(400, FIELD_REFUSALS.linkUsed, { token: [FIELD_REFUSALS.linkUsed] });

export async function passwordRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  // Only refusals count, as for sign-ins (decision 0020): an address that guesses links is stopped
  // before a hash is spent, and a household that resets many passwords is not.
  const resetThrottle = failureThrottle(app, {
    windowMs: PASSWORD_RESET.windowMs,
    refusal: REFUSALS.tooManyResetTries,
    limits: [{ max: PASSWORD_RESET.resetsPerAddress, key: (request) => `reset:address:${request.ip}` }],
  });
  implement(
    app,
    contract.passwords,
    {
      async forgot(request) {
        const { email, language } = request.body;
        const now = app.now();
        const user = await findUserByEmail(app.db, email);
        // Passwords are off for the customer's users ("SSO only"): there is nothing to reset, so nothing is sent.
        if (user && (await signsInThroughProviderOnly(app.db, user.customerId))) return;
        const { token, id } = newLinkToken();
        // Known and unknown addresses cost the same: one lookup, one insert (of no row when no
        // active account holds the address), one mail queued, and delivery off the request.
        await insertResetTokenOfAddress(app.db, {
          id,
          email,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PASSWORD_RESET.validMinutes * 60_000),
        });
        const mail = user?.active
          ? passwordResetMail(user.language, {
              to: user.email,
              name: user.name,
              url: `${options.publicUrl}${sitePath(user.language, '/set-password')}?token=${encodeURIComponent(token)}`,
              validMinutes: PASSWORD_RESET.validMinutes,
            })
          : noAccountMail(user?.language ?? language, {
              to: email,
              signUpUrl: `${options.publicUrl}${sitePath(user?.language ?? language, '/sign-up')}`,
            });
        await app.mailer.queue([mail], request.log, { capped: true });
      },

      async reset(request) {
        await resetThrottle.assertAllowed(request);
        const { token, password } = request.body;
        const now = app.now();
        const tokenId = tokenIdOf(token);
        const holder = await holderOfResetToken(app.db, tokenId, now);
        if (!holder?.active) {
          await resetThrottle.countFailure(request);
          throw invalidLink();
        }
        // A refused password leaves the link usable, so the person can try again with it.
        if (password.toLowerCase() === holder.email.toLowerCase()) {
          await resetThrottle.countFailure(request);
          throw new HttpError(400, FIELD_REFUSALS.passwordIsEmail, {
            password: [FIELD_REFUSALS.passwordIsEmail],
          });
        }
        const passwordHash = await hashPassword(password);
        await app.db.transaction(async (tx) => {
          // Claiming the token and checking it are one statement, so a link works exactly once.
          const userId = await claimResetToken(tx, tokenId, now);
          if (!userId) {
            await resetThrottle.countFailure(request);
            throw invalidLink();
          }
          await updateUser(tx, userId, { passwordHash });
          // Older links die with the old password, and so do the sessions opened with it.
          await expireLinksOf(tx, userId, now);
          await endSessionsOf(tx, userId);
        });
      },
    },
    {
      forgot: { rateLimit: { max: PASSWORD_RESET.perAddress, timeWindow: PASSWORD_RESET.windowMs } },
    },
  );
}
