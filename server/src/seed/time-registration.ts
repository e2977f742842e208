import { daysOfMonth, entryInterval, isBusinessDay, monthList, monthRange, todayIn } from '@tidewatch/domain';
import type { Database } from '../db/client';
import { type TimeMonthRow, timeEntries, timeMonths, type UserRow } from '../db/schema';

const STAFF_ZONE = 'Europe/Copenhagen';
const CUSTOMER_ZONES: Record<string, string> = { acmecorp: 'Europe/Copenhagen', globexco: 'Europe/Berlin' };

/** A working day's tasks, picked by the day of the month so the demo is the same on every start. */
const DAY_PATTERNS = [
  [
    {
      customerId: 'acmecorp',
      start: 9 * 60,
      minutes: 90,
      description: 'Patched the PostgreSQL replicas',
      ticket: 'ACME-311',
    },
    { customerId: 'globexco', start: 13 * 60, minutes: 45, description: 'Reviewed the backup restore test' },
  ],
  [
    {
      customerId: 'globexco',
      start: 10 * 60,
      minutes: 120,
      description: 'Upgraded the ingress controller',
      ticket: 'GLX-82',
    },
  ],
  [
    {
      customerId: 'acmecorp',
      start: 8 * 60 + 30,
      minutes: 10,
      description: 'Answered a question about disk alerts',
    },
    {
      customerId: 'acmecorp',
      start: 20 * 60,
      minutes: 40,
      description: 'Handled a disk-full alert on db-2',
      kind: 'alert' as const,
    },
  ],
];

/**
 * Three months of entries for the staff who register time: the oldest month approved, last month
 * handed in by the first of them and waiting for an approver, this month open.
 */
export async function seedTimeRegistration(
  tx: Pick<Database, 'insert'>,
  staff: Pick<UserRow, 'id' | 'email' | 'consultingLevel'>[],
  approverId: string,
  now: Date,
): Promise<void> {
  const [thisMonth, lastMonth, oldestMonth] = monthList(now, STAFF_ZONE, 2) as [string, string, string];
  const today = todayIn(now, STAFF_ZONE);
  const entries: (typeof timeEntries.$inferInsert)[] = [];
  for (const month of [oldestMonth, lastMonth, thisMonth]) {
    for (const [day, date] of daysOfMonth(month).entries()) {
      if (date >= today || !isBusinessDay(date)) continue;
      staff.forEach((person, index) => {
        for (const task of DAY_PATTERNS[(day + index) % DAY_PATTERNS.length] ?? []) {
          const interval = entryInterval(
            date,
            task.start,
            task.minutes,
            CUSTOMER_ZONES[task.customerId] ?? STAFF_ZONE,
          );
          entries.push({
            employeeId: person.id,
            customerId: task.customerId,
            date,
            startMinute: task.start,
            minutes: task.minutes,
            productId: `consultation-level-${person.consultingLevel ?? 1}-remote`,
            description: task.description,
            ticketRef: 'ticket' in task ? task.ticket : null,
            kind: 'kind' in task ? task.kind : 'ordinary',
            billable: true,
            startsAt: interval.start,
            endsAt: interval.end,
          });
        }
      });
    }
  }
  if (entries.length) await tx.insert(timeEntries).values(entries);
  const handedIn = (person: { id: string }, month: string, status: TimeMonthRow['status']) => ({
    employeeId: person.id,
    month,
    status,
    submittedAt: new Date(`${monthRange(month).until}T08:00:00Z`),
    decidedAt: status === 'submitted' ? null : new Date(`${monthRange(month).until}T12:00:00Z`),
    decidedBy: status === 'submitted' || person.id === approverId ? null : approverId,
  });
  const [waiting, ...others] = staff;
  await tx
    .insert(timeMonths)
    .values([
      ...staff.map((person) => handedIn(person, oldestMonth, 'approved')),
      ...(waiting ? [handedIn(waiting, lastMonth, 'submitted')] : []),
      ...others
        .filter((person) => person.id !== approverId)
        .map((person) => handedIn(person, lastMonth, 'approved')),
    ]);
}
