import { OUTCOME_KINDS } from '@tidewatch/domain';
import { z } from 'zod';
import { CustomerId } from './common';
import { defineRoute, requires } from './route';
import { Month } from './time-registration';

/** How many of a kind the customer had under management when the month began and ended, and the change. */
const FleetCount = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  added: z.number().int().min(0),
  removed: z.number().int().min(0),
});

/** A stretch the agent of a server or cluster went quiet, within the month; `to` null while still quiet at its end. */
const QuietSpell = z.object({
  kind: z.enum(['server', 'cluster']),
  name: z.string(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }).nullable(),
  minutes: z.number().int().min(0),
});

/**
 * A month of managed service for one customer, as its managers hand it on (decision 0104): every
 * figure is the one the portal's own page shows for the same month.
 */
export const ServiceReport = z.object({
  customer_id: CustomerId,
  company: z.string(),
  month: z.string(),
  /** The month's first and last day, in the service's time zone. */
  from: z.string(),
  to: z.string(),
  fleet: z.object({ servers: FleetCount, clusters: FleetCount }),
  availability: z.object({
    /** Pings the agents were due to send while their servers were under management, and those received. */
    expected_pings: z.number().int().min(0),
    received_pings: z.number().int().min(0),
    /** received / expected, 0-1; null when nothing was due. */
    share: z.number().min(0).max(1).nullable(),
    /** The same by ISO week (Monday's date), for the chart. */
    weeks: z.array(z.object({ week: z.string(), share: z.number().min(0).max(1).nullable() })),
    quiet: z.array(QuietSpell),
  }),
  windows: z.object({
    /** Windows that ended in the month, by outcome. */
    outcomes: z.object(Object.fromEntries(OUTCOME_KINDS.map((kind) => [kind, z.number().int().min(0)]))),
    list: z.array(
      z.object({
        tag_name: z.string(),
        starts_at: z.iso.datetime({ offset: true }),
        servers: z.number().int().min(0),
        outcome: z.enum(OUTCOME_KINDS),
      }),
    ),
  }),
  change_requests: z.object({
    merged: z.number().int().min(0),
    list: z.array(z.object({ title: z.string(), merged_at: z.iso.datetime({ offset: true }) })),
  }),
  consultation: z.object({
    /** Approved minutes by level, and the free minutes the plan includes (which cover levels up to 2). */
    levels: z.array(z.object({ level: z.number().int(), minutes: z.number().int().min(0) })),
    included_minutes: z.number().int().min(0),
    used_minutes: z.number().int().min(0),
    billed_cents: z.number().int().min(0),
  }),
  spend: z.object({
    /** What the month's issued invoices and consultation came to, and the ceiling in force (null: none). */
    spent_cents: z.number().int().min(0),
    ceiling_cents: z.number().int().min(0).nullable(),
    /** The spend of each of the six months up to this one, for the chart. */
    months: z.array(z.object({ month: z.string(), spent_cents: z.number().int().min(0) })),
  }),
  attention: z.object({
    end_of_life: z.array(z.object({ name: z.string(), os: z.string(), end_of_life: z.string() })),
    never_reported: z.array(z.object({ name: z.string(), added_at: z.iso.datetime({ offset: true }) })),
  }),
});
export type ServiceReport = z.infer<typeof ServiceReport>;

export const ServiceReportMonths = z.object({
  /** The months a report can be made for, newest first: each finished month since the customer began. */
  months: z.array(z.string()),
});
export type ServiceReportMonths = z.infer<typeof ServiceReportMonths>;

export const REPORT_LANGUAGES = ['en', 'da'] as const;

const customerParams = z.object({ customer_id: CustomerId });
const monthParams = customerParams.extend({ month: Month });
const tenantParams = { from: 'params', key: 'customer_id' } as const;

export const serviceReportRoutes = {
  months: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/reports',
    access: requires('serviceReports.read'),
    summary: 'The months the customer’s monthly service report can be opened for',
    params: customerParams,
    tenant: tenantParams,
    response: ServiceReportMonths,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/reports/{month}',
    access: requires('serviceReports.read'),
    summary: 'The monthly service report of a finished month',
    params: monthParams,
    tenant: tenantParams,
    response: ServiceReport,
  }),
  pdf: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/reports/{month}/pdf',
    access: requires('serviceReports.read'),
    summary: 'The monthly service report as a PDF (application/pdf), in English or Danish',
    params: monthParams,
    query: z.object({ language: z.enum(REPORT_LANGUAGES).optional() }),
    tenant: tenantParams,
    download: true,
  }),
};
