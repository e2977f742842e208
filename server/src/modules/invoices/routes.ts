import type { Seller } from '@tidewatch/content';
import {
  contract,
  FIELD_REFUSALS,
  INVOICE_REFUSALS,
  type Invoice,
  type InvoicePage,
  REFUSALS,
} from '@tidewatch/contract';
import { can, effectiveStatus, todayIn } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { canAccessCustomer, requireAuth, tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import { findCustomer, type Tenant } from '../../core/tenant';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { runPeriodically } from '../../lib/periodic';
import { formatCents, formatDate } from '../../lib/words';
import { creditNoteMail, invoiceIssuedMail } from '../mail';
import { alertCeilings, ceilingsOf, checkCeilings } from './ceilings';
import { generateInvoices } from './generation';
import { creditInvoice, issueInvoice, payInvoice } from './lifecycle';
import { creditNotePdf, invoicePdf } from './pdf';
import { preApproveMonth, replaceCeilings, tagIdsOf } from './repository/ceilings';
import {
  type CreditNoteRow,
  findCreditNote,
  findInvoice,
  type InvoiceRow,
  invoicePage,
} from './repository/documents';

/** Overdue is decided by the calendar date in UTC, the same for every reader. */
const todayUtc = (now: Date) => todayIn(now, 'UTC');

function invoiceBody(row: InvoiceRow, creditNote: CreditNoteRow | null, today: string): Invoice {
  return {
    id: row.id,
    number: row.number,
    customer_id: row.customerId,
    company_name: row.recipient.companyName,
    period: row.period,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    status: effectiveStatus(row.status, row.dueDate, today),
    paid_on: row.paidOn,
    credit_note: creditNote && {
      id: creditNote.id,
      number: creditNote.number,
      invoice_id: row.id,
      invoice_number: row.number ?? '',
      issue_date: creditNote.issueDate,
      reason: creditNote.reason,
      total_cents: creditNote.totalCents,
    },
    language: row.language,
    lines: row.lines.map((line) =>
      line.kind === 'subscription'
        ? {
            kind: line.kind,
            plan: line.plan,
            servers: line.servers,
            nodes: line.nodes,
            from: line.from,
            until: line.until,
            days: line.days,
            discount_percent: line.discountPercent,
            amount_cents: line.amountCents,
          }
        : {
            kind: line.kind,
            month: line.month,
            level: line.level,
            charged_minutes: line.chargedMinutes,
            amount_cents: line.amountCents,
          },
    ),
    subtotal_cents: row.subtotalCents,
    vat_rate_percent: row.vatRatePercent,
    vat_cents: row.vatCents,
    total_cents: row.totalCents,
    reverse_charge: row.reverseCharge,
  };
}

/** Customers see an invoice once staff have issued it; staff (`invoices.manage`) also see drafts. */
const seesDrafts = (auth: ReturnType<typeof requireAuth>) => can(auth.flags, 'invoices.manage');

export async function invoiceRoutes(app: FastifyInstance, options: { publicUrl: string; seller: Seller }) {
  const { db } = app;

  /** The invoice when the caller may see it; 404 otherwise, so ids (and drafts) are not confirmed. */
  async function visibleInvoice(request: Parameters<typeof requireAuth>[0], invoiceId: string) {
    const auth = requireAuth(request);
    const row = await findInvoice(db, invoiceId, seesDrafts(auth));
    if (!row || !canAccessCustomer(auth, row.invoice.customerId)) throw notFound(REFUSALS.noSuchInvoice);
    return row;
  }

  /** Who gets a customer's invoices and credit notes: its billing address and CC, else its alert address. */
  async function billingContactsOf(customerId: string) {
    const customer = await customerOf(customerId);
    const present = (addresses: (string | null)[]) =>
      addresses.filter((address): address is string => Boolean(address?.trim()));
    const billing = present([customer.billingEmail, customer.billingEmailCc]);
    return { customer, to: [...new Set(billing.length > 0 ? billing : present([customer.alertEmail]))] };
  }

  const invoicesUrl = () => new URL('/customer/invoices', options.publicUrl).toString();

  async function customerOf(customerId: string) {
    const customer = await findCustomer(db, customerId);
    if (!customer) throw notFound(REFUSALS.noSuchCustomer);
    return customer;
  }

  async function ceilingBody(tenant: Tenant) {
    const customer = await customerOf(tenant.customerId);
    const now = app.now();
    const state = await ceilingsOf(db, customer, now);
    await alertCeilings(db, app.mailer, app.log, customer, state, now, options.publicUrl);
    return state;
  }

  implement(app, contract.invoices, {
    async list(request): Promise<InvoicePage> {
      const auth = requireAuth(request);
      // A customer's own users always see their own; staff may name one customer or see all.
      const scope = can(auth.flags, 'customers.readAll') ? request.tenant : tenantOf(request);
      const today = todayUtc(app.now());
      const page = await invoicePage(db, scope, { ...request.query, withDrafts: seesDrafts(auth), today });
      return {
        data: page.rows.map((row) => invoiceBody(row.invoice, row.creditNote, today)),
        next_cursor: page.nextCursor,
        // Money sums read every matching invoice anyway, so their count is exact.
        total: request.query.cursor ? null : page.totals.count,
        total_is_estimate: false,
        totals: {
          count: page.totals.count,
          total_cents: page.totals.total,
          outstanding_cents: page.totals.outstanding,
          overdue_cents: page.totals.overdue,
        },
      };
    },

    async pdf(request, reply) {
      const { invoice, creditNote } = await visibleInvoice(request, request.params.invoice_id);
      const status = effectiveStatus(invoice.status, invoice.dueDate, todayUtc(app.now()));
      const file = await invoicePdf(invoice, options.seller, { status, creditNote: creditNote ?? undefined });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.number ?? 'draft'}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file));
    },

    async creditNotePdf(request, reply) {
      const auth = requireAuth(request);
      const row = await findCreditNote(db, request.params.credit_note_id);
      if (!row || !canAccessCustomer(auth, row.creditNote.customerId))
        throw notFound(REFUSALS.noSuchCreditNote);
      const file = await creditNotePdf(row.invoice, row.creditNote, options.seller);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="credit-note-${row.creditNote.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file));
    },

    async issue(request) {
      const { invoice } = await visibleInvoice(request, request.params.invoice_id);
      if (invoice.status !== 'draft') throw conflict(INVOICE_REFUSALS.notDraft);
      const now = app.now();
      const issued = await issueInvoice(db, invoice.id, now);
      const { customer, to } = await billingContactsOf(issued.customerId);
      const pdf = await invoicePdf(issued, options.seller, { status: 'issued' });
      const number = issued.number ?? '';
      await app.mailer.queue(
        to.map((address) =>
          invoiceIssuedMail(issued.language, {
            to: address,
            company: customer.companyName,
            number,
            total: formatCents(issued.totalCents, issued.language),
            due: formatDate(issued.dueDate, issued.language),
            url: invoicesUrl(),
            pdf,
          }),
        ),
        request.log,
      );
      return invoiceBody(issued, null, todayUtc(now));
    },

    async pay(request) {
      const { invoice } = await visibleInvoice(request, request.params.invoice_id);
      const now = app.now();
      const today = todayUtc(now);
      if (request.body.paid_on > today) throw conflict(INVOICE_REFUSALS.paidInFuture);
      const paid = await payInvoice(db, invoice, request.body.paid_on, now);
      return invoiceBody(paid, null, today);
    },

    async credit(request) {
      const auth = requireAuth(request);
      const { invoice } = await visibleInvoice(request, request.params.invoice_id);
      if (invoice.status !== 'issued' && invoice.status !== 'paid')
        throw conflict(INVOICE_REFUSALS.notCreditable);
      const now = app.now();
      const credited = await creditInvoice(
        db,
        invoice.id,
        { reason: request.body.reason, by: auth.user.id },
        now,
      );
      const { customer, to } = await billingContactsOf(invoice.customerId);
      const pdf = await creditNotePdf(credited.invoice, credited.creditNote, options.seller);
      await app.mailer.queue(
        to.map((address) =>
          creditNoteMail(invoice.language, {
            to: address,
            company: customer.companyName,
            number: credited.creditNote.number,
            invoice: invoice.number ?? '',
            total: formatCents(invoice.totalCents, invoice.language),
            url: invoicesUrl(),
            pdf,
          }),
        ),
        request.log,
      );
      return invoiceBody(credited.invoice, credited.creditNote, todayUtc(now));
    },

    async ceilings(request) {
      return ceilingBody(tenantOf(request));
    },

    async setCeilings(request) {
      const tenant = tenantOf(request);
      const { customer_ceiling_eur, groups } = request.body;
      const known = await tagIdsOf(db, tenant);
      const unknown = groups.findIndex((group) => !known.includes(group.tag_id));
      if (unknown >= 0) {
        const field = `groups.${unknown}.tag_id`;
        throw new HttpError(400, FIELD_REFUSALS.notCustomersTag, {
          [field]: [FIELD_REFUSALS.notCustomersTag],
        });
      }
      await replaceCeilings(
        db,
        tenant,
        customer_ceiling_eur,
        groups.map((group) => ({ tagId: group.tag_id, ceilingEur: group.ceiling_eur })),
      );
      return ceilingBody(tenant);
    },

    async preApprove(request) {
      const tenant = tenantOf(request);
      const auth = requireAuth(request);
      const customer = await customerOf(tenant.customerId);
      const month = todayIn(app.now(), customer.timezone).slice(0, 7);
      await preApproveMonth(db, tenant, month, { preApprovedAt: app.now(), preApprovedBy: auth.user.id });
      return ceilingBody(tenant);
    },
  });
}

/** How often invoices are generated: each customer's invoice day starts at its own midnight. */
export const BILLING_JOB_EVERY_MS = 15 * 60_000;

/** How often spend is checked against the ceilings: a warning goes out within a minute of its crossing. */
export const CEILING_ALERTS_EVERY_MS = 60_000;

/**
 * Generates due invoices and checks ceilings once the app is ready and then on an interval, in
 * every replica: generation takes a row lock per customer, and each warning is claimed once.
 */
export const billingJob = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  runPeriodically(app, 'billing job', BILLING_JOB_EVERY_MS, async () => {
    const created = await generateInvoices(app.db, app.now());
    return { invoices: created.length };
  });
  runPeriodically(app, 'ceiling alerts', CEILING_ALERTS_EVERY_MS, () =>
    checkCeilings(app.db, app.mailer, app.log, app.now(), options.publicUrl),
  );
});
