import { HANDED_IN_STATUSES, MINUTES_PER_DAY, SLOT_MINUTES, TIME_ENTRY_KINDS } from '@tidewatch/domain';
import { z } from 'zod';
import { CustomerId, IsoDateTime, optionalText, requiredText, storableText, text, UserId } from './common';
import { defineRoute, requires } from './route';

/** A month not handed in is `open`; a rejected one opens again for changes. */
export const MONTH_STATUSES = ['open', ...HANDED_IN_STATUSES] as const;
export const MonthStatus = z.enum(MONTH_STATUSES);
export type MonthStatus = z.infer<typeof MonthStatus>;

/** A calendar month, YYYY-MM, in this century (the month lists reach 24 months back). */
export const Month = text({ error: /*i18n*/ 'Choose a month' }).regex(/^20\d\d-(0[1-9]|1[0-2])$/, {
  error: /*i18n*/ 'Choose a month',
});
/** A calendar date in this century. */
export const EntryDate = z.iso
  .date({ error: /*i18n*/ 'Choose a date' })
  .check(storableText)
  .refine((date) => date.startsWith('20'), { error: /*i18n*/ 'Choose a date' });

const entryFields = z.object({
  customer_id: CustomerId,
  date: EntryDate,
  start_minute: z
    .number({ error: /*i18n*/ 'Choose a start time from the list' })
    .int({ error: /*i18n*/ 'Choose a start time from the list' })
    .min(0, { error: /*i18n*/ 'Choose a start time from the list' })
    .max(MINUTES_PER_DAY - SLOT_MINUTES, { error: /*i18n*/ 'Choose a start time from the list' })
    .multipleOf(SLOT_MINUTES, { error: /*i18n*/ 'Choose a start time from the list' }),
  minutes: z
    .number({ error: /*i18n*/ 'Enter a duration from 1 minute to 24 hours' })
    .int({ error: /*i18n*/ 'Enter a duration from 1 minute to 24 hours' })
    .min(1, { error: /*i18n*/ 'Enter a duration from 1 minute to 24 hours' })
    .max(MINUTES_PER_DAY, { error: /*i18n*/ 'Enter a duration from 1 minute to 24 hours' }),
  product_id: requiredText(/*i18n*/ 'Choose a product').max(64),
  description: requiredText(/*i18n*/ 'Describe the work').max(2000),
  ticket_ref: optionalText(100),
  kind: z.enum(TIME_ENTRY_KINDS).default('ordinary'),
  billable: z.boolean().default(true),
});

const endsByMidnight = {
  check: (entry: { start_minute: number; minutes: number }) =>
    entry.start_minute + entry.minutes <= MINUTES_PER_DAY,
  message: {
    error: /*i18n*/ 'An entry ends by midnight: register the rest on the next day',
    path: ['minutes'],
  },
};

/** What the register form sends; an entry ends by midnight of its day. */
export const TimeEntryInput = entryFields.refine(endsByMidnight.check, endsByMidnight.message);
export type TimeEntryInput = z.input<typeof TimeEntryInput>;

/** The same rules for a browser form, where an unticked box is absent: not billable. */
export const TimeEntryForm = entryFields
  .extend({ billable: z.boolean().default(false) })
  .refine(endsByMidnight.check, endsByMidnight.message);

export const TimeEntry = entryFields.extend({
  id: z.uuid(),
  ticket_ref: z.string().nullable(),
});
export type TimeEntry = z.infer<typeof TimeEntry>;

export const MonthState = z.object({
  month: z.string(),
  status: MonthStatus,
  /** The approver's comment on a rejection. */
  comment: z.string().nullable(),
  submitted_at: IsoDateTime.nullable(),
  decided_at: IsoDateTime.nullable(),
  decided_by: z.string().nullable(),
});
export type MonthState = z.infer<typeof MonthState>;

export const TimeMonth = MonthState.extend({ entries: z.array(TimeEntry) });
export type TimeMonth = z.infer<typeof TimeMonth>;

export const EmployeeMonth = MonthState.extend({
  user_id: UserId,
  name: z.string(),
  email: z.string(),
  minutes: z.number().int(),
  billable_minutes: z.number().int(),
  entry_count: z.number().int(),
});
export type EmployeeMonth = z.infer<typeof EmployeeMonth>;

export const MonthDecision = z
  .object({
    decision: z.enum(['approve', 'reject']),
    comment: optionalText(1000),
  })
  .refine((body) => body.decision === 'approve' || Boolean(body.comment), {
    error: /*i18n*/ 'Say why the month is rejected',
    path: ['comment'],
  });

export const SummaryLevel = z.object({
  level: z.number().int(),
  worked_minutes: z.number().int(),
  billed_minutes: z.number().int(),
  business_minutes: z.number().int(),
  outside_minutes: z.number().int(),
  free_minutes: z.number().int(),
  charged_minutes: z.number().int(),
  amount_eur: z.number(),
});

export const CustomerSummary = z.object({
  customer_id: z.string(),
  company_name: z.string(),
  timezone: z.string(),
  /** The plan whose free consultation time applies; null for a customer without one. */
  plan: z.string().nullable(),
  levels: z.array(SummaryLevel),
  free_minutes_included: z.number().int(),
  free_minutes_used: z.number().int(),
  total_eur: z.number(),
  /** Billable minutes in months not yet approved: not billed until they are. */
  unapproved_minutes: z.number().int(),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;

export const TimeSummary = z.object({
  month: z.string(),
  customers: z.array(CustomerSummary),
  total_eur: z.number(),
});
export type TimeSummary = z.infer<typeof TimeSummary>;

const monthParams = z.object({ month: Month });
const employeeMonthParams = z.object({ user_id: UserId, month: Month });
const entryParams = z.object({ entry_id: z.uuid({ error: /*i18n*/ 'Not a valid entry id' }) });

export const timeRegistrationRoutes = {
  month: defineRoute({
    method: 'GET',
    path: '/admin/hours/months/{month}',
    access: requires('timeRegistration.use'),
    summary: "The caller's own entries of a month and the month's status",
    params: monthParams,
    response: TimeMonth,
  }),
  create: defineRoute({
    method: 'POST',
    creates: true,
    path: '/admin/hours/entries',
    access: requires('timeRegistration.use'),
    summary: 'Register time (409 when it overlaps another entry or the month is handed in)',
    body: TimeEntryInput,
    response: TimeEntry,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/admin/hours/entries/{entry_id}',
    access: requires('timeRegistration.use'),
    summary: "Change one of the caller's entries while its month is open",
    params: entryParams,
    body: TimeEntryInput,
    response: TimeEntry,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/admin/hours/entries/{entry_id}',
    access: requires('timeRegistration.use'),
    summary: "Delete one of the caller's entries while its month is open",
    params: entryParams,
  }),
  submit: defineRoute({
    method: 'POST',
    path: '/admin/hours/months/{month}/submit',
    access: requires('timeRegistration.use'),
    summary: 'Hand in a month for approval (409 when it is handed in already or has no entries)',
    params: monthParams,
    response: MonthState,
  }),
  employees: defineRoute({
    method: 'GET',
    path: '/admin/hours/employees',
    access: requires('employeeOverview.view'),
    summary: "Every employee's month with its status and totals",
    query: z.object({ month: Month }),
    response: z.array(EmployeeMonth),
  }),
  employeeMonth: defineRoute({
    method: 'GET',
    path: '/admin/hours/employees/{user_id}/months/{month}',
    access: requires('employeeOverview.view'),
    summary: "One employee's entries of a month",
    params: employeeMonthParams,
    response: TimeMonth,
  }),
  decide: defineRoute({
    method: 'POST',
    path: '/admin/hours/employees/{user_id}/months/{month}/decision',
    access: requires('timeRegistration.approve'),
    summary: "Approve a submitted month (locking it) or reject it with a comment; never one's own",
    params: employeeMonthParams,
    body: MonthDecision,
    response: MonthState,
  }),
  summary: defineRoute({
    method: 'GET',
    path: '/admin/hours/summary',
    access: requires('timeRegistration.use'),
    summary: "Per customer, a month's approved billable minutes by level and what they bill",
    query: z.object({ month: Month }),
    response: TimeSummary,
  }),
  summaryExport: defineRoute({
    method: 'GET',
    path: '/admin/hours/summary.csv',
    access: requires('timeRegistration.use'),
    summary: 'The month summary as CSV (text/csv), a row per customer and level',
    query: z.object({ month: Month }),
  }),
};
