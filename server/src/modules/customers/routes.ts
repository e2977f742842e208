import {
  type BillingRecord,
  type CustomerRecord,
  contract,
  FIELD_REFUSALS,
  REFUSALS,
} from '@tidewatch/contract';
import { can, WELCOME_LINK_VALID_MINUTES } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import { requireAuth, tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import { findCustomer } from '../../core/tenant';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError, notFound } from '../../lib/http-error';
import { newLinkToken, sitePath } from '../../lib/link-tokens';
import { welcomeMail } from '../mail';
import { findUserByEmail } from '../users';
import {
  type CustomerRow,
  companyNameTaken,
  createCustomerWithManager,
  customersOwning,
  freeCustomerId,
  listCustomers,
  subscribedCertnameCounts,
  vatFieldsFor,
} from './repository';

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
    plan: row.plan,
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

const taken = (field: string, message: string) => new HttpError(409, message, { [field]: [message] });

export async function customerRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  implement(app, contract.customers, {
    async details(request) {
      const scope = can(requireAuth(request).flags, 'customers.readAll') ? null : tenantOf(request);
      const rows = await listCustomers(app.db, scope);
      const counts = await subscribedCertnameCounts(app.db, scope);
      return { data: rows.map((row) => toCustomerRecord(row, counts.get(row.id))) };
    },
    async owners(request) {
      return { data: await customersOwning(app.db, request.query.kind, request.query.name) };
    },
    async billing(request) {
      const row = await findCustomer(app.db, tenantOf(request).customerId);
      if (!row) throw notFound(REFUSALS.noSuchCustomer);
      return toBillingRecord(row);
    },
    async create(request) {
      const form = request.body;
      const now = app.now();
      if (form.id && (await findCustomer(app.db, form.id))) throw taken('id', FIELD_REFUSALS.customerIdTaken);
      if (await companyNameTaken(app.db, form.company_name))
        throw taken('company_name', FIELD_REFUSALS.companyNameTaken);
      if (await findUserByEmail(app.db, form.user_email))
        throw taken('user_email', FIELD_REFUSALS.userAddressTaken);
      const customerId = form.id ?? (await freeCustomerId(app.db, form.company_name));
      const { token, id: tokenId } = newLinkToken();
      let created: CustomerRow;
      try {
        created = await createCustomerWithManager(
          app.db,
          {
            id: customerId,
            companyName: form.company_name,
            plan: form.plan,
            alertEmail: form.alert_email,
            attName: form.user_name,
            attEmail: form.user_email,
            billingAddress: form.billing_address,
            billingCountry: form.country,
            billingEmail: form.billing_email,
            billingEmailCc: form.billing_email_cc ?? null,
            billingLanguage: form.billing_language,
            timezone: form.timezone,
            ...vatFieldsFor(form.country, form.vat_id),
            invoiceDayOfMonth: form.invoice_day_of_month,
            creditDays: form.credit_days,
            expenseCeilingEur: form.expense_ceiling_eur ?? null,
            createdAt: now,
          },
          { email: form.user_email, name: form.user_name, language: form.user_language },
          { tokenId, expiresAt: new Date(now.getTime() + WELCOME_LINK_VALID_MINUTES * 60_000) },
        );
      } catch (error) {
        // Another request took the id or the address between the checks and the insert.
        if (isUniqueViolation(error)) throw new HttpError(409, FIELD_REFUSALS.userAddressTaken);
        throw error;
      }
      const url = `${options.publicUrl}${sitePath(form.user_language, '/set-password')}?token=${encodeURIComponent(token)}`;
      await app.mailer.queue(
        [
          welcomeMail(form.user_language, {
            to: form.user_email,
            name: form.user_name,
            company: form.company_name,
            url,
            validMinutes: WELCOME_LINK_VALID_MINUTES,
          }),
        ],
        request.log,
      );
      request.log.info({ customerId }, 'customer created by staff');
      return toCustomerRecord(created);
    },
  });
}
