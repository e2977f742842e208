import { z } from 'zod';
import {
  CustomerId,
  dataEnvelope,
  Email,
  IsoDateTime,
  Language,
  optionalText,
  requiredText,
  text,
} from './common';
import { Plan } from './infrastructure';
import { defineRoute, requires, sessionAccess } from './route';
import { CountryCode, checkVatCountry, SignUpBilling, TimeZone } from './signup';

/** The customer record of spec section 3. */
export const CustomerRecord = z.object({
  id: CustomerId,
  company_name: z.string(),
  active: z.boolean(),
  alert_email: z.string().nullable(),
  att_email: z.string().nullable(),
  att_name: z.string().nullable(),
  billing_address: z.string().nullable(),
  billing_country: z.string().nullable(),
  billing_email: z.string().nullable(),
  billing_email_cc: z.string().nullable(),
  billing_language: Language,
  created: IsoDateTime,
  credit_days: z.number().int(),
  invoice_day_of_month: z.number().int(),
  latest_invoice_id: z.string().nullable(),
  serial_num: z.number().int(),
  timezone: z.string(),
  vat_id: z.string().nullable(),
  vat_rate: z.number(),
  expense_ceiling_eur: z.number().nullable(),
  subscribed_certname_count: z.object({
    k8s: z.number().int(),
    server: z.number().int(),
    total: z.number().int(),
  }),
  /** The plan the customer subscribes to (its servers' default); null for one from sign-up that has not chosen. */
  plan: Plan.nullable(),
  /** A trial from sign-up: its plan, its end, and the plan chosen to follow it (null: not chosen yet). */
  trial: z.object({ plan: Plan, ends: IsoDateTime, converts_to: Plan.nullable() }).nullable(),
});
export type CustomerRecord = z.infer<typeof CustomerRecord>;

/** A customer named beside staff work: which one it is and how to show it. */
export const CustomerRef = CustomerRecord.pick({ id: true, company_name: true });
export type CustomerRef = z.infer<typeof CustomerRef>;

/** What a portal address can name without naming its customer. */
export const OWNED_KINDS = ['server', 'cluster', 'team'] as const;
export const OwnedKind = z.enum(OWNED_KINDS);
export type OwnedKind = z.infer<typeof OwnedKind>;

/** The customer billing record: what an invoice is addressed and charged by. */
export const BillingRecord = CustomerRecord.pick({
  company_name: true,
  att_name: true,
  att_email: true,
  billing_address: true,
  billing_country: true,
  billing_email: true,
  billing_email_cc: true,
  billing_language: true,
  vat_id: true,
  vat_rate: true,
  credit_days: true,
  invoice_day_of_month: true,
}).extend({ id: CustomerId, customer_id: CustomerId });
export type BillingRecord = z.infer<typeof BillingRecord>;

/** The bounds staff may set on a new customer's invoicing. */
export const INVOICING_BOUNDS = {
  /** Day 29 to 31 do not occur every month. */
  invoiceDay: { min: 1, max: 28 },
  creditDays: { min: 0, max: 90 },
  expenseCeilingEur: { min: 0, max: 1_000_000 },
} as const;

/** A monthly expense ceiling in EUR, to the cent. */
export const ExpenseCeilingEur = z
  .number({ error: /*i18n*/ 'Enter an amount from 0 to 1,000,000 EUR' })
  .min(INVOICING_BOUNDS.expenseCeilingEur.min, {
    error: /*i18n*/ 'Enter an amount from 0 to 1,000,000 EUR',
  })
  .max(INVOICING_BOUNDS.expenseCeilingEur.max, {
    error: /*i18n*/ 'Enter an amount from 0 to 1,000,000 EUR',
  })
  .multipleOf(0.01, { error: /*i18n*/ 'Use at most two decimals' });

const wholeNumber = (message: string, bounds: { min: number; max: number }) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(bounds.min, { error: message })
    .max(bounds.max, { error: message });

/** A customer id staff choose themselves: the same rule as the ids sign-up makes. */
export const NewCustomerId = text()
  .trim()
  .regex(/^[a-z0-9]{6,10}$/, { error: /*i18n*/ 'Use 6 to 10 lowercase letters and digits' })
  .optional()
  .or(z.literal('').transform(() => undefined));

/** /admin/create-customer: the customer record's fields staff set, its plan, and the first user to invite. */
export const CreateCustomerBody = z
  .object({
    company_name: requiredText(/*i18n*/ 'Enter the company name').max(200),
    id: NewCustomerId,
    plan: Plan,
    country: CountryCode,
    timezone: TimeZone,
    alert_email: Email,
    billing_address: requiredText(/*i18n*/ 'Enter the billing address').max(500),
    billing_email: Email,
    billing_email_cc: SignUpBilling.shape.billing_email_cc,
    billing_language: Language,
    vat_id: optionalText(20),
    invoice_day_of_month: wholeNumber(/*i18n*/ 'Choose a day from 1 to 28', INVOICING_BOUNDS.invoiceDay),
    credit_days: wholeNumber(/*i18n*/ 'Enter 0 to 90 days', INVOICING_BOUNDS.creditDays),
    expense_ceiling_eur: ExpenseCeilingEur.optional(),
    user_name: requiredText(/*i18n*/ "Enter the first user's name").max(200),
    user_email: Email,
    user_language: Language,
  })
  .superRefine(checkVatCountry);
export type CreateCustomerBody = z.infer<typeof CreateCustomerBody>;

export const customerRoutes = {
  details: defineRoute({
    method: 'GET',
    path: '/customer_details',
    access: sessionAccess,
    summary: "Customers the caller may see: every customer for staff, one's own otherwise",
    response: dataEnvelope(z.array(CustomerRecord)),
  }),
  billing: defineRoute({
    method: 'GET',
    path: '/customer/{id}/billing',
    access: sessionAccess,
    summary: "A customer's billing record",
    params: z.object({ id: CustomerId }),
    tenant: { from: 'params', key: 'id' },
    response: BillingRecord,
  }),
  owners: defineRoute({
    method: 'GET',
    path: '/admin/owners',
    access: requires('customers.readAll'),
    summary:
      'Which customers have a server, cluster or team of this name: opens a link under "All customers" at its customer',
    query: z.object({ kind: OwnedKind, name: text().trim().min(1).max(255) }),
    response: dataEnvelope(z.array(CustomerRef)),
  }),
  create: defineRoute({
    method: 'POST',
    creates: true,
    path: '/customers',
    access: requires('customers.create'),
    summary:
      "Create a customer with its plan and invite its first user by a mailed set-password link (409 when the id, the company name or the user's address is taken)",
    body: CreateCustomerBody,
    response: CustomerRecord,
  }),
};
