import { brand } from '@tidewatch/content';
import type { InvoicePage, TimeSummary } from '@tidewatch/contract';
import { entryInterval, invoiceDate, monthOf } from '@tidewatch/domain';
import { eq, inArray, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, invoices, timeEntries, timeMonths, users } from '../src/db/schema';
import { generateInvoices } from '../src/modules/invoices/generation';
import { json, useTestApp } from './helpers';

const t = useTestApp();

const MONTHS = ['2026-01', '2026-02', '2026-03'] as const;
const EMPLOYEES = 3;
const ZONE = 'Europe/Copenhagen';
/** Approvals and billing runs happen from here on, after every month worked. */
const EVENTS_FROM = Date.parse('2026-04-01T00:00:00Z');
const DAY_MS = 86_400_000;

const entry = fc.record({
  employee: fc.nat(EMPLOYEES - 1),
  month: fc.constantFrom(...MONTHS),
  day: fc.integer({ min: 1, max: 28 }),
  startMinute: fc.integer({ min: 24, max: 80 }).map((slot) => slot * 15),
  minutes: fc.integer({ min: 5, max: 240 }),
  level: fc.integer({ min: 1, max: 3 }),
});
const event = fc.oneof(
  fc.record({
    kind: fc.constant('approve' as const),
    employee: fc.nat(EMPLOYEES - 1),
    month: fc.constantFrom(...MONTHS),
    daysLater: fc.nat(20),
  }),
  fc.record({ kind: fc.constant('bill' as const), daysLater: fc.nat(40) }),
);
const scenario = fc.record({
  invoiceDay: fc.constantFrom(1, 5, 28),
  plan: fc.constantFrom('basic' as const, 'silver' as const, null),
  entries: fc.array(entry, { minLength: 1, maxLength: 12 }),
  events: fc.array(event, { minLength: 1, maxLength: 10 }),
});

let run = 0;

/** A customer and employees of their own, so each run starts from nothing. */
async function setUp(invoiceDay: number, plan: 'basic' | 'silver' | null) {
  const { db } = t.database;
  run += 1;
  const customerId = `invariant${run}`;
  await db.insert(customers).values({
    id: customerId,
    companyName: `Invariant ${run}`,
    invoiceDayOfMonth: invoiceDay,
    timezone: ZONE,
    trialPlan: plan,
    trialEndsAt: plan ? new Date('2030-01-01T00:00:00Z') : null,
  });
  const staff = await db
    .insert(users)
    .values(
      Array.from({ length: EMPLOYEES }, (_, index) => ({
        customerId: brand.adminCustomer.id,
        email: `invariant${run}-${index}@tidewatch.example`,
        name: `Invariant ${run}.${index}`,
        roles: ['admin'],
      })),
    )
    .returning({ id: users.id });
  return { customerId, staff: staff.map((person) => person.id) };
}

const consultationInvoiced = (page: InvoicePage, month: string) =>
  page.data
    .flatMap((invoice) => invoice.lines)
    .reduce(
      (sum, line) => (line.kind === 'consultation' && line.month === month ? sum + line.amount_cents : sum),
      0,
    );

describe('every approved, billable minute reaches exactly one invoice', () => {
  beforeAll(async () => {
    // The billing job runs for every active customer: only each run's own takes part.
    await t.database.db
      .update(customers)
      .set({ active: false })
      .where(ne(customers.id, brand.adminCustomer.id));
  });

  it('invoices for each month what the summary bills, under any order of approvals and billing runs', async () => {
    const { db } = t.database;
    const admin = await t.signedIn('admin@tidewatch.example');
    const finance = await t.financeCaller('finance@tidewatch.example');
    await fc.assert(
      fc.asyncProperty(scenario, async ({ invoiceDay, plan, entries, events }) => {
        const { customerId, staff } = await setUp(invoiceDay, plan);
        const employeeId = (index: number) => staff[index] ?? '';
        await db.insert(timeEntries).values(
          entries.map((task) => {
            const date = `${task.month}-${String(task.day).padStart(2, '0')}`;
            const interval = entryInterval(date, task.startMinute, task.minutes, ZONE);
            return {
              employeeId: employeeId(task.employee),
              customerId,
              date,
              startMinute: task.startMinute,
              minutes: task.minutes,
              productId: `consultation-level-${task.level}-remote`,
              description: 'Invariant work',
              startsAt: interval.start,
              endsAt: interval.end,
            };
          }),
        );
        const billedBy = new Map<string, string>();
        const billingRun = async (now: Date) => {
          // Two replicas at once bill each entry once between them.
          await Promise.all([generateInvoices(db, now), generateInvoices(db, now)]);
          const rows = await db
            .select({ id: timeEntries.id, invoiceId: timeEntries.invoiceId })
            .from(timeEntries)
            .where(eq(timeEntries.customerId, customerId));
          for (const row of rows) {
            if (billedBy.has(row.id)) expect(row.invoiceId).toBe(billedBy.get(row.id));
            else if (row.invoiceId) billedBy.set(row.id, row.invoiceId);
          }
        };
        let now = EVENTS_FROM;
        for (const step of events) {
          now += step.daysLater * DAY_MS;
          if (step.kind === 'bill') {
            await billingRun(new Date(now));
            continue;
          }
          const decidedAt = new Date(now);
          await db
            .insert(timeMonths)
            .values({
              employeeId: employeeId(step.employee),
              month: step.month,
              status: 'approved',
              submittedAt: decidedAt,
              decidedAt,
            })
            .onConflictDoNothing();
        }
        // The next invoice day after every approval bills whatever is left, and a rerun adds nothing.
        const lastMonth = monthOf(new Date(now).toISOString().slice(0, 10));
        const nextMonth = monthOf(new Date(Date.parse(`${lastMonth}-01`) + 32 * DAY_MS).toISOString());
        const finalRun = entryInterval(invoiceDate(nextMonth, invoiceDay), 12 * 60, 0, ZONE).start;
        await billingRun(finalRun);
        expect(await generateInvoices(db, finalRun)).toEqual([]);

        const page = json<InvoicePage>(
          await finance.request(`/customer/invoices?customer_id=${customerId}&limit=100`),
        );
        for (const month of MONTHS) {
          const summary = json<TimeSummary>(await admin.request(`/api/admin/hours/summary?month=${month}`));
          const billable = summary.customers.find((row) => row.customer_id === customerId);
          expect(consultationInvoiced(page, month), month).toBe(Math.round((billable?.total_eur ?? 0) * 100));
        }
        await db.update(customers).set({ active: false }).where(eq(customers.id, customerId));
      }),
      { numRuns: 10, seed: 20261127 },
    );
  }, 120_000);

  it('bills a month approved after its invoice day on the next invoice, in lines naming the month', async () => {
    const { db } = t.database;
    const { customerId, staff } = await setUp(1, null);
    const [early, late] = staff;
    if (!early || !late) throw new Error('no staff');
    const { start, end } = entryInterval('2026-01-12', 10 * 60, 60, ZONE);
    const work = {
      customerId,
      date: '2026-01-12',
      startMinute: 600,
      minutes: 60,
      description: 'Work',
      startsAt: start,
      endsAt: end,
    };
    await db.insert(timeEntries).values([
      { ...work, employeeId: early, productId: 'consultation-level-2-remote' },
      { ...work, employeeId: late, productId: 'consultation-level-2-remote' },
    ]);
    const approve = (employeeId: string, at: string) =>
      db.insert(timeMonths).values({
        employeeId,
        month: '2026-01',
        status: 'approved',
        submittedAt: new Date(at),
        decidedAt: new Date(at),
      });
    await approve(early, '2026-01-31T18:00:00Z');
    const [january] = await generateInvoices(db, new Date('2026-02-01T06:00:00Z'));
    await approve(late, '2026-02-03T09:00:00Z');
    expect(await generateInvoices(db, new Date('2026-02-10T06:00:00Z'))).toEqual([]);
    const [february] = await generateInvoices(db, new Date('2026-03-01T06:00:00Z'));
    const written = await db
      .select()
      .from(invoices)
      .where(inArray(invoices.id, [january ?? '', february ?? '']))
      .orderBy(invoices.period);
    expect(written.map((invoice) => [invoice.period, invoice.lines])).toEqual([
      [
        '2026-01',
        [{ kind: 'consultation', month: '2026-01', level: 2, chargedMinutes: 60, amountCents: 10000 }],
      ],
      [
        '2026-02',
        [{ kind: 'consultation', month: '2026-01', level: 2, chargedMinutes: 60, amountCents: 10000 }],
      ],
    ]);
    const billed = await db
      .select({ employeeId: timeEntries.employeeId, invoiceId: timeEntries.invoiceId })
      .from(timeEntries)
      .where(eq(timeEntries.customerId, customerId));
    expect(new Map(billed.map((row) => [row.employeeId, row.invoiceId]))).toEqual(
      new Map([
        [early, january],
        [late, february],
      ]),
    );
    await db.update(customers).set({ active: false }).where(eq(customers.id, customerId));
  });
});
