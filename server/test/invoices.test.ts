import type { ExpenseCeilings, InvoicePage, TimeSummary } from '@tidewatch/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { pdfText } from '../../tests/support/pdf-text';
import { startSmtpCapture } from '../../tests/support/smtp-capture';
import {
  ceilingAlerts,
  ceilingMonths,
  customers,
  expenseCeilings,
  invoices,
  planPeriods,
  tags,
  timeEntries,
  webhookDeliveries,
  webhookEndpoints,
} from '../src/db/schema';
import { checkCeilings } from '../src/modules/invoices/ceilings';
import { generateInvoices, invoiceCustomer } from '../src/modules/invoices/generation';
import { issueInvoice } from '../src/modules/invoices/lifecycle';
import { webhookSecretBox } from '../src/modules/webhooks';
import { json, TEST_SECRET, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url });
afterAll(() => smtp.close());

const list = async (email: string, query = '') =>
  (await t.financeCaller(email)).request(`/customer/invoices${query}`);

/** Takes Acme's October invoice away, with its entries' link to it, so the job makes it again. */
async function forgetAcmeOctoberInvoice() {
  const { db } = t.database;
  const [october] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.customerId, 'acmecorp'), eq(invoices.period, '2026-10')));
  expect(october).toBeDefined();
  await db.update(customers).set({ latestInvoiceId: null }).where(eq(customers.id, 'acmecorp'));
  await db
    .update(timeEntries)
    .set({ invoiceId: null })
    .where(eq(timeEntries.invoiceId, october?.id ?? ''));
  await db.delete(invoices).where(eq(invoices.id, october?.id ?? ''));
}

describe('invoice generation', () => {
  it('seeds a year of invoices for the demo customers, one of them overdue', async () => {
    const page = json<InvoicePage>(
      await list('finance@tidewatch.example', '?customer_id=acmecorp&limit=200'),
    );
    expect(page.data.length).toBeGreaterThanOrEqual(12);
    expect(page.data.filter((invoice) => invoice.status === 'overdue')).toHaveLength(1);
    expect(page.totals.overdue_cents).toBeGreaterThan(0);
  });

  it('bills the demo’s September, approved after Acme’s October invoice, on its November one, naming the month', async () => {
    const finance = await t.financeCaller('finance@tidewatch.example');
    const page = json<InvoicePage>(
      await finance.request('/customer/invoices?customer_id=acmecorp&from=2026-09&to=2026-10'),
    );
    const lines = (period: string) =>
      page.data
        .find((invoice) => invoice.period === period)
        ?.lines.filter((line) => line.kind === 'consultation');
    expect(lines('2026-09')).toEqual([]);
    expect(lines('2026-10')?.map((line) => line.kind === 'consultation' && line.month)).toEqual(
      expect.arrayContaining(['2026-09']),
    );
    const november = page.data.find((invoice) => invoice.period === '2026-10');
    const text = await pdfText((await finance.request(`/customer/invoices/${november?.id}/pdf`)).rawPayload);
    expect(text).toContain('tid arbejdet i september 2026');
    const admin = await t.signedIn('admin@tidewatch.example');
    const summary = json<TimeSummary>(await admin.request('/api/admin/hours/summary?month=2026-09'));
    const september = summary.customers.find((row) => row.customer_id === 'acmecorp');
    const invoiced = page.data
      .flatMap((invoice) => invoice.lines)
      .reduce(
        (sum, line) =>
          line.kind === 'consultation' && line.month === '2026-09' ? sum + line.amount_cents : sum,
        0,
      );
    expect(invoiced).toBe(Math.round((september?.total_eur ?? 0) * 100));
  });

  it('makes one invoice for a customer and month however often it runs', async () => {
    const { db } = t.database;
    await forgetAcmeOctoberInvoice();
    const [before] = await db.select().from(customers).where(eq(customers.id, 'acmecorp'));
    const [first, second] = await Promise.all([
      generateInvoices(db, t.clock.now()),
      generateInvoices(db, t.clock.now()),
    ]);
    expect([...(first ?? []), ...(second ?? [])]).toHaveLength(1);
    expect(await generateInvoices(db, t.clock.now())).toEqual([]);
    const again = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.customerId, 'acmecorp'), eq(invoices.period, '2026-10')));
    expect(again).toHaveLength(1);
    const [after] = await db.select().from(customers).where(eq(customers.id, 'acmecorp'));
    // A draft takes no number and is not the customer's latest invoice until it is issued.
    expect(after?.serialNum).toBe(before?.serialNum);
    expect(after?.latestInvoiceId).toBeNull();
    expect(again[0]).toMatchObject({
      number: null,
      issueDate: '2026-11-01',
      dueDate: '2026-11-15',
      status: 'draft',
      vatRatePercent: 25,
    });
  });
});

describe('the invoice list, PDF and status: roles and tenants', () => {
  it.each([
    ['admin@tidewatch.example', 200],
    ['finance@tidewatch.example', 200],
    ['manager@acme.example', 200],
    ['user@acme.example', 403],
    ['security@tidewatch.example', 403],
  ])('%s lists invoices: %i', async (email, status) => {
    expect((await list(email)).statusCode).toBe(status);
  });

  it('shows a customer only its own invoices, and staff every customer’s', async () => {
    const own = json<InvoicePage>(await list('manager@acme.example', '?limit=200'));
    expect(new Set(own.data.map((invoice) => invoice.customer_id))).toEqual(new Set(['acmecorp']));
    expect((await list('manager@globex.example', '?customer_id=acmecorp')).statusCode).toBe(404);
    const all = json<InvoicePage>(await list('finance@tidewatch.example', '?limit=200'));
    expect(new Set(all.data.map((invoice) => invoice.customer_id))).toEqual(
      new Set(['acmecorp', 'globexco']),
    );
  });

  it('shows customers issued invoices only: a draft answers 404 to them, and staff see it', async () => {
    const staffList = (query: string) =>
      list('finance@tidewatch.example', `?customer_id=globexco&limit=200${query}`).then(json<InvoicePage>);
    const [everything, drafts] = await Promise.all([staffList(''), staffList('&status=draft')]);
    const [draft] = drafts.data;
    if (!draft) throw new Error('Globex has no draft');
    const own = json<InvoicePage>(await list('manager@globex.example', '?limit=200'));
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.map((invoice) => invoice.status)).not.toContain('draft');
    // Drafts are never counted in money, so staff and the customer see the same totals.
    expect(own.totals).toEqual({
      ...everything.totals,
      count: everything.totals.count - drafts.totals.count,
    });
    expect(drafts.totals.total_cents).toBe(0);
    expect(json<InvoicePage>(await list('manager@globex.example', '?status=draft')).data).toEqual([]);
    const manager = await t.financeCaller('manager@globex.example');
    expect((await manager.request(`/customer/invoices/${draft.id}/pdf`)).statusCode).toBe(404);
    const finance = await t.financeCaller('finance@tidewatch.example');
    expect((await finance.request(`/customer/invoices/${draft.id}/pdf`)).statusCode).toBe(200);
  });

  it('filters by status and billed month', async () => {
    const overdue = json<InvoicePage>(await list('manager@acme.example', '?status=overdue'));
    expect(overdue.data.map((invoice) => invoice.status)).toEqual(['overdue']);
    const one = json<InvoicePage>(await list('manager@acme.example', '?from=2026-06&to=2026-06'));
    expect(one.data.map((invoice) => invoice.period)).toEqual(['2026-06']);
    expect((await list('manager@acme.example', '?from=2026-07&to=2026-06')).statusCode).toBe(400);
  });

  it('gives the PDF in the customer’s language with the number, lines, VAT and due date', async () => {
    const manager = await t.financeCaller('manager@acme.example');
    const [invoice] = json<InvoicePage>(await manager.request('/customer/invoices?status=overdue')).data;
    if (!invoice) throw new Error('no overdue invoice');
    const response = await manager.request(`/customer/invoices/${invoice.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Faktura');
    expect(text).toContain(invoice.number);
    expect(text).toContain('Moms 25 %');
    expect(text).toContain('Silver-abonnement');
    expect(text).not.toContain('Omvendt betalingspligt');
  });

  it('writes the reverse charge and its legal note on an EU business abroad', async () => {
    // Globex is on its trial, which is not billed: bill its plans as if it had ended.
    const { db } = t.database;
    await db.update(planPeriods).set({ trial: false }).where(eq(planPeriods.customerId, 'globexco'));
    const [globex] = await db.select().from(customers).where(eq(customers.id, 'globexco'));
    const written = globex && (await invoiceCustomer(db, globex, '2026-11-05', t.clock.now()));
    const finance = await t.financeCaller('finance@tidewatch.example');
    // Staff issue it: a draft is not the customer's to see.
    const issued = await finance.request(`/customer/invoices/${written}/issue`, { method: 'POST' });
    expect(issued.statusCode).toBe(200);
    const manager = await t.financeCaller('manager@globex.example');
    const [invoice] = json<InvoicePage>(await manager.request('/customer/invoices')).data;
    if (!invoice) throw new Error('Globex has no invoice');
    expect(invoice).toMatchObject({ reverse_charge: true, vat_cents: 0 });
    const text = await pdfText((await manager.request(`/customer/invoices/${invoice.id}/pdf`)).rawPayload);
    expect(text).toContain('Invoice');
    expect(text).toContain('Reverse charge: VAT to be accounted for by the recipient');
  });

  it('is served on the finance API alone: a session cookie gets no invoice there or on the main API', async () => {
    const browser = await t.signedIn('manager@acme.example');
    expect((await browser.request('/api/finance/customer/invoices')).statusCode).toBe(401);
    expect((await browser.request('/api/customer/invoices')).statusCode).toBe(404);
    expect((await browser.request('/api/customer/acmecorp/expense-ceilings')).statusCode).toBe(404);
  });

  it('never gives another customer’s PDF', async () => {
    const acme = json<InvoicePage>(await list('manager@acme.example')).data[0];
    const globex = await t.financeCaller('manager@globex.example');
    expect((await globex.request(`/customer/invoices/${acme?.id}/pdf`)).statusCode).toBe(404);
    expect(
      (
        await globex.request(`/customer/invoices/${acme?.id}/payment`, {
          method: 'POST',
          body: { paid_on: '2026-11-01' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('gives invoices addressed in any script to the customer and to finance', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const contacts = { att_name: 'Łukasz Żółć', att_email: 'lukasz@acme.example', billing_email_cc: '' };
    const path = '/api/customer/acmecorp/billing-contacts';
    const saved = await manager.request(path, { method: 'PUT', body: contacts });
    expect(saved.statusCode).toBe(200);
    // Staff name the company when they create the customer; the month's invoice is made again for it.
    const { db } = t.database;
    const [acme] = await db.select().from(customers).where(eq(customers.id, 'acmecorp'));
    await db.update(customers).set({ companyName: '株式会社テスト' }).where(eq(customers.id, 'acmecorp'));
    try {
      await forgetAcmeOctoberInvoice();
      const [id] = await generateInvoices(db, t.clock.now());
      // Customers see issued invoices only: finance issues this one as it would.
      const invoice = await issueInvoice(db, id ?? '', t.clock.now());
      expect(invoice?.recipient).toMatchObject({ companyName: '株式会社テスト', attName: 'Łukasz Żółć' });
      for (const email of ['manager@acme.example', 'finance@tidewatch.example']) {
        const caller = await t.financeCaller(email);
        const response = await caller.request(`/customer/invoices/${id}/pdf`);
        expect(response.statusCode, email).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        const text = await pdfText(response.rawPayload);
        expect(text).toContain('株式会社テスト');
        expect(text).toContain('Łukasz Żółć');
      }
    } finally {
      await db.update(customers).set({ companyName: acme?.companyName }).where(eq(customers.id, 'acmecorp'));
    }
  });
});

describe('expense ceilings', () => {
  const url = '/customer/acmecorp/expense-ceilings';
  const ordinary = {
    customer_id: 'acmecorp',
    date: '2026-11-02',
    start_minute: 8 * 60,
    minutes: 30,
    product_id: 'consultation-level-2-remote',
    description: 'Tuned the alert thresholds',
    kind: 'ordinary',
    billable: true,
  };

  beforeEach(async () => {
    const { db } = t.database;
    await db.delete(ceilingMonths);
    await db.delete(ceilingAlerts);
    await db.delete(expenseCeilings);
    await db.update(customers).set({ expenseCeilingEur: 1_000_000 }).where(eq(customers.id, 'acmecorp'));
    await t.app.mailer.drain();
    smtp.received.length = 0;
  });

  it('lets customer managers and admins set ceilings, and no one else or another customer', async () => {
    const body = { customer_ceiling_eur: 5000, groups: [] };
    for (const [email, status] of [
      ['user@acme.example', 403],
      ['finance@tidewatch.example', 403],
      ['manager@globex.example', 404],
      ['manager@acme.example', 200],
      ['admin@tidewatch.example', 200],
    ] as const) {
      const caller = await t.financeCaller(email);
      expect((await caller.request(url, { method: 'PUT', body })).statusCode, email).toBe(status);
    }
    const finance = await t.financeCaller('finance@tidewatch.example');
    const state = json<ExpenseCeilings>(await finance.request(url));
    expect(state.customer?.ceiling_cents).toBe(500_000);
    expect(state.daily.at(-1)?.spent_cents).toBe(state.spent_cents);
  });

  it('warns once a month at 50, 80 and 100 % of a ceiling, as the ceiling is lowered under the spend, by mail and webhook', async () => {
    const { db } = t.database;
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        customerId: 'acmecorp',
        url: 'https://hooks.example.com/spend',
        events: ['expense_ceiling.threshold'],
        secret: webhookSecretBox(TEST_SECRET).seal('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
        createdAt: t.app.now(),
      })
      .returning();
    const manager = await t.financeCaller('manager@acme.example');
    const { spent_cents } = json<ExpenseCeilings>(await manager.request(url));
    expect(spent_cents).toBeGreaterThan(0);
    const at = async (ceilingCents: number) =>
      json<ExpenseCeilings>(
        await manager.request(url, {
          method: 'PUT',
          body: { customer_ceiling_eur: ceilingCents / 100, groups: [] },
        }),
      );
    const subjects = async () => {
      await t.app.mailer.drain();
      return [...new Set(smtp.received.map((mail) => mail.subject))];
    };
    expect((await at(Math.ceil(spent_cents / 0.4))).customer?.level).toBe('under');
    expect(await subjects()).toEqual([]);
    expect((await at(Math.ceil(spent_cents / 0.6))).customer?.percent).toBeGreaterThanOrEqual(50);
    expect(await subjects()).toEqual(['Acme Corp har brugt 50 % af sit udgiftsloft for denne måned']);
    expect((await at(Math.ceil(spent_cents / 0.85))).customer?.level).toBe('soft');
    const hard = await at(Math.floor(spent_cents / 100) * 100);
    expect(hard.customer?.level).toBe('hard');
    expect(hard.reached_ceiling_eur).toBe(Math.floor(spent_cents / 100));
    // Read again: nothing new to say this month.
    await manager.request(url);
    await checkCeilings(db, t.app.mailer, t.app.log, t.app.now(), 'http://localhost:3000');
    expect(await subjects()).toEqual([
      'Acme Corp har brugt 50 % af sit udgiftsloft for denne måned',
      'Acme Corp har brugt 80 % af sit udgiftsloft for denne måned',
      'Acme Corp har nået sit udgiftsloft for denne måned',
    ]);
    // Each to the billing address, the billing contacts and the managers, once.
    const reached = smtp.received.filter((mail) => mail.subject.includes('nået'));
    expect(reached.flatMap((mail) => mail.to).sort()).toEqual([
      'invoices@acme.example',
      'manager@acme.example',
    ]);
    const told = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint?.id ?? ''));
    expect(told.map((delivery) => (delivery.payload.data as { threshold: number }).threshold).sort()).toEqual(
      [100, 50, 80],
    );
    expect(told[0]?.payload.data).toMatchObject({
      customer_id: 'acmecorp',
      scope: 'customer',
      currency: 'EUR',
    });
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint?.id ?? ''));
  });

  it('sets a group’s ceiling on its servers’ subscription, and refuses another customer’s group', async () => {
    const manager = await t.financeCaller('manager@acme.example');
    const { db } = t.database;
    const [production] = await db
      .select()
      .from(tags)
      .where(and(eq(tags.customerId, 'acmecorp'), eq(tags.name, 'production')));
    const state = json<ExpenseCeilings>(
      await manager.request(url, {
        method: 'PUT',
        body: { customer_ceiling_eur: null, groups: [{ tag_id: production?.id, ceiling_eur: 100_000 }] },
      }),
    );
    expect(state.customer).toBeNull();
    expect(state.groups).toEqual([expect.objectContaining({ tag_name: 'production', level: 'under' })]);
    const globexTags = await db.select().from(tags).where(eq(tags.customerId, 'globexco'));
    const refused = await manager.request(url, {
      method: 'PUT',
      body: { customer_ceiling_eur: null, groups: [{ tag_id: globexTags[0]?.id, ceiling_eur: 10 }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).fieldErrors).toEqual({ 'groups.0.tag_id': ['Choose a tag of this customer'] });
    expect(json<ExpenseCeilings>(await manager.request(url)).groups).toHaveLength(1);
  });

  it('refuses ordinary work over the hard ceiling with 409 until the customer pre-approves; alerts go on', async () => {
    await t.database.db.update(customers).set({ expenseCeilingEur: 1 }).where(eq(customers.id, 'acmecorp'));
    const admin = await t.signedIn('admin@tidewatch.example');
    const refused = await admin.request('/api/admin/hours/entries', { method: 'POST', body: ordinary });
    expect(refused.statusCode).toBe(409);
    expect(json<{ message: string }>(refused).message).toContain('expense ceiling');
    const alert = await admin.request('/api/admin/hours/entries', {
      method: 'POST',
      body: { ...ordinary, kind: 'alert', start_minute: 7 * 60 },
    });
    expect(alert.statusCode).toBe(200);
    const user = await t.financeCaller('user@acme.example');
    expect((await user.request(`${url}/pre-approval`, { method: 'POST' })).statusCode).toBe(403);
    const manager = await t.financeCaller('manager@acme.example');
    const approved = json<ExpenseCeilings>(await manager.request(`${url}/pre-approval`, { method: 'POST' }));
    expect(approved.pre_approved).toBe(true);
    const allowed = await admin.request('/api/admin/hours/entries', { method: 'POST', body: ordinary });
    expect(allowed.statusCode).toBe(200);
    for (const created of [alert, allowed]) {
      await admin.request(`/api/admin/hours/entries/${json<{ id: string }>(created).id}`, {
        method: 'DELETE',
      });
    }
  });
});
