import type {
  ChangeRequestSummary,
  ExpenseCeilings,
  InvoicePage,
  ServerSummary,
  ServiceReport,
  ServiceReportMonths,
  TimeSummary,
} from '@tidewatch/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { pdfText } from '../../tests/support/pdf-text';
import { startSmtpCapture } from '../../tests/support/smtp-capture';
import { findCustomer } from '../src/core/tenant';
import { serverPingDays, servers, serviceReportMailings, users } from '../src/db/schema';
import { recordPings } from '../src/modules/agent/repository';
import { hashSecret } from '../src/modules/agent/tokens';
import { mailReportOf } from '../src/modules/service-reports/mailing';
import { json, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url });
afterAll(() => smtp.close());

/** The demo is seeded on Monday 2 November 2026: October is the last finished month. */
const MONTH = '2026-10';
const ACME = 'manager@acme.example';
const GLOBEX = 'manager@globex.example';
const STAFF = 'admin@tidewatch.example';

async function report(email: string, customerId = 'acmecorp', month = MONTH) {
  const browser = await t.signedIn(email);
  return browser.request(`/api/customer/${customerId}/reports/${month}`);
}

beforeEach(async () => {
  await t.app.mailer.drain();
  smtp.received.length = 0;
});

describe('the monthly service report', () => {
  it('offers each finished month since the customer began, newest first', async () => {
    const browser = await t.signedIn(ACME);
    const answer = await browser.request('/api/customer/acmecorp/reports');
    expect(answer.statusCode).toBe(200);
    const { months } = json<ServiceReportMonths>(answer);
    // Acme has been a customer for 200 days: since April.
    expect(months).toEqual(['2026-10', '2026-09', '2026-08', '2026-07', '2026-06', '2026-05', '2026-04']);
  });

  it('gives October its figures, each equal to what the portal’s own pages show', async () => {
    const answer = await report(ACME);
    expect(answer.statusCode).toBe(200);
    const body = json<ServiceReport>(answer);
    const staff = await t.signedIn(STAFF);
    const manager = await t.signedIn(ACME);

    // Fleet: the servers and clusters lists (nothing was added or removed since October ended).
    const serverList = json<{ total: number; data: ServerSummary[] }>(
      await manager.request('/api/customer/acmecorp/servers?limit=200'),
    );
    const clusterList = json<{ total: number }>(
      await manager.request('/api/customer/acmecorp/clusters?limit=200'),
    );
    expect(body.fleet.servers.end).toBe(serverList.total);
    expect(body.fleet.clusters.end).toBe(clusterList.total);

    // Attention: the operating systems page's end-of-life count, and the servers never seen.
    const os = json<{ data: { past_end_of_life: boolean; count: number }[] }>(
      await manager.request('/api/customer/acmecorp/servers/os'),
    ).data;
    const pastEnd = os.filter((item) => item.past_end_of_life).reduce((sum, item) => sum + item.count, 0);
    expect(body.attention.end_of_life.length).toBe(pastEnd);
    expect(body.attention.end_of_life.length).toBeGreaterThan(0);
    expect(body.attention.never_reported.map((server) => server.name).sort()).toEqual(
      serverList.data
        .filter((server) => server.last_seen === null)
        .map((server) => server.certname)
        .sort(),
    );
    expect(body.attention.never_reported.length).toBeGreaterThan(0);

    // Consultation: the hours summary of the month.
    const summary = json<TimeSummary>(await staff.request(`/api/admin/hours/summary?month=${MONTH}`));
    const acme = summary.customers.find((customer) => customer.customer_id === 'acmecorp');
    expect(body.consultation.levels).toEqual(
      (acme?.levels ?? []).map((level) => ({ level: level.level, minutes: level.worked_minutes })),
    );
    expect(body.consultation.included_minutes).toBe(acme?.free_minutes_included ?? 0);
    expect(body.consultation.billed_cents).toBe(Math.round((acme?.total_eur ?? 0) * 100));
    expect(body.consultation.levels.length).toBeGreaterThanOrEqual(2);

    // Change requests: the merged ones on the change requests page, merged in October.
    const requests = json<{ data: ChangeRequestSummary[] }>(
      await manager.request('/api/customer/acmecorp/change-requests?status=merged'),
    ).data;
    const merged = requests.filter((request) => request.resolved_at?.startsWith(MONTH));
    expect(body.change_requests.merged).toBe(merged.length);
    expect(body.change_requests.merged).toBeGreaterThan(0);

    // Spend: October's invoice on the invoices page.
    const finance = await t.financeCaller(ACME);
    const invoices = json<InvoicePage>(
      await finance.request(`/customer/invoices?from=${MONTH}&to=${MONTH}`),
    ).data;
    const counted = invoices.filter((invoice) => ['issued', 'paid', 'overdue'].includes(invoice.status));
    expect(body.spend.spent_cents).toBe(counted.reduce((sum, invoice) => sum + invoice.subtotal_cents, 0));
    const ceilings = json<ExpenseCeilings>(await finance.request('/customer/acmecorp/expense-ceilings'));
    expect(body.spend.ceiling_cents).toBe(ceilings.customer?.ceiling_cents);
    expect(body.spend.spent_cents).toBeGreaterThan(0);
    expect(body.spend.months.map((month) => month.month)).toEqual([
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ]);

    // Windows: the update groups' windows of October, by outcome.
    expect(body.windows.list.length).toBeGreaterThan(0);
    const machines = Object.values(body.windows.outcomes).reduce((sum, count) => sum + count, 0);
    expect(machines).toBe(body.windows.list.reduce((sum, window) => sum + window.servers, 0));

    // Availability: the demo's gaps, and batch-01's two quiet days.
    expect(body.availability.share).toBeGreaterThan(0.9);
    expect(body.availability.share).toBeLessThan(1);
    expect(body.availability.weeks.length).toBeGreaterThanOrEqual(5);
    expect(body.availability.quiet).toEqual([
      expect.objectContaining({
        kind: 'server',
        name: 'batch-01.acmecorp',
        minutes: 2 * 24 * 60,
        to: expect.any(String),
      }),
    ]);
  });

  it('keeps each customer’s report to itself (404), and staff read any', async () => {
    expect((await report(GLOBEX, 'acmecorp')).statusCode).toBe(404);
    const globex = await t.signedIn(GLOBEX);
    expect((await globex.request(`/api/customer/acmecorp/reports/${MONTH}/pdf`)).statusCode).toBe(404);
    expect((await globex.request('/api/customer/acmecorp/reports')).statusCode).toBe(404);
    expect((await report(GLOBEX, 'globexco')).statusCode).toBe(200);
    expect((await report(STAFF, 'globexco')).statusCode).toBe(200);
    expect((await report(STAFF, 'acmecorp')).statusCode).toBe(200);
  });

  it('refuses a malformed month (400) and one not over or before the customer began (404)', async () => {
    expect((await report(ACME, 'acmecorp', '2026-13')).statusCode).toBe(400);
    expect((await report(ACME, 'acmecorp', '2026-11')).statusCode).toBe(404);
    expect((await report(ACME, 'acmecorp', '2025-12')).statusCode).toBe(404);
  });

  it('prints the report as a PDF in English and Danish, with its figures and headings', async () => {
    const browser = await t.signedIn(ACME);
    const body = json<ServiceReport>(await browser.request(`/api/customer/acmecorp/reports/${MONTH}`));
    const english = await browser.request(`/api/customer/acmecorp/reports/${MONTH}/pdf`);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['content-disposition']).toBe(
      'attachment; filename="service-report-acmecorp-2026-10-en.pdf"',
    );
    const text = await pdfText(english.rawPayload);
    for (const heading of [
      'Monthly service report',
      'Under management',
      'Availability',
      'Service windows',
      'Consultation',
      'Spend',
      'Needs attention',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('Acme Corp');
    expect(text).toContain('October 2026');
    expect(text).toContain('batch-01.acmecorp');
    expect(text).toContain(body.attention.never_reported[0]?.name ?? '—');
    // The figures as the portal's page prints them: the share cut to a tenth, amounts to the cent.
    const percent = { style: 'percent', maximumFractionDigits: 1, roundingMode: 'trunc' } as const;
    expect(text).toContain(new Intl.NumberFormat('en-GB', percent).format(body.availability.share ?? 0));
    const euros = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
    expect(text).toContain(euros.format(body.consultation.billed_cents / 100));
    expect(text).toContain(euros.format(body.spend.spent_cents / 100));

    const danish = await browser.request(`/api/customer/acmecorp/reports/${MONTH}/pdf?language=da`);
    expect(danish.headers['content-disposition']).toBe(
      'attachment; filename="service-report-acmecorp-2026-10-da.pdf"',
    );
    const dansk = await pdfText(danish.rawPayload);
    expect(dansk).toContain('oktober 2026');
    expect(dansk).toContain('Acme Corp');
    for (const heading of [
      'Månedlig servicerapport',
      'Tilgængelighed',
      'Servicevinduer',
      'Konsulenttid',
      'Forbrug',
    ]) {
      expect(dansk).toContain(heading);
    }
  });
});

describe('the monthly mailing', () => {
  it('mails each manager once, in their language with the PDF, however many replicas claim it at once', async () => {
    const { db } = t.database;
    await db.delete(serviceReportMailings).where(eq(serviceReportMailings.month, MONTH));
    await db.update(users).set({ language: 'da' }).where(eq(users.email, GLOBEX));
    const now = t.clock.now();
    const publicUrl = 'https://portal.example';
    const claims = await Promise.all(
      ['acmecorp', 'acmecorp', 'globexco', 'globexco'].map(async (id) => {
        const customer = await findCustomer(db, id);
        if (!customer) throw new Error(id);
        return mailReportOf(db, t.app.mailer, t.app.log, customer, now, publicUrl);
      }),
    );
    expect(claims.filter(Boolean)).toHaveLength(2);
    await t.app.mailer.drain();
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([[ACME], [GLOBEX]]);
    const english = smtp.received.find((mail) => mail.to.includes(ACME));
    const danish = smtp.received.find((mail) => mail.to.includes(GLOBEX));
    expect(english?.subject).toContain('October 2026');
    expect(english?.text).toContain('https://portal.example/customer/reports');
    expect(english?.attachments).toEqual([
      expect.objectContaining({
        filename: 'service-report-acmecorp-2026-10-en.pdf',
        mimeType: 'application/pdf',
      }),
    ]);
    expect(danish?.subject).toContain('oktober 2026');
    expect(danish?.attachments).toEqual([
      expect.objectContaining({
        filename: 'service-report-globexco-2026-10-da.pdf',
        mimeType: 'application/pdf',
      }),
    ]);
    // Again: claimed already, nobody is mailed twice.
    const customer = await findCustomer(db, 'acmecorp');
    expect(customer && (await mailReportOf(db, t.app.mailer, t.app.log, customer, now, publicUrl))).toBe(
      false,
    );
    await db.update(users).set({ language: 'en' }).where(eq(users.email, GLOBEX));
  });
});

describe('ping days', () => {
  it('counts a batch’s pings on each server’s UTC day, one row a server a day', async () => {
    const { db } = t.database;
    const [server] = await db.select().from(servers).where(eq(servers.certname, 'web-02.acmecorp'));
    if (!server) throw new Error('web-02');
    await db
      .update(servers)
      .set({ agentCredentialHash: hashSecret('twa_ping-days') })
      .where(eq(servers.id, server.id));
    const day = (at: string) => new Date(at);
    await recordPings(db, [
      { credential: 'twa_ping-days', run: undefined, now: day('2026-11-03T23:58:00Z') },
      { credential: 'twa_ping-days', run: undefined, now: day('2026-11-03T23:59:00Z') },
      { credential: 'twa_ping-days', run: undefined, now: day('2026-11-04T00:01:00Z') },
    ]);
    await recordPings(db, [
      { credential: 'twa_ping-days', run: undefined, now: day('2026-11-04T00:06:00Z') },
    ]);
    const rows = await db
      .select({ day: serverPingDays.day, pings: serverPingDays.pings })
      .from(serverPingDays)
      .where(eq(serverPingDays.serverId, server.id));
    const counted = Object.fromEntries(rows.map((row) => [row.day, row.pings]));
    expect(counted['2026-11-03']).toBe(2);
    expect(counted['2026-11-04']).toBe(2);
  });
});

describe('decommissioning', () => {
  it('stamps when a server left management', async () => {
    const manager = await t.signedIn(ACME);
    const answer = await manager.request('/api/customer/acmecorp/servers/web-08.acmecorp', {
      method: 'DELETE',
    });
    expect(answer.statusCode).toBeLessThan(300);
    const [row] = await t.database.db.select().from(servers).where(eq(servers.certname, 'web-08.acmecorp'));
    expect(row?.decommissionedAt?.toISOString()).toBe(t.clock.now().toISOString());
  });
});
