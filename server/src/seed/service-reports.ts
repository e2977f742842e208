import { daysOfMonth, monthList, shiftDate } from '@tidewatch/domain';
import { isNotNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { customers, serverPingDays, servers, serviceReportMailings } from '../db/schema';
import { PING_INTERVAL_SECONDS } from '../modules/agent';

const DAY_SECONDS = 86_400;
/** How far back the demo's agents have counted their pings: last month whole, whatever the day. */
const DAYS_BACK = 62;

/**
 * Days last month the demo's agents sent nothing (a quiet spell) or only part of their pings (a
 * network blip), by server and day of the month, so its report's availability has something to show.
 */
const QUIET_DAYS: Record<string, number[]> = { 'batch-01.acmecorp': [12, 13], 'gx-legacy-01.globexco': [5] };
const PARTIAL_DAYS: Record<string, { day: number; share: number }[]> = {
  'web-01.acmecorp': [{ day: 20, share: 0.75 }],
  'db-01.acmecorp': [{ day: 8, share: 0.5 }],
};

/**
 * The pings the demo's reporting servers sent each day up to their last ping (decision 0104), with
 * last month's gaps, in one insert; and last month's reports as mailed already, so a first start
 * mails nobody a report of a month it did not see.
 */
export async function seedServiceReports(tx: Tx, now: Date): Promise<void> {
  const perDay = DAY_SECONDS / PING_INTERVAL_SECONDS;
  const [, lastMonth] = monthList(now, 'UTC', 1) as [string, string];
  const lastMonthDays = daysOfMonth(lastMonth);
  const reporting = await tx
    .select({ id: servers.id, certname: servers.certname, lastPingAt: servers.lastPingAt })
    .from(servers)
    .where(isNotNull(servers.lastPingAt));
  const today = now.toISOString().slice(0, 10);
  const rows = reporting.flatMap(({ id, certname, lastPingAt }) => {
    const last = (lastPingAt as Date).toISOString();
    const lastDay = last.slice(0, 10);
    const quiet = new Set((QUIET_DAYS[certname] ?? []).map((day) => lastMonthDays[day - 1]));
    const partial = new Map(
      (PARTIAL_DAYS[certname] ?? []).map(({ day, share }) => [lastMonthDays[day - 1], share]),
    );
    return Array.from({ length: DAYS_BACK + 1 }, (_, index) => shiftDate(today, index - DAYS_BACK))
      .filter((day) => day <= lastDay && !quiet.has(day))
      .map((day) => {
        // The last day counts up to the last ping; every other day is whole.
        const seconds =
          day === lastDay ? (Date.parse(last) - Date.parse(`${day}T00:00:00Z`)) / 1000 : DAY_SECONDS;
        const pings = Math.max(
          1,
          Math.floor((Math.min(seconds, DAY_SECONDS) / DAY_SECONDS) * perDay * (partial.get(day) ?? 1)),
        );
        return { serverId: id, day, pings };
      });
  });
  if (rows.length) await tx.insert(serverPingDays).values(rows);
  const everyone = await tx.select({ id: customers.id, timezone: customers.timezone }).from(customers);
  await tx.insert(serviceReportMailings).values(
    everyone.map((customer) => ({
      customerId: customer.id,
      month: (monthList(now, customer.timezone, 1) as [string, string])[1],
      mailedAt: now,
    })),
  );
}
