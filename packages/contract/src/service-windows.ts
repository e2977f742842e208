import { isTimeSlot, WEEKDAYS, WINDOW_STATUSES } from '@tidewatch/domain';
import { z } from 'zod';
import { CustomerId, IsoDateTime, text } from './common';
import { CustomerRef } from './customers';
import { Certname, Cursor, PageLimit, pageOf, TagId } from './infrastructure';
import { defineRoute, publicAccess, requires, sessionAccess } from './route';
import { TimeZone } from './signup';

export const WindowStatus = z.enum(WINDOW_STATUSES);
export type WindowStatus = z.infer<typeof WindowStatus>;
export const WindowType = z.enum(['automatic', 'adhoc']);
export const AppliesTo = z.enum(['servers', 'clusters', 'both']);
export const ProposalStatus = z.enum(['pending', 'accepted', 'rejected']);
export const ExemptionStatus = z.enum(['requested', 'approved', 'rejected']);
export const TargetResult = z.enum(['success', 'failed', 'skipped']);

/** Longest window: a day. */
export const MAX_WINDOW_MINUTES = 24 * 60;
/** Longest lead time of the email notice: a week. */
export const MAX_NOTICE_MINUTES = 7 * 24 * 60;

export const TimeSlot = text().refine(isTimeSlot, { error: /*i18n*/ 'Choose a time on the quarter hour' });
const QuarterHours = () =>
  z
    .number({ error: /*i18n*/ 'Enter a number of minutes' })
    .int({ error: /*i18n*/ 'Enter whole minutes' })
    .refine((minutes) => minutes % 15 === 0, { error: /*i18n*/ 'Use quarter hours (15, 30, 45 …)' });

/** A group's weekly window: what a configuration states and what a proposal asks for. */
export const WindowSettings = z.object({
  weekdays: z
    .array(z.union(WEEKDAYS.map((day) => z.literal(day))))
    .min(1, { error: /*i18n*/ 'Choose at least one weekday' })
    .max(7)
    .refine((days) => new Set(days).size === days.length, { error: /*i18n*/ 'Choose each weekday once' }),
  start: TimeSlot,
  duration_minutes: QuarterHours()
    .pipe(z.number().min(15, { error: /*i18n*/ 'A window lasts at least 15 minutes' }))
    .pipe(z.number().max(MAX_WINDOW_MINUTES, { error: /*i18n*/ 'A window lasts at most 24 hours' })),
  timezone: TimeZone,
  reboot_allowed: z.boolean(),
  applies_to: AppliesTo,
  notice_minutes: QuarterHours()
    .pipe(z.number().min(0))
    .pipe(z.number().max(MAX_NOTICE_MINUTES, { error: /*i18n*/ 'Send the notice at most a week before' })),
});
export type WindowSettings = z.output<typeof WindowSettings>;

const Person = z.object({ name: z.string(), email: z.string() }).nullable();
const Comment = text().trim().max(2000);
const RequiredComment = (message: string) =>
  text({ error: message }).trim().min(1, { error: message }).max(2000);

export const GroupRef = z.object({ id: TagId, name: z.string() });

export const WindowConfiguration = z.object({
  group: GroupRef.extend({ timezone: z.string().nullable() }),
  settings: WindowSettings.nullable(),
  version: z.number().int(),
  updated_at: IsoDateTime.nullable(),
  updated_by: Person,
  members: z.object({ servers: z.array(Certname), clusters: z.array(Certname) }),
  pending_proposals: z.number().int(),
});
export type WindowConfiguration = z.infer<typeof WindowConfiguration>;

export const ConfigurationVersion = z.object({
  version: z.number().int(),
  settings: WindowSettings,
  changed_at: IsoDateTime,
  changed_by: Person,
  proposal_id: z.uuid().nullable(),
});

export const Proposal = z.object({
  id: z.uuid(),
  group: GroupRef,
  settings: WindowSettings,
  /** What the group had when it was proposed (null: no configuration yet). */
  current: WindowSettings.nullable(),
  note: z.string(),
  status: ProposalStatus,
  proposed_at: IsoDateTime,
  proposed_by: Person,
  resolved_at: IsoDateTime.nullable(),
  resolved_by: Person,
  resolution_comment: z.string().nullable(),
});
export type Proposal = z.infer<typeof Proposal>;

export const WindowTarget = z.object({
  certname: Certname,
  kind: z.enum(['server', 'cluster']),
  exempted: z.boolean(),
  reported_at: IsoDateTime.nullable(),
  result: TargetResult.nullable(),
  comment: z.string().nullable(),
});

export const ServiceWindow = z.object({
  id: z.uuid(),
  customer_id: CustomerId,
  type: WindowType,
  group: GroupRef.nullable(),
  starts_at: IsoDateTime,
  ends_at: IsoDateTime,
  /** The window's own zone: its start was set in it. */
  timezone: z.string(),
  duration_minutes: z.number().int(),
  reboot_allowed: z.boolean(),
  note: z.string(),
  status: WindowStatus,
  targets: z.array(WindowTarget),
  /** The skips (exemptions) asked for this window, counted by where they stand. */
  skip_requests: z.object({
    requested: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
  }),
});
export type ServiceWindow = z.infer<typeof ServiceWindow>;

export const Exemption = z.object({
  id: z.uuid(),
  window: ServiceWindow.pick({
    id: true,
    starts_at: true,
    ends_at: true,
    timezone: true,
    status: true,
    group: true,
  }),
  /** Every target of the window when it asked for all. */
  certnames: z.array(Certname),
  all_targets: z.boolean(),
  reason: z.string(),
  status: ExemptionStatus,
  requested_at: IsoDateTime,
  requested_by: Person,
  resolved_at: IsoDateTime.nullable(),
  resolved_by: Person,
  resolution_comment: z.string().nullable(),
});
export type Exemption = z.infer<typeof Exemption>;

/** A local start on the quarter-hour grid, `2026-05-02T02:00`, read in the booking's zone. */
export const LocalStart = text({ error: /*i18n*/ 'Choose a start date and time' }).refine(
  (value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(value);
    if (!match) return false;
    const [, year, month, day, time] = match;
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    return (
      Number(year) >= 2000 &&
      Number(year) <= 2100 &&
      date.getUTCMonth() === Number(month) - 1 &&
      date.getUTCDate() === Number(day) &&
      isTimeSlot(time ?? '')
    );
  },
  { error: /*i18n*/ 'Choose a start date and a time on the quarter hour' },
);

export const BookWindowBody = z
  .object({
    tag_id: TagId.optional(),
    /** Targets by certname; with a group, only these of its members (none: all of them). */
    certnames: z.array(Certname).max(1000).default([]),
    starts_at_local: LocalStart,
    timezone: TimeZone,
    duration_minutes: WindowSettings.shape.duration_minutes,
    reboot_allowed: z.boolean().default(false),
    note: Comment.default(''),
  })
  .refine((body) => body.tag_id !== undefined || body.certnames.length > 0, {
    error: /*i18n*/ 'Choose an update group or at least one server or cluster',
    path: ['certnames'],
  })
  .refine((body) => new Set(body.certnames).size === body.certnames.length, {
    error: /*i18n*/ 'Name each server or cluster once',
    path: ['certnames'],
  });

/** What waits for staff across customers: proposals to answer and exemptions to grant or refuse. */
export const StaffQueue = z.object({
  proposals: z.array(Proposal.extend({ customer: CustomerRef })),
  exemptions: z.array(Exemption.extend({ customer: CustomerRef })),
});
export type StaffQueue = z.infer<typeof StaffQueue>;

const Resolution = z.object({
  decision: z.enum(['accept', 'reject']),
  comment: Comment.default(''),
});

const customerParams = z.object({ customer_id: CustomerId });
const tenant = { from: 'params', key: 'customer_id' } as const;

export const WindowFilters = z.object({
  tag_id: TagId.optional(),
  status: WindowStatus.optional(),
  /** Windows ending after this instant (default: all). */
  from: IsoDateTime.optional(),
  /** Windows starting before this instant. */
  until: IsoDateTime.optional(),
  /** Earliest start first (default), or latest first for looking back. */
  sort: z.enum(['start', '-start']).default('start'),
});

export const serviceWindowRoutes = {
  queue: defineRoute({
    method: 'GET',
    path: '/admin/service-window/queue',
    access: requires('serviceWindow.manage'),
    summary: "Every customer's pending window proposals and exemptions, oldest first",
    response: StaffQueue,
  }),
  configurations: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/service-window/configurations',
    access: sessionAccess,
    tokenScope: 'service_windows:read',
    summary: "Every update group's window configuration, members and pending proposals",
    params: customerParams,
    tenant,
    response: z.object({ data: z.array(WindowConfiguration) }),
  }),
  versions: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/service-window/configurations/{tag_id}/versions',
    access: sessionAccess,
    tokenScope: 'service_windows:read',
    summary: "An update group's configuration history, newest first",
    params: customerParams.extend({ tag_id: TagId }),
    tenant,
    response: z.object({ data: z.array(ConfigurationVersion) }),
  }),
  configure: defineRoute({
    method: 'PUT',
    path: '/customer/{customer_id}/service-window/configurations/{tag_id}',
    access: requires('serviceWindow.manage'),
    summary: "Set an update group's window (staff): a new version; future windows follow it",
    params: customerParams.extend({ tag_id: TagId }),
    body: WindowSettings,
    tenant,
    response: WindowConfiguration,
  }),
  proposals: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/service-window/proposals',
    access: sessionAccess,
    tokenScope: 'service_windows:read',
    summary: 'Proposed configurations, newest first; filter by status',
    params: customerParams,
    query: z.object({ status: ProposalStatus.optional(), cursor: Cursor.optional(), limit: PageLimit }),
    tenant,
    response: pageOf(Proposal),
  }),
  propose: defineRoute({
    method: 'POST',
    creates: true,
    path: '/customer/{customer_id}/service-window/proposals',
    access: requires('serviceWindow.updateConfiguration'),
    tokenScope: 'service_windows:write',
    summary: "Propose an update group's window (Update Configuration); staff accept or reject it",
    params: customerParams,
    body: z.object({ tag_id: TagId, settings: WindowSettings, note: Comment.default('') }),
    tenant,
    response: Proposal,
  }),
  resolveProposal: defineRoute({
    method: 'POST',
    path: '/customer/{customer_id}/service-window/proposals/{proposal_id}/resolution',
    access: requires('serviceWindow.manage'),
    summary: 'Accept (a new version) or reject a pending proposal, with a comment (409 once answered)',
    params: customerParams.extend({ proposal_id: z.uuid() }),
    body: Resolution,
    tenant,
    response: Proposal,
  }),
  windows: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/service-windows',
    access: sessionAccess,
    tokenScope: 'service_windows:read',
    summary: 'Booked windows by start: filter by group, status and time; keyset pages',
    params: customerParams,
    query: WindowFilters.extend({ cursor: Cursor.optional(), limit: PageLimit }),
    tenant,
    response: pageOf(ServiceWindow),
  }),
  book: defineRoute({
    method: 'POST',
    creates: true,
    path: '/customer/{customer_id}/service-windows',
    access: requires('serviceWindow.book'),
    summary: 'Book an ad-hoc window for a group or chosen servers and clusters (staff)',
    params: customerParams,
    body: BookWindowBody,
    tenant,
    response: ServiceWindow,
  }),
  exemptions: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/service-window/exemptions',
    access: sessionAccess,
    tokenScope: 'service_windows:read',
    summary: 'Exemptions asked for, newest first; filter by status',
    params: customerParams,
    query: z.object({ status: ExemptionStatus.optional(), cursor: Cursor.optional(), limit: PageLimit }),
    tenant,
    response: pageOf(Exemption),
  }),
  requestExemption: defineRoute({
    method: 'POST',
    creates: true,
    path: '/customer/{customer_id}/service-window/exemptions',
    access: sessionAccess,
    tokenScope: 'service_windows:write',
    summary: 'Ask to skip a scheduled window for some or all of its targets, with a reason',
    params: customerParams,
    body: z.object({
      window_id: z.uuid(),
      /** None: every target. */
      certnames: z.array(Certname).max(1000).default([]),
      reason: RequiredComment(/*i18n*/ 'Say why the window should be skipped'),
    }),
    tenant,
    response: Exemption,
  }),
  resolveExemption: defineRoute({
    method: 'POST',
    path: '/customer/{customer_id}/service-window/exemptions/{exemption_id}/resolution',
    access: requires('serviceWindow.manage'),
    summary: 'Approve (the targets leave the window) or reject an exemption, with a comment',
    params: customerParams.extend({ exemption_id: z.uuid() }),
    body: Resolution,
    tenant,
    response: Exemption,
  }),
  calendarFeed: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/service-window/calendar-feed',
    access: sessionAccess,
    summary: 'Whether the customer has a calendar feed (its address is shown once, when made)',
    params: customerParams,
    tenant,
    response: z.object({ active: z.boolean(), created_at: IsoDateTime.nullable() }),
  }),
  createCalendarFeed: defineRoute({
    method: 'POST',
    creates: true,
    path: '/customer/{customer_id}/service-window/calendar-feed',
    access: requires('infrastructure.manage'),
    summary: 'Make a new secret calendar address (the old one stops working)',
    params: customerParams,
    tenant,
    response: z.object({ url: z.string(), created_at: IsoDateTime }),
  }),
  revokeCalendarFeed: defineRoute({
    method: 'DELETE',
    path: '/customer/{customer_id}/service-window/calendar-feed',
    access: requires('infrastructure.manage'),
    summary: 'Revoke the calendar address',
    params: customerParams,
    tenant,
  }),
};

export const CalendarToken = text().regex(/^twcal_[A-Za-z0-9_-]{20,100}$/, {
  error: 'Unknown calendar feed',
});

export const AgentWindowAnswer = z.object({
  certname: Certname,
  open: z.boolean(),
  /** The open window, or null. */
  window_id: z.uuid().nullable(),
  type: WindowType.nullable(),
  timezone: z.string().nullable(),
  ends_at: IsoDateTime.nullable(),
  reboot_allowed: z.boolean().nullable(),
  /** The next window's start for this machine (exempted ones skipped). */
  next_start: IsoDateTime.nullable(),
});

/** Calls without a session: the calendar feed (its secret in the path) and the agent's (its credential). */
export const serviceWindowPublicRoutes = {
  calendar: defineRoute({
    method: 'GET',
    path: '/service-window/calendar/{token}/windows.ics',
    access: publicAccess,
    summary: "A customer's windows as iCalendar (text/calendar); 404 for an unknown or revoked address",
    params: z.object({ token: CalendarToken }),
  }),
  agentWindow: defineRoute({
    method: 'GET',
    path: '/agent/service-window',
    access: publicAccess,
    summary: 'Is my window open now? (server or cluster credential)',
    response: AgentWindowAnswer,
  }),
  agentDone: defineRoute({
    method: 'POST',
    path: '/agent/service-window/{window_id}/done',
    access: publicAccess,
    summary: 'I am done in this window, with a result and comment; repeating it changes nothing',
    params: z.object({ window_id: z.uuid() }),
    body: z.object({ result: TargetResult, comment: Comment.default('') }),
    response: z.object({ window_id: z.uuid(), status: WindowStatus }),
  }),
};
