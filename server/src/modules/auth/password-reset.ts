import { createHash, randomBytes } from 'node:crypto';
import { contract, FIELD_REFUSALS } from '@tidewatch/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { passwordResetTokens, sessions, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { implement } from '../../lib/route';
import { passwordResetMail } from '../mail/templates';
import { findUserByEmail } from '../users/repository';
import { hashPassword } from './passwords';

/** How long a mailed link works, and how often one address may ask for links. */
export const PASSWORD_RESET = { validMinutes: 60, perAddress: 5, windowMs: 15 * 60_000 } as const;

const tokenIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The site's address for a user's language: English at the root, Danish under /da. */
export const sitePath = (language: 'en' | 'da', path: string) => `${language === 'da' ? '/da' : ''}${path}`;

/** Stores a new single-use token for the user and answers the set-password address that carries it. */
export async function issueSetPasswordLink(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'language'>,
  publicUrl: string,
  validMinutes: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = app.now();
  await app.db.insert(passwordResetTokens).values({
    id: tokenIdOf(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + validMinutes * 60_000),
  });
  return `${publicUrl}${sitePath(user.language, '/set-password')}?token=${encodeURIComponent(token)}`;
}

const invalidLink = () => new HttpError(400, FIELD_REFUSALS.linkUsed, { token: [FIELD_REFUSALS.linkUsed] });

export async function passwordRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  implement(
    app,
    contract.passwords,
    {
      async forgot(request) {
        const user = await findUserByEmail(app.db, request.body.email);
        // The answer is the same either way; only an existing, active account gets mail.
        if (!user?.active) return;
        const url = await issueSetPasswordLink(app, user, options.publicUrl, PASSWORD_RESET.validMinutes);
        await app.mailer.send(
          passwordResetMail(user.language, {
            to: user.email,
            name: user.name,
            url,
            validMinutes: PASSWORD_RESET.validMinutes,
          }),
        );
      },

      async reset(request) {
        const { token, password } = request.body;
        const now = app.now();
        // Claiming the token and checking it are one statement, so a link works exactly once.
        const [claimed] = await app.db
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.id, tokenIdOf(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!claimed) throw invalidLink();
        const [user] = await app.db.select().from(users).where(eq(users.id, claimed.userId));
        if (!user?.active) throw invalidLink();
        if (password.toLowerCase() === user.email.toLowerCase()) {
          throw new HttpError(400, FIELD_REFUSALS.passwordIsEmail, {
            password: [FIELD_REFUSALS.passwordIsEmail],
          });
        }
        await app.db
          .update(users)
          .set({ passwordHash: await hashPassword(password) })
          .where(eq(users.id, user.id));
        // Whoever asked for the link may not be the only one with the old password.
        await app.db.delete(sessions).where(eq(sessions.userId, user.id));
      },
    },
    { forgot: { rateLimit: { max: PASSWORD_RESET.perAddress, timeWindow: PASSWORD_RESET.windowMs } } },
  );
}
