import { contract, REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth, tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import { findCustomer } from '../../core/tenant';
import { notFound } from '../../lib/http-error';
import { runPeriodically } from '../../lib/periodic';
import { mailReports, REPORT_MAILING_EVERY_MS, reportFilename } from './mailing';
import { reportPdf } from './pdf';
import { buildReport, hasReport, reportMonths } from './report';

export async function serviceReportRoutes(app: FastifyInstance) {
  const { db } = app;

  async function customerOf(customerId: string) {
    const customer = await findCustomer(db, customerId);
    if (!customer) throw notFound(REFUSALS.noSuchCustomer);
    return customer;
  }

  /** The report of a finished month since the customer began; 404 for any other. */
  async function reportOf(customerId: string, month: string) {
    const customer = await customerOf(customerId);
    const now = app.now();
    if (!hasReport(customer, month, now)) throw notFound(REFUSALS.noReportForMonth, { month });
    return buildReport(db, customer, month, now);
  }

  implement(app, contract.serviceReports, {
    async months(request) {
      return { months: reportMonths(await customerOf(tenantOf(request).customerId), app.now()) };
    },
    async get(request) {
      return reportOf(tenantOf(request).customerId, request.params.month);
    },
    async pdf(request, reply) {
      const language = request.query.language ?? requireAuth(request).user.language;
      const report = await reportOf(tenantOf(request).customerId, request.params.month);
      const file = await reportPdf(report, language);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${reportFilename(report.customer_id, report.month, language)}"`,
        )
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file));
    },
  });
}

/** Mails last month's reports on the first working day, from every replica (the claim keeps it to one mail). */
export const serviceReportJob = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  runPeriodically(app, 'service report mailing', REPORT_MAILING_EVERY_MS, () =>
    mailReports(app.db, app.mailer, app.log, app.now(), options.publicUrl),
  );
});
