import { TERMS_VERSION } from '@tidewatch/content';
import { contract, FIELD_REFUSALS } from '@tidewatch/contract';
import { SIGN_UP_LINK_VALID_MINUTES } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../core/route';
import { isUniqueViolation } from '../../lib/db-errors';
import { filledByBot } from '../../lib/honeypot';
import { HttpError } from '../../lib/http-error';
import { newLinkToken, sitePath, tokenIdOf } from '../../lib/link-tokens';
import { hashPassword } from '../auth';
import { freeCustomerId, vatFieldsFor } from '../customers';
import { accountExistsMail, signUpVerificationMail } from '../mail';
import { findUserByEmail } from '../users';
import { claimSignUp, findUsableSignUp, savePendingSignUp } from './repository';

export const SIGN_UP = {
  trialDays: 30,
  trialPlan: 'basic',
  linkValidMinutes: SIGN_UP_LINK_VALID_MINUTES,
  perAddress: 5,
  /** Each confirmation costs a password hash; as many tries as the set-password page allows. */
  confirmationsPerAddress: 20,
  windowMs: 60 * 60_000,
} as const;

const invalidLink = () => new HttpError(400, FIELD_REFUSALS.linkUsed, { token: [FIELD_REFUSALS.linkUsed] });

export async function signUpRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  implement(
    app,
    contract.signUp,
    {
      async create(request) {
        if (filledByBot(request)) return;
        const { website: _honeypot, ...form } = request.body;
        const now = app.now();
        const owner = await findUserByEmail(app.db, form.email);
        const { token, id } = newLinkToken();
        // Kept for a known address too, so both answers cost the same; its link is never mailed.
        await savePendingSignUp(app.db, {
          id,
          email: form.email,
          form,
          // The form cannot arrive without the terms accepted: these terms, now.
          termsVersion: TERMS_VERSION,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SIGN_UP.linkValidMinutes * 60_000),
        });
        const mail = owner
          ? accountExistsMail(owner.language, {
              to: form.email,
              loginUrl: `${options.publicUrl}${sitePath(owner.language, '/login')}`,
            })
          : signUpVerificationMail(form.language, {
              to: form.email,
              url: `${options.publicUrl}${sitePath(form.language, '/confirm-sign-up')}?token=${encodeURIComponent(token)}`,
              validMinutes: SIGN_UP.linkValidMinutes,
            });
        await app.mailer.queue([mail], request.log, { capped: true });
      },

      async confirm(request) {
        const { token, password } = request.body;
        const now = app.now();
        const pending = await findUsableSignUp(app.db, tokenIdOf(token), now);
        if (!pending) throw invalidLink();
        // A refused password leaves the link usable, so the person can try again with it.
        if (password.toLowerCase() === pending.email.toLowerCase()) {
          throw new HttpError(400, FIELD_REFUSALS.passwordIsEmail, {
            password: [FIELD_REFUSALS.passwordIsEmail],
          });
        }
        const { form } = pending;
        const passwordHash = await hashPassword(password);
        const customerId = await freeCustomerId(app.db, form.company_name);
        try {
          const claimed = await claimSignUp(app.db, pending.id, now, {
            customer: {
              id: customerId,
              companyName: form.company_name,
              alertEmail: form.alert_email,
              attName: form.name,
              attEmail: form.email,
              billingAddress: [form.address, `${form.zipcode} ${form.city}`, form.state]
                .filter(Boolean)
                .join('\n'),
              billingCountry: form.country,
              billingEmail: form.billing_email,
              billingEmailCc: form.billing_email_cc ?? null,
              billingLanguage: form.invoice_language,
              timezone: form.timezone,
              ...vatFieldsFor(form.country, form.vat_id),
              trialPlan: SIGN_UP.trialPlan,
              trialEndsAt: new Date(now.getTime() + SIGN_UP.trialDays * 24 * 60 * 60_000),
              convertsToPlan: form.plan ?? null,
              termsVersion: pending.termsVersion,
              termsAcceptedAt: pending.termsVersion ? pending.createdAt : null,
            },
            user: {
              email: form.email,
              name: form.name,
              language: form.language,
              passwordHash,
            },
          });
          if (!claimed) throw invalidLink();
        } catch (error) {
          // The address got an account since the sign-up (another sign-up, or staff added it).
          if (isUniqueViolation(error)) throw new HttpError(409, FIELD_REFUSALS.signUpAddressTaken);
          throw error;
        }
        request.log.info({ customerId }, 'customer signed up');
      },
    },
    {
      create: { rateLimit: { max: SIGN_UP.perAddress, timeWindow: SIGN_UP.windowMs } },
      confirm: { rateLimit: { max: SIGN_UP.confirmationsPerAddress, timeWindow: SIGN_UP.windowMs } },
    },
  );
}
