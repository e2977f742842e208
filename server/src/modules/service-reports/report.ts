import type { ServiceReport } from '@tidewatch/contract';
import {
  daysOfMonth,
  mondayOf,
  monthList,
  monthOf,
  monthRange,
  OUTCOME_KINDS,
  type OutcomeKind,
  todayIn,
  zonedInstant,
} from '@tidewatch/domain';
import { checkedTenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import type { ClusterRow, CustomerRow, ServerRow } from '../../db/schema';
import { PING_INTERVAL_SECONDS } from '../agent';
import { listChangeRequests } from '../change-requests';
import { summariesOf } from '../servers';
import { outcomeOf } from '../service-windows';
import { monthSummary } from '../time-registration';
import {
  clustersOf,
  pingDaysOf,
  type Span,
  serversOf,
  spendingInvoicesOf,
  windowsEndedIn,
} from './repository';

/** The months a report is offered for, and how many months the spend chart shows. */
const MONTHS_OFFERED = 24;
const SPEND_MONTHS = 6;
const DAY_MS = 86_400_000;

/** The month the customer began, in its time zone. */
const firstMonthOf = (customer: CustomerRow) => monthOf(todayIn(customer.createdAt, customer.timezone));

/** Each finished month since the customer began, newest first, at most `MONTHS_OFFERED`. */
export function reportMonths(customer: CustomerRow, now: Date): string[] {
  const first = firstMonthOf(customer);
  return monthList(now, customer.timezone, MONTHS_OFFERED)
    .slice(1)
    .filter((month) => month >= first);
}

/** Whether the month is over and not before the customer began: its report can be made. */
export const hasReport = (customer: CustomerRow, month: string, now: Date) =>
  month >= firstMonthOf(customer) && month < monthOf(todayIn(now, customer.timezone));

/** The month's instants in the customer's time zone, and its dates. */
function monthSpan(month: string, timezone: string): Span & { first: string; last: string } {
  const { from, until } = monthRange(month);
  const days = daysOfMonth(month);
  return {
    from: zonedInstant(from, '00:00', timezone),
    to: zonedInstant(until, '00:00', timezone),
    first: from,
    last: days[days.length - 1] ?? from,
  };
}

type Machine = Pick<ServerRow | ClusterRow, 'createdAt' | 'decommissionedAt'>;
const managedAt = (machine: Machine, at: Date) =>
  machine.createdAt < at && (machine.decommissionedAt === null || machine.decommissionedAt >= at);

/** Under management when the month began and ended, added and decommissioned in it. */
const fleetCount = (machines: Machine[], span: Span) => ({
  start: machines.filter((machine) => managedAt(machine, span.from)).length,
  end: machines.filter((machine) => managedAt(machine, span.to)).length,
  added: machines.filter((machine) => machine.createdAt >= span.from && machine.createdAt < span.to).length,
  removed: machines.filter(
    (machine) =>
      machine.decommissionedAt && machine.decommissionedAt >= span.from && machine.decommissionedAt < span.to,
  ).length,
});

const share = (received: number, expected: number) => (expected > 0 ? received / expected : null);
const minutesBetween = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));

/**
 * Pings due and received by UTC day (the days pings are counted by), and the quiet spells: runs of
 * days a server owed pings and sent none. A server owes pings from the first day its pings were
 * counted (one that never reported is listed apart) while it is under management, up to `now`.
 */
async function availabilityOf(
  db: Database,
  servers: ServerRow[],
  clusters: ClusterRow[],
  month: string,
  now: Date,
) {
  const { from, until } = monthRange(month);
  const days = daysOfMonth(month);
  const monthEnd = new Date(`${until}T00:00:00Z`);
  const { days: counted, firstDays } = await pingDaysOf(
    db,
    servers.map((server) => server.id),
    from,
    until,
  );
  const pingsOn = new Map(counted.map((row) => [`${row.serverId}\0${row.day}`, row.pings]));
  const byDay = new Map(days.map((day) => [day, { expected: 0, received: 0 }]));
  const quiet: ServiceReport['availability']['quiet'] = [];
  for (const server of servers) {
    const firstDay = firstDays.get(server.id);
    if (!firstDay) continue;
    const owedFrom = Math.max(server.createdAt.getTime(), Date.parse(`${firstDay}T00:00:00Z`));
    const owedTo = Math.min(server.decommissionedAt?.getTime() ?? Number.POSITIVE_INFINITY, now.getTime());
    // Runs of days the server owed pings and sent none, each as its first and last instant owed.
    const spells: { from: number; to: number }[] = [];
    let quietBefore = false;
    for (const day of days) {
      const dayStart = Date.parse(`${day}T00:00:00Z`);
      const owedStart = Math.max(dayStart, owedFrom);
      const owedEnd = Math.min(dayStart + DAY_MS, owedTo);
      const expected =
        owedEnd > owedStart ? Math.floor((owedEnd - owedStart) / 1000 / PING_INTERVAL_SECONDS) : 0;
      const received = Math.min(pingsOn.get(`${server.id}\0${day}`) ?? 0, expected);
      const total = byDay.get(day);
      if (total) {
        total.expected += expected;
        total.received += received;
      }
      const quietDay = expected > 0 && received === 0;
      const current = spells[spells.length - 1];
      if (quietDay && quietBefore && current) current.to = owedEnd;
      else if (quietDay) spells.push({ from: owedStart, to: owedEnd });
      quietBefore = quietDay;
    }
    // Quiet to the month's end and not heard from since: still quiet as the month ended.
    const heardSince = (server.lastPingAt?.getTime() ?? 0) >= monthEnd.getTime();
    for (const spell of spells) {
      quiet.push({
        kind: 'server',
        name: server.certname,
        from: new Date(spell.from).toISOString(),
        to: spell.to >= monthEnd.getTime() && !heardSince ? null : new Date(spell.to).toISOString(),
        minutes: minutesBetween(new Date(spell.from), new Date(spell.to)),
      });
    }
  }
  const span = { from: new Date(`${from}T00:00:00Z`), to: monthEnd };
  // Clusters' pings are not counted by day: a cluster that went quiet and stayed so shows from its last ping.
  for (const cluster of clusters) {
    const last = cluster.lastPingAt;
    if (cluster.status !== 'stale' || !last || last >= span.to) continue;
    const start = new Date(Math.max(last.getTime(), span.from.getTime()));
    quiet.push({
      kind: 'cluster',
      name: cluster.certname,
      from: start.toISOString(),
      to: null,
      minutes: minutesBetween(start, span.to),
    });
  }
  const totals = [...byDay.values()];
  const expected = totals.reduce((sum, day) => sum + day.expected, 0);
  const received = totals.reduce((sum, day) => sum + day.received, 0);
  const weeks = new Map<string, { expected: number; received: number }>();
  for (const [day, total] of byDay) {
    const week = weeks.get(mondayOf(day)) ?? { expected: 0, received: 0 };
    weeks.set(mondayOf(day), {
      expected: week.expected + total.expected,
      received: week.received + total.received,
    });
  }
  return {
    expected_pings: expected,
    received_pings: received,
    share: share(received, expected),
    weeks: [...weeks].map(([week, total]) => ({ week, share: share(total.received, total.expected) })),
    quiet: quiet.sort((a, b) => a.from.localeCompare(b.from)),
  };
}

/** The update groups' windows that ended in the month: machines by outcome, and each window by its worst. */
async function windowsOf(db: Database, customer: CustomerRow, span: Span) {
  const rows = await windowsEndedIn(db, checkedTenant(customer.id), span);
  const outcomes = Object.fromEntries(OUTCOME_KINDS.map((kind) => [kind, 0])) as Record<OutcomeKind, number>;
  const list: ServiceReport['windows']['list'] = [];
  for (const row of rows) {
    const outcome = await outcomeOf(db, row.id);
    for (const kind of OUTCOME_KINDS) outcomes[kind] += outcome[kind].length;
    list.push({
      tag_name: row.tagName,
      starts_at: row.startsAt.toISOString(),
      servers: row.servers,
      // The kinds run from worst to best: a window is as good as its worst machine.
      outcome: OUTCOME_KINDS.find((kind) => outcome[kind].length > 0) ?? 'silent',
    });
  }
  return { outcomes, list };
}

/** The six months up to this one, oldest first. */
function spendMonths(month: string): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: SPEND_MONTHS }, (_, index) => {
    const date = new Date(Date.UTC(year, number - 1 - (SPEND_MONTHS - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

/**
 * The customer's report of a finished month (decision 0104). Every figure comes from what the
 * portal's own pages read for the month: the fleet from the servers and clusters, consultation from
 * the hours summary, windows from their outcomes, spend from the issued invoices.
 */
export async function buildReport(
  db: Database,
  customer: CustomerRow,
  month: string,
  now: Date,
): Promise<ServiceReport> {
  const tenant = checkedTenant(customer.id);
  const span = monthSpan(month, customer.timezone);
  const months = spendMonths(month);
  const [serverRows, clusterRows, windows, merged, summary, spendRows] = await Promise.all([
    serversOf(db, tenant, span),
    clustersOf(db, tenant, span),
    windowsOf(db, customer, span),
    listChangeRequests(db, tenant, 'merged'),
    monthSummary(db, month, now),
    spendingInvoicesOf(db, tenant, months),
  ]);
  const atEnd = serverRows.filter((server) => managedAt(server, span.to));
  const [availability, summaries] = await Promise.all([
    availabilityOf(db, serverRows, clusterRows, month, now),
    summariesOf(db, atEnd, span.to),
  ]);
  const consultation = summary.customers.find((each) => each.customer_id === customer.id);
  const levels = (consultation?.levels ?? []).map((level) => ({
    level: level.level,
    minutes: level.worked_minutes,
  }));
  const spentOf = (of: string) =>
    spendRows.filter((row) => row.period === of).reduce((sum, row) => sum + row.subtotalCents, 0);
  const mergedInMonth = merged.filter(
    (request) => request.resolvedAt && request.resolvedAt >= span.from && request.resolvedAt < span.to,
  );
  return {
    customer_id: customer.id,
    company: customer.companyName,
    month,
    from: span.first,
    to: span.last,
    fleet: { servers: fleetCount(serverRows, span), clusters: fleetCount(clusterRows, span) },
    availability,
    windows,
    change_requests: {
      merged: mergedInMonth.length,
      list: mergedInMonth
        .map((request) => ({ title: request.title, merged_at: (request.resolvedAt as Date).toISOString() }))
        .sort((a, b) => a.merged_at.localeCompare(b.merged_at)),
    },
    consultation: {
      levels,
      included_minutes: consultation?.free_minutes_included ?? 0,
      used_minutes: levels.reduce((sum, level) => sum + level.minutes, 0),
      billed_cents: Math.round((consultation?.total_eur ?? 0) * 100),
    },
    spend: {
      spent_cents: spentOf(month),
      ceiling_cents:
        customer.expenseCeilingEur === null ? null : Math.round(customer.expenseCeilingEur * 100),
      months: months.map((of) => ({ month: of, spent_cents: spentOf(of) })),
    },
    attention: {
      end_of_life: summaries.flatMap((server) =>
        server.os?.past_end_of_life
          ? [{ name: server.certname, os: server.os.name, end_of_life: server.os.end_of_life ?? '' }]
          : [],
      ),
      never_reported: atEnd
        .filter((server) => server.lastPingAt === null)
        .map((server) => ({ name: server.certname, added_at: server.createdAt.toISOString() })),
    },
  };
}
