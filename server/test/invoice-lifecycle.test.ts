import type { Invoice, InvoicePage } from '@tidewatch/contract';
import { INVOICE_REFUSALS } from '@tidewatch/contract';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { pdfText } from '../../tests/support/pdf-text';
import { startSmtpCapture } from '../../tests/support/smtp-capture';
import { customers, invoices } from '../src/db/schema';
import { seedDemo } from '../src/seed/demo';
import { json, openTestDatabase, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
// A seller of the operator's own, to see the setting reach the PDFs.
const t = useTestApp({ SMTP_URL: smtp.url, SELLER_LEGAL_NAME: 'Tidewatch Operations ApS' });
afterAll(() => smtp.close());

const FINANCE = 'finance@tidewatch.example';

async function page(email: string, query: string) {
  return json<InvoicePage>(await (await t.financeCaller(email)).request(`/customer/invoices${query}`));
}

async function globexDrafts() {
  const drafts = (await page(FINANCE, '?customer_id=globexco&status=draft')).data;
  expect(drafts.length).toBeGreaterThanOrEqual(2);
  return drafts;
}

/** Globex's invoices issued by a test become drafts again, and its series continues where the seed left it. */
beforeEach(async () => {
  const { db } = t.database;
  await db
    .update(invoices)
    .set({ status: 'draft', number: null, issuedAt: null, paidAt: null, paidOn: null })
    .where(and(eq(invoices.customerId, 'globexco'), gte(invoices.issuedAt, t.clock.now())));
  await db
    .update(customers)
    .set({
      serialNum: sql`1 + (select count(*) from ${invoices} where ${invoices.customerId} = 'globexco' and ${invoices.number} is not null)::int`,
    })
    .where(eq(customers.id, 'globexco'));
  await t.app.mailer.drain();
  smtp.received.length = 0;
});

describe('the invoice lifecycle', () => {
  it('seeds invoices in every state: Acme’s latest issued, one overdue, one credited with its note', async () => {
    const acme = (await page(FINANCE, '?customer_id=acmecorp&limit=200')).data;
    const statuses = acme.map((invoice) => invoice.status);
    expect(statuses[0]).toBe('issued');
    expect(statuses).not.toContain('draft');
    expect(statuses.filter((status) => status === 'overdue')).toHaveLength(1);
    const credited = acme.filter((invoice) => invoice.status === 'credited');
    expect(credited).toHaveLength(1);
    expect(credited[0]?.credit_note?.number).toBe('ACMECORP-CN-0001');
    expect(statuses.filter((status) => status === 'paid').length).toBeGreaterThan(5);
    // Issued numbers run without gaps in the order they were issued.
    const numbers = acme.map((invoice) => invoice.number ?? '').sort();
    expect(numbers).toEqual(numbers.map((_, index) => `ACMECORP-${String(index + 1).padStart(4, '0')}`));
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, 'acmecorp'));
    expect(customer?.latestInvoiceId).toBe(acme[0]?.id);
  });

  it('issues a draft: the next number, the issue date today, and a mail with the PDF to the billing contacts', async () => {
    const [draft] = await globexDrafts();
    expect(draft?.number).toBeNull();
    const manager = await t.financeCaller('manager@globex.example');
    expect(
      (await manager.request(`/customer/invoices/${draft?.id}/issue`, { method: 'POST' })).statusCode,
    ).toBe(403);
    const finance = await t.financeCaller(FINANCE);
    const answer = await finance.request(`/customer/invoices/${draft?.id}/issue`, { method: 'POST' });
    expect(answer.statusCode).toBe(200);
    const issued = json<Invoice>(answer);
    expect(issued).toMatchObject({ status: 'issued', issue_date: '2026-11-02', due_date: '2026-12-02' });
    expect(issued.number).toMatch(/^GLOBEXCO-\d{4}$/);
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, 'globexco'));
    expect(customer?.latestInvoiceId).toBe(issued.id);

    await t.app.mailer.drain();
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([
      ['ap@globex.example'],
      ['controller@globex.example'],
    ]);
    const mail = smtp.received[0];
    expect(mail?.subject).toContain(issued.number);
    expect(mail?.attachments).toEqual([
      expect.objectContaining({ filename: `invoice-${issued.number}.pdf`, mimeType: 'application/pdf' }),
    ]);

    // The customer sees it now, and can download it.
    const own = await page('manager@globex.example', '?limit=200');
    expect(own.data.map((invoice) => invoice.id)).toContain(issued.id);
    const pdf = await manager.request(`/customer/invoices/${issued.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(issued.number ?? '');
    expect(text).toContain('Tidewatch Operations ApS');
    expect(text).not.toMatch(/DRAFT|KLADDE/);

    // Issued once: again is 409, in words the portal translates.
    const again = await finance.request(`/customer/invoices/${draft?.id}/issue`, { method: 'POST' });
    expect(again.statusCode).toBe(409);
    expect(json<{ message: string }>(again).message).toBe(INVOICE_REFUSALS.notDraft);
  });

  it('opens a draft’s PDF, watermarked, to finance only: the customer’s own users get a 404', async () => {
    const [draft] = await globexDrafts();
    const manager = await t.financeCaller('manager@globex.example');
    expect((await manager.request(`/customer/invoices/${draft?.id}/pdf`)).statusCode).toBe(404);
    const pdf = await (await t.financeCaller(FINANCE)).request(`/customer/invoices/${draft?.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toMatch(/DRAFT|KLADDE/);
  });

  it('gives each of many drafts issued at once its own number, with no gap', async () => {
    const { db } = t.database;
    const drafts = await globexDrafts();
    const [before] = await db.select().from(customers).where(eq(customers.id, 'globexco'));
    const finance = await t.financeCaller(FINANCE);
    // Each draft is sent twice at the same moment: one issue each, the other refused.
    const answers = await Promise.all(
      [...drafts, ...drafts].map((draft) =>
        finance.request(`/customer/invoices/${draft.id}/issue`, { method: 'POST' }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...drafts.map(() => 200), ...drafts.map(() => 409)]);
    const numbers = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => json<Invoice>(answer).number)
      .sort();
    const first = before?.serialNum ?? 0;
    expect(numbers).toEqual(drafts.map((_, index) => `GLOBEXCO-${String(first + index).padStart(4, '0')}`));
    const [after] = await db.select().from(customers).where(eq(customers.id, 'globexco'));
    expect(after?.serialNum).toBe(first + drafts.length);
    // The database refuses a number given twice.
    const [one, other] = drafts;
    const [taken] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.id, one?.id ?? ''));
    await expect(
      db
        .update(invoices)
        .set({ number: taken?.number })
        .where(eq(invoices.id, other?.id ?? '')),
    ).rejects.toThrow();
  });

  it('answers a repeated issue with the same Idempotency-Key with the first answer', async () => {
    const [draft] = await globexDrafts();
    const finance = await t.financeCaller(FINANCE);
    const send = () =>
      finance.request(`/customer/invoices/${draft?.id}/issue`, {
        method: 'POST',
        headers: { 'idempotency-key': `issue-${draft?.id}` },
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => json<Invoice>(answer).number)).size).toBe(1);
    await t.app.mailer.drain();
    expect(smtp.received).toHaveLength(2);
  });

  it('marks an issued invoice paid on a day, never a draft, twice, or in the future', async () => {
    const [draft] = await globexDrafts();
    const finance = await t.financeCaller(FINANCE);
    const pay = (id: string | undefined, paid_on: string) =>
      finance.request(`/customer/invoices/${id}/payment`, { method: 'POST', body: { paid_on } });
    expect((await pay(draft?.id, '2026-11-02')).statusCode).toBe(409);
    expect((await pay(draft?.id, 'yesterday')).statusCode).toBe(400);
    const issued = json<Invoice>(
      await finance.request(`/customer/invoices/${draft?.id}/issue`, { method: 'POST' }),
    );
    expect(json<{ message: string }>(await pay(issued.id, '2026-11-03')).message).toBe(
      INVOICE_REFUSALS.paidInFuture,
    );
    const manager = await t.financeCaller('manager@globex.example');
    expect(
      (
        await manager.request(`/customer/invoices/${issued.id}/payment`, {
          method: 'POST',
          body: { paid_on: '2026-11-02' },
        })
      ).statusCode,
    ).toBe(403);
    const paid = await pay(issued.id, '2026-11-02');
    expect(json<Invoice>(paid)).toMatchObject({ status: 'paid', paid_on: '2026-11-02' });
    expect((await pay(issued.id, '2026-11-02')).statusCode).toBe(409);
  });

  it('credits an invoice with a credit note of its own series, mailed with its PDF; the invoice is not edited', async () => {
    const finance = await t.financeCaller(FINANCE);
    const [overdue] = (await page(FINANCE, '?customer_id=acmecorp&status=overdue')).data;
    if (!overdue) throw new Error('Acme has no overdue invoice');
    const credit = (id: string, reason: string) =>
      finance.request(`/customer/invoices/${id}/credit-note`, { method: 'POST', body: { reason } });
    expect((await credit(overdue.id, '   ')).statusCode).toBe(400);
    const [draft] = await globexDrafts();
    expect((await credit(draft?.id ?? '', 'Wrong plan')).statusCode).toBe(409);
    const answer = await credit(overdue.id, 'Billed at the wrong plan');
    expect(answer.statusCode).toBe(200);
    const credited = json<Invoice>(answer);
    expect(credited).toMatchObject({
      status: 'credited',
      number: overdue.number,
      total_cents: overdue.total_cents,
      lines: overdue.lines,
      credit_note: {
        number: 'ACMECORP-CN-0002',
        invoice_number: overdue.number,
        reason: 'Billed at the wrong plan',
        total_cents: overdue.total_cents,
      },
    });
    expect((await credit(overdue.id, 'Again')).statusCode).toBe(409);

    await t.app.mailer.drain();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['invoices@acme.example']]);
    expect(smtp.received[0]?.attachments[0]?.filename).toBe('credit-note-ACMECORP-CN-0002.pdf');

    // The customer sees the credit note with the invoice and downloads it; another customer cannot.
    const manager = await t.financeCaller('manager@acme.example');
    const own = await page('manager@acme.example', '?status=credited');
    expect(own.data.map((invoice) => invoice.credit_note?.number)).toContain('ACMECORP-CN-0002');
    const noteId = credited.credit_note?.id;
    const pdf = await manager.request(`/customer/credit-notes/${noteId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('ACMECORP-CN-0002');
    expect(text).toContain(overdue.number ?? '');
    const globex = await t.financeCaller('manager@globex.example');
    expect((await globex.request(`/customer/credit-notes/${noteId}/pdf`)).statusCode).toBe(404);
  });

  it('counts the same set in the totals for every reader: issued, overdue and paid, never drafts or credited', async () => {
    for (const customer of ['acmecorp', 'globexco']) {
      const staff = await page(FINANCE, `?customer_id=${customer}&limit=200`);
      const own = await page(`manager@${customer.replace(/co(rp)?$/, '')}.example`, '?limit=200');
      const sum = (list: Invoice[], statuses: Invoice['status'][]) =>
        list
          .filter((invoice) => statuses.includes(invoice.status))
          .reduce((cents, i) => cents + i.total_cents, 0);
      for (const view of [staff, own]) {
        expect(view.totals.total_cents).toBe(sum(view.data, ['issued', 'overdue', 'paid']));
        expect(view.totals.outstanding_cents).toBe(sum(view.data, ['issued', 'overdue']));
        expect(view.totals.overdue_cents).toBe(sum(view.data, ['overdue']));
      }
      const { count: _staffCount, ...staffMoney } = staff.totals;
      const { count: _ownCount, ...ownMoney } = own.totals;
      expect(ownMoney).toEqual(staffMoney);
    }
  });
});

describe('the demo invoices', () => {
  it('keep Acme’s latest issued and one overdue, on whatever day of the month they are seeded', async () => {
    // Late in the month Acme's latest would be past its 14 days if issued on its invoice day, the 1st.
    const seededAt = new Date('2026-11-28T09:00:00Z');
    const opened = await openTestDatabase();
    try {
      await opened.handle.migrate();
      await seedDemo(opened.handle.db, seededAt);
      const today = seededAt.toISOString().slice(0, 10);
      const acme = await opened.handle.db
        .select()
        .from(invoices)
        .where(eq(invoices.customerId, 'acmecorp'))
        .orderBy(desc(invoices.period));
      const unpaid = acme.filter((invoice) => invoice.status === 'issued');
      const overdue = unpaid.filter((invoice) => (invoice.dueDate ?? '') < today);
      expect(overdue).toHaveLength(1);
      expect(unpaid.map((invoice) => invoice.id)).toContain(acme[0]?.id);
      expect((acme[0]?.dueDate ?? '') >= today).toBe(true);
    } finally {
      await opened.dispose();
    }
  }, 120_000);
});
