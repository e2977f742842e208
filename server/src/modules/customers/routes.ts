import { type BillingRecord, type CustomerRecord, contract } from '@tidewatch/contract';
import { can } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import type { CustomerRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { implement } from '../../lib/route';
import { requireAuth } from '../../plugins/access';
import { findCustomer, listCustomers, subscribedCertnameCounts } from './repository';

type CertnameCount = CustomerRecord['subscribed_certname_count'];
const NO_SUBSCRIPTIONS: CertnameCount = { k8s: 0, server: 0, total: 0 };

function toCustomerRecord(row: CustomerRow, subscribed: CertnameCount = NO_SUBSCRIPTIONS): CustomerRecord {
  return {
    id: row.id,
    company_name: row.companyName,
    active: row.active,
    alert_email: row.alertEmail,
    att_email: row.attEmail,
    att_name: row.attName,
    billing_address: row.billingAddress,
    billing_country: row.billingCountry,
    billing_email: row.billingEmail,
    billing_email_cc: row.billingEmailCc,
    billing_language: row.billingLanguage,
    created: row.createdAt.toISOString(),
    credit_days: row.creditDays,
    invoice_day_of_month: row.invoiceDayOfMonth,
    latest_invoice_id: row.latestInvoiceId,
    serial_num: row.serialNum,
    timezone: row.timezone,
    vat_id: row.vatId,
    vat_rate: row.vatRate,
    expense_ceiling_eur: row.expenseCeilingEur,
    subscribed_certname_count: subscribed,
    trial:
      row.trialPlan && row.trialEndsAt
        ? { plan: row.trialPlan, ends: row.trialEndsAt.toISOString(), converts_to: row.convertsToPlan }
        : null,
  };
}

function toBillingRecord(row: CustomerRow): BillingRecord {
  const customer = toCustomerRecord(row);
  return {
    id: row.id,
    customer_id: row.id,
    company_name: customer.company_name,
    att_name: customer.att_name,
    att_email: customer.att_email,
    billing_address: customer.billing_address,
    billing_country: customer.billing_country,
    billing_email: customer.billing_email,
    billing_email_cc: customer.billing_email_cc,
    billing_language: customer.billing_language,
    vat_id: customer.vat_id,
    vat_rate: customer.vat_rate,
    credit_days: customer.credit_days,
    invoice_day_of_month: customer.invoice_day_of_month,
  };
}

export async function customerRoutes(app: FastifyInstance) {
  implement(app, contract.customers, {
    async details(request) {
      const auth = requireAuth(request);
      const scope = can(auth.flags, 'customers.readAll') ? null : auth.customer.id;
      const rows = await listCustomers(app.db, scope);
      const counts = await subscribedCertnameCounts(app.db, scope);
      return { data: rows.map((row) => toCustomerRecord(row, counts.get(row.id))) };
    },
    async billing(request) {
      const row = await findCustomer(app.db, request.params.id);
      if (!row) throw notFound('No such customer');
      return toBillingRecord(row);
    },
  });
}
