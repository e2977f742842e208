import { z } from 'zod';
import { CustomerId, dataEnvelope, IsoDateTime, Language } from './common';
import { Plan } from './infrastructure';
import { defineRoute, sessionAccess } from './route';

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
  /** A trial from sign-up: its plan, its end, and the plan chosen to follow it (null: not chosen yet). */
  trial: z.object({ plan: Plan, ends: IsoDateTime, converts_to: Plan.nullable() }).nullable(),
});
export type CustomerRecord = z.infer<typeof CustomerRecord>;

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
};
