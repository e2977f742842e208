import { createHmac } from 'node:crypto';
import { brand } from '@tidewatch/content';
import { contract, type LeadKind, SOLUTIONS_BRIEF_PATHS } from '@tidewatch/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { implement } from '../../core/route';
import { filledByBot } from '../../lib/honeypot';
import type { Mail } from '../mail';
import { leadNotificationMail, solutionsBriefMail } from '../mail';
import { createUnsubscribeLinks } from '../marketing';
import { type NewLead, saveLead } from './repository';

/** Per address and per form: room for an office behind one address, not for a flood. */
export const LEAD_LIMITS = { perAddress: 5, windowMs: 60 * 60_000 } as const;

type LeadInput = Omit<NewLead, 'kind' | 'sourceHash' | 'createdAt'>;

/** Tells repeated senders apart without keeping their address. */
export const sourceHasher = (secret: string) => (ip: string) =>
  createHmac('sha256', `lead-source:${secret}`).update(ip).digest('base64url');

export async function leadRoutes(app: FastifyInstance, options: { secret: string; publicUrl: string }) {
  const unsubscribeLinks = createUnsubscribeLinks(options.secret, options.publicUrl);
  const sourceHash = sourceHasher(options.secret);

  /**
   * Keeps the lead and queues the sales team's notice; a copy to the visitor's unproven address
   * counts against that address's hourly cap.
   */
  async function record(request: FastifyRequest, kind: LeadKind, lead: LeadInput, toVisitor: Mail[] = []) {
    const leadId = await saveLead(app.db, {
      ...lead,
      kind,
      sourceHash: sourceHash(request.ip),
      createdAt: app.now(),
    });
    const log = request.log.child({ leadId });
    await app.mailer.queue([notifySales(kind, lead)], log);
    await app.mailer.queue(toVisitor, log, { capped: true });
    request.log.info({ leadId, kind }, 'lead received');
  }

  const notifySales = (kind: LeadKind, lead: LeadInput) =>
    leadNotificationMail({
      to: brand.contact.salesEmail,
      kind,
      locale: lead.locale,
      name: lead.name,
      email: lead.email,
      company: lead.company ?? undefined,
      phone: lead.phone ?? undefined,
      jobRole: lead.jobRole ?? undefined,
      country: lead.country ?? undefined,
      expectedCustomers: lead.expectedCustomers ?? undefined,
      message: lead.message ?? undefined,
    });

  const limit = { rateLimit: { max: LEAD_LIMITS.perAddress, timeWindow: LEAD_LIMITS.windowMs } };

  implement(
    app,
    contract.leads,
    {
      async contact(request) {
        if (filledByBot(request)) return;
        const { name, email, company, message, language } = request.body;
        const lead = { name, email, company, message, locale: language };
        await record(request, 'contact', lead);
      },

      async solutionsBrief(request) {
        const { name, email, phone, company, job_role, language } = request.body;
        const path = SOLUTIONS_BRIEF_PATHS[language];
        if (filledByBot(request)) return { download_url: path };
        const lead = { name, email, phone, company, jobRole: job_role, locale: language };
        await record(request, 'solutions_brief', lead, [
          solutionsBriefMail(language, {
            to: email,
            url: `${options.publicUrl}${path}`,
            unsubscribeUrl: unsubscribeLinks.url(email, language),
          }),
        ]);
        return { download_url: path };
      },

      async resellerApplication(request) {
        if (filledByBot(request)) return;
        const { company, name, email, country, expected_customers, message, language } = request.body;
        const lead = {
          name,
          email,
          company,
          country,
          expectedCustomers: expected_customers,
          message,
          locale: language,
        };
        await record(request, 'reseller_application', lead);
      },
    },
    { contact: limit, solutionsBrief: limit, resellerApplication: limit },
  );
}
