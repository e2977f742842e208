import { randomInt } from 'node:crypto';
import { brand } from '@tidewatch/content';
import { contract } from '@tidewatch/contract';
import { customerIdCandidate, vatRateFor } from '@tidewatch/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { customers, users } from '../../db/schema';
import { filledByBot } from '../../lib/honeypot';
import { implement } from '../../lib/route';
import { issueSetPasswordLink, sitePath } from '../auth/password-reset';
import { sendOrLog } from '../mail/mailer';
import { accountExistsMail, welcomeMail } from '../mail/templates';
import { findUserByEmail } from '../users/repository';

export const SIGN_UP = {
  trialDays: 30,
  trialPlan: 'basic',
  /** A welcome link may wait a day in an inbox. */
  linkValidMinutes: 24 * 60,
  perAddress: 5,
  windowMs: 60 * 60_000,
} as const;

const UNIQUE_VIOLATION = '23505';

export async function signUpRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  async function freeCustomerId(companyName: string): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const id = customerIdCandidate(companyName, String(randomInt(100, 1000)));
      const [taken] = await app.db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
      if (!taken) return id;
    }
    throw new Error('no free customer id');
  }

  async function tellOwner(email: string, log: FastifyBaseLogger) {
    const owner = await findUserByEmail(app.db, email);
    const language = owner?.language ?? 'en';
    await sendOrLog(app.mailer, log, [
      accountExistsMail(language, {
        to: email,
        loginUrl: `${options.publicUrl}${sitePath(language, '/login')}`,
      }),
    ]);
  }

  implement(
    app,
    contract.signUp,
    {
      async create(request) {
        const body = request.body;
        if (filledByBot(request)) return;
        // Same answer whether or not the address has an account: its owner is told by mail instead.
        if (await findUserByEmail(app.db, body.email)) return tellOwner(body.email, request.log);

        const now = app.now();
        const vatId = body.vat_id?.replace(/[\s.-]/g, '').toUpperCase();
        const customerId = await freeCustomerId(body.company_name);
        let user: typeof users.$inferSelect;
        try {
          user = await app.db.transaction(async (tx) => {
            await tx.insert(customers).values({
              id: customerId,
              companyName: body.company_name,
              alertEmail: body.alert_email,
              attName: body.name,
              attEmail: body.email,
              billingAddress: [body.address, `${body.zipcode} ${body.city}`, body.state]
                .filter(Boolean)
                .join('\n'),
              billingCountry: body.country,
              billingEmail: body.billing_email,
              billingEmailCc: body.billing_email_cc ?? null,
              billingLanguage: body.invoice_language,
              timezone: body.timezone,
              vatId: vatId ?? null,
              vatRate: vatRateFor(
                { country: body.country, hasVatId: Boolean(vatId) },
                { country: brand.company.country, ratePercent: brand.company.vatRatePercent },
              ),
              trialPlan: SIGN_UP.trialPlan,
              trialEndsAt: new Date(now.getTime() + SIGN_UP.trialDays * 24 * 60 * 60_000),
            });
            const [created] = await tx
              .insert(users)
              .values({
                customerId,
                email: body.email,
                name: body.name,
                roles: ['customer_manager'],
                language: body.language,
              })
              .returning();
            if (!created) throw new Error('user was not created');
            return created;
          });
        } catch (error) {
          // Two sign-ups with one address at once: the second is answered like any known address.
          if (
            (error as { cause?: { code?: string }; code?: string }).cause?.code === UNIQUE_VIOLATION ||
            (error as { code?: string }).code === UNIQUE_VIOLATION
          ) {
            return tellOwner(body.email, request.log);
          }
          throw error;
        }
        const url = await issueSetPasswordLink(app, user, options.publicUrl, SIGN_UP.linkValidMinutes);
        // Without the mail the account still stands: forgot-password sends a new link.
        await sendOrLog(app.mailer, request.log, [
          welcomeMail(user.language, {
            to: user.email,
            name: user.name,
            company: body.company_name,
            url,
            validMinutes: SIGN_UP.linkValidMinutes,
          }),
        ]);
        request.log.info({ customerId }, 'customer signed up');
      },
    },
    { create: { rateLimit: { max: SIGN_UP.perAddress, timeWindow: SIGN_UP.windowMs } } },
  );
}
