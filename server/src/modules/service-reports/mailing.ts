import { daysOfMonth, isBusinessDay, monthList, todayIn } from '@tidewatch/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { CustomerRow } from '../../db/schema';
import { formatMonth, type Language } from '../../lib/words';
import { type Mailer, serviceReportMail } from '../mail';
import { managersOf } from '../users';
import { reportPdf } from './pdf';
import { buildReport, hasReport } from './report';
import { activeCustomers, claimMailing } from './repository';

/** How often the job looks for reports due: a report goes within this long of its day beginning. */
export const REPORT_MAILING_EVERY_MS = 15 * 60_000;

/** The report's file, named by customer, month and language (the portal saves it under the same name). */
export const reportFilename = (customerId: string, month: string, language: Language) =>
  `service-report-${customerId}-${month}-${language}.pdf`;

/** The month's first Monday-to-Friday date. */
const firstWorkingDay = (month: string) => daysOfMonth(month).find(isBusinessDay) ?? `${month}-01`;

/**
 * Mails the customer's managers last month's report, each in their language with the PDF attached,
 * once the first working day of this month has begun in its time zone; a day missed (the service
 * was down) is made up later in the month. The month is claimed first, so replicas mail it once.
 */
export async function mailReportOf(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  customer: CustomerRow,
  now: Date,
  publicUrl: string,
): Promise<boolean> {
  const today = todayIn(now, customer.timezone);
  const [thisMonth, month] = monthList(now, customer.timezone, 1) as [string, string];
  if (today < firstWorkingDay(thisMonth) || !hasReport(customer, month, now)) return false;
  const managers = await managersOf(db, customer.id);
  if (!managers.length) return false;
  const report = await buildReport(db, customer, month, now);
  const pdfs = new Map<Language, Uint8Array>();
  for (const language of new Set(managers.map((manager) => manager.language))) {
    pdfs.set(language, await reportPdf(report, language));
  }
  if (!(await claimMailing(db, customer.id, month, now))) return false;
  const url = new URL('/customer/reports', publicUrl).toString();
  await mailer.queue(
    managers.map((manager) =>
      serviceReportMail(manager.language, {
        to: manager.email,
        company: customer.companyName,
        month: formatMonth(month, manager.language),
        filename: reportFilename(customer.id, month, manager.language),
        url,
        pdf: pdfs.get(manager.language) as Uint8Array,
      }),
    ),
    log.child({ customerId: customer.id, month }),
  );
  return true;
}

/** Mails every active customer's report that is due; returns how many customers' went. */
export async function mailReports(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  now: Date,
  publicUrl: string,
): Promise<number> {
  let mailed = 0;
  for (const customer of await activeCustomers(db)) {
    if (await mailReportOf(db, mailer, log, customer, now, publicUrl)) mailed += 1;
  }
  return mailed;
}
