import {
  contract,
  type EmployeeMonth,
  type ExpenseCeilings,
  FIELD_REFUSALS,
  REFUSALS,
  type TimeEntryInput,
} from '@tidewatch/contract';
import { entryInterval, monthList, monthOf, startExists, todayIn, wallClockSpan } from '@tidewatch/domain';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { requireAuth } from '../../core/access';
import { implement } from '../../core/route';
import { findCustomer } from '../../core/tenant';
import type { Database } from '../../db/client';
import { spreadsheetCell } from '../../lib/csv';
import { isExclusionViolation } from '../../lib/db-errors';
import { conflict, fieldRefusal, forbidden, notFound } from '../../lib/http-error';
import {
  type CustomerRow,
  decideMonth,
  deleteEntry,
  entriesOf,
  entryBody,
  findEmployee,
  findMonth,
  findOwnEntry,
  findProduct,
  holdMonths,
  listEmployees,
  monthStateBody,
  monthsOfEmployees,
  overlappingEntry,
  type Queryable,
  saveEntry,
  submitMonth,
  type TimeEntryRow,
} from './repository';
import { monthSummary } from './summary';

type EntryFields = z.output<typeof contract.timeRegistration.create.body>;

const fieldError = (field: keyof TimeEntryInput, message: string) => fieldRefusal(400, field, message);

const CSV_COLUMNS = [
  'month',
  'customer_id',
  'customer',
  'plan',
  'level',
  'worked_minutes',
  'billed_minutes',
  'business_minutes',
  'outside_minutes',
  'free_minutes',
  'charged_minutes',
  'amount_eur',
];

/** Invoices bill the hours registered here, so the invoices module hands in its ceilings. */
export interface TimeRegistrationRoutesOptions {
  ceilingsOf: (db: Database, customer: CustomerRow, now: Date) => Promise<ExpenseCeilings>;
}

export async function timeRegistrationRoutes(app: FastifyInstance, options: TimeRegistrationRoutesOptions) {
  const { db } = app;

  /** 409 unless the month can still change: open, or rejected and so open again. */
  async function assertMonthOpen(tx: Queryable, employeeId: string, month: string) {
    const row = await findMonth(tx, employeeId, month);
    if (row?.status === 'approved') throw conflict(REFUSALS.monthApproved, { month });
    if (row?.status === 'submitted') throw conflict(REFUSALS.monthHandedIn, { month });
  }

  /** Runs `write` holding the employee's months (decision 43), once each of them is still open. */
  async function inOpenMonths<T>(
    employeeId: string,
    months: readonly string[],
    write: (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      await holdMonths(tx, employeeId, months);
      for (const month of new Set(months)) await assertMonthOpen(tx, employeeId, month);
      return write(tx);
    });
  }

  /** Checks what the contract cannot (customer, product, date window, start, ceiling) and gives the row's values. */
  async function entryValues(employeeId: string, fields: EntryFields) {
    const [customer, product] = await Promise.all([
      findCustomer(db, fields.customer_id),
      findProduct(db, fields.product_id),
    ]);
    if (!customer) throw fieldError('customer_id', REFUSALS.noSuchCustomer);
    if (product?.unit !== 'hours' || product.subscription || !product.active) {
      throw fieldError('product_id', REFUSALS.chooseHourlyProduct);
    }
    const now = app.now();
    if (
      !monthList(now, customer.timezone).includes(monthOf(fields.date)) ||
      fields.date > todayIn(now, customer.timezone)
    ) {
      throw fieldError('date', REFUSALS.chooseRecentDate);
    }
    if (!startExists(fields.date, fields.start_minute, customer.timezone)) {
      throw fieldError('start_minute', FIELD_REFUSALS.clocksSkipHour);
    }
    if (fields.kind === 'ordinary' && fields.billable) await assertWithinCeiling(customer, fields.date, now);
    const interval = entryInterval(fields.date, fields.start_minute, fields.minutes, customer.timezone);
    return {
      employeeId,
      customerId: fields.customer_id,
      date: fields.date,
      startMinute: fields.start_minute,
      minutes: fields.minutes,
      productId: fields.product_id,
      description: fields.description,
      ticketRef: fields.ticket_ref ?? null,
      kind: fields.kind,
      billable: fields.billable,
      startsAt: interval.start,
      endsAt: interval.end,
    };
  }

  /**
   * Stores a new or changed entry, holding the months it leaves and enters: 409 when one of them is
   * handed in, or naming the entry it would overlap.
   */
  async function storeEntry(employeeId: string, fields: EntryFields, existing?: TimeEntryRow) {
    const values = await entryValues(employeeId, fields);
    const months = [monthOf(fields.date), ...(existing ? [monthOf(existing.date)] : [])];
    const store = () =>
      inOpenMonths(employeeId, months, async (tx) => {
        const interval = { start: values.startsAt, end: values.endsAt };
        const clash = await overlappingEntry(tx, employeeId, interval, existing?.id);
        if (clash) {
          const span = wallClockSpan({ start: clash.startsAt, end: clash.endsAt }, clash.timezone);
          throw fieldRefusal(409, 'start_minute', REFUSALS.entryOverlaps, {
            customer: clash.companyName,
            date: clash.date,
            ...span,
          });
        }
        const row = await saveEntry(tx, values, existing?.id);
        if (!row) throw notFound(REFUSALS.noSuchEntry);
        return row;
      });
    try {
      return await store();
    } catch (error) {
      // The database refused an overlap with an entry of a month not held here (another zone's date): the retry names it.
      if (!isExclusionViolation(error)) throw error;
      return store();
    }
  }

  /** Ordinary work for a customer over its hard ceiling this month waits for its pre-approval (spec section 4). */
  async function assertWithinCeiling(customer: CustomerRow, date: string, now: Date) {
    const state = await options.ceilingsOf(db, customer, now);
    if (monthOf(date) !== state.month || state.reached_ceiling_eur === 0 || state.pre_approved) return;
    throw conflict(REFUSALS.ceilingReached, { customer: customer.companyName });
  }

  async function ownEntry(employeeId: string, entryId: string) {
    const row = await findOwnEntry(db, employeeId, entryId);
    if (!row) throw notFound(REFUSALS.noSuchEntry);
    return row;
  }

  async function employee(userId: string) {
    const row = await findEmployee(db, userId);
    if (!row) throw notFound(REFUSALS.noSuchEmployee);
    return row;
  }

  async function monthBody(employeeId: string, month: string) {
    const [row, entries] = await Promise.all([
      findMonth(db, employeeId, month),
      entriesOf(db, employeeId, month),
    ]);
    return { ...monthStateBody(month, row), entries: entries.map(entryBody) };
  }

  implement(app, contract.timeRegistration, {
    async month(request) {
      return monthBody(requireAuth(request).user.id, request.params.month);
    },
    async create(request) {
      return entryBody(await storeEntry(requireAuth(request).user.id, request.body));
    },
    async update(request) {
      const employeeId = requireAuth(request).user.id;
      const existing = await ownEntry(employeeId, request.params.entry_id);
      return entryBody(await storeEntry(employeeId, request.body, existing));
    },
    async delete(request) {
      const employeeId = requireAuth(request).user.id;
      const existing = await ownEntry(employeeId, request.params.entry_id);
      await inOpenMonths(employeeId, [monthOf(existing.date)], (tx) => deleteEntry(tx, existing.id));
    },
    async submit(request) {
      const employeeId = requireAuth(request).user.id;
      const { month } = request.params;
      const row = await inOpenMonths(employeeId, [month], async (tx) => {
        if ((await entriesOf(tx, employeeId, month)).length === 0)
          throw conflict(REFUSALS.monthEmpty, { month });
        return submitMonth(tx, employeeId, month, app.now());
      });
      return monthStateBody(month, row);
    },
    async employees(request) {
      const { month } = request.query;
      const staff = await listEmployees(db);
      const { months, totals } = await monthsOfEmployees(
        db,
        month,
        staff.map((person) => person.id),
      );
      return staff.map((person): EmployeeMonth => {
        const total = totals.find((row) => row.employeeId === person.id);
        return {
          ...monthStateBody(
            month,
            months.find((row) => row.employeeId === person.id),
          ),
          user_id: person.id,
          name: person.name,
          email: person.email,
          minutes: total?.minutes ?? 0,
          billable_minutes: total?.billable ?? 0,
          entry_count: total?.entries ?? 0,
        };
      });
    },
    async employeeMonth(request) {
      const person = await employee(request.params.user_id);
      return monthBody(person.id, request.params.month);
    },
    async decide(request) {
      const approver = requireAuth(request).user;
      const person = await employee(request.params.user_id);
      const { month } = request.params;
      if (person.id === approver.id) throw forbidden(REFUSALS.ownMonthByAnother);
      const current = await findMonth(db, person.id, month);
      if (current?.status !== 'submitted') throw conflict(REFUSALS.onlySubmittedDecided);
      const { decision, comment } = request.body;
      const row = await decideMonth(db, person.id, month, {
        status: decision === 'approve' ? 'approved' : 'rejected',
        comment: comment ?? null,
        decidedAt: app.now(),
        decidedBy: approver.id,
      });
      if (!row) throw conflict(REFUSALS.onlySubmittedDecided);
      return monthStateBody(month, row);
    },
    async summary(request) {
      return monthSummary(db, request.query.month, app.now());
    },
    async summaryExport(request, reply) {
      const summary = await monthSummary(db, request.query.month, app.now());
      const csv = stringify(
        summary.customers.flatMap((customer) =>
          customer.levels.map((level) => [
            summary.month,
            customer.customer_id,
            spreadsheetCell(customer.company_name),
            customer.plan ?? '',
            level.level,
            level.worked_minutes,
            level.billed_minutes,
            level.business_minutes,
            level.outside_minutes,
            level.free_minutes,
            level.charged_minutes,
            level.amount_eur.toFixed(2),
          ]),
        ),
        { header: true, columns: CSV_COLUMNS },
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="time-summary-${summary.month}.csv"`)
        .send(csv);
    },
  });
}
