import type { Invoice } from '@tidewatch/contract';
import { and, count, eq, gte, inArray, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Tenant } from '../../../core/tenant';
import type { Database } from '../../../db/client';
import {
  type CreditNoteRow,
  type CustomerRow,
  creditNotes,
  customers,
  type InvoiceRow,
  invoices,
  timeEntries,
} from '../../../db/schema';
import { keyset } from '../../../lib/keyset';

export type { CreditNoteRow, CustomerRow, InvoiceRow };

/** The database or a transaction on it. */
type Queryable = Pick<Database, 'select' | 'insert' | 'update'>;

/** The stored status and due-date condition a shown status stands for. */
function statusCondition(status: Invoice['status'], today: string): SQL | undefined {
  if (status === 'overdue') return and(eq(invoices.status, 'issued'), lt(invoices.dueDate, today));
  if (status === 'issued') return and(eq(invoices.status, 'issued'), gte(invoices.dueDate, today));
  return eq(invoices.status, status);
}

/**
 * The documents money is counted over, for every reader alike: issued (overdue included) and paid.
 * Drafts are not sent yet and a credited invoice is cancelled by its credit note (decision 0065).
 */
const COUNTED: InvoiceRow['status'][] = ['issued', 'paid'];

/** Drafts are left out unless the reader may see them. */
const draftsUnless = (withDrafts: boolean): SQL | undefined =>
  withDrafts ? undefined : ne(invoices.status, 'draft');

/** One invoice with its credit note, if any; drafts only `withDrafts`. */
export async function findInvoice(db: Database, invoiceId: string, withDrafts: boolean) {
  const [row] = await db
    .select({ invoice: invoices, creditNote: creditNotes })
    .from(invoices)
    .leftJoin(creditNotes, eq(creditNotes.invoiceId, invoices.id))
    .where(and(eq(invoices.id, invoiceId), draftsUnless(withDrafts)));
  return row ?? null;
}

/** One credit note with the invoice it credits. */
export async function findCreditNote(db: Database, creditNoteId: string) {
  const [row] = await db
    .select({ invoice: invoices, creditNote: creditNotes })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.id, creditNoteId));
  return row ?? null;
}

export interface InvoiceFilters {
  status?: Invoice['status'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/**
 * A page of the tenant's invoices (no tenant: every customer's), newest issued first, with the
 * count and sums of all that match; `today` decides which are overdue.
 */
export async function invoicePage(
  db: Database,
  tenant: Tenant | null,
  filters: InvoiceFilters & { withDrafts: boolean; today: string },
) {
  const { status, from, to, cursor, limit, today } = filters;
  const paging = keyset({
    keys: {
      issued: { expr: sql`${invoices.issueDate}::text`, cast: 'text' },
      id: { expr: sql`${invoices.id}::text`, cast: 'text' },
    },
    unique: { name: 'id', column: sql`${invoices.id}::text` },
    sort: '-issued',
    cursor,
  });
  const where = and(
    tenant ? eq(invoices.customerId, tenant.customerId) : undefined,
    draftsUnless(filters.withDrafts),
    status ? statusCondition(status, today) : undefined,
    from ? gte(invoices.period, from) : undefined,
    to ? lte(invoices.period, to) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ invoice: invoices, creditNote: creditNotes, key: paging.keyValue })
      .from(invoices)
      .leftJoin(creditNotes, eq(creditNotes.invoiceId, invoices.id))
      .where(and(where, paging.after))
      .orderBy(...paging.orderBy)
      .limit(limit + 1),
    db
      .select({
        count: sql<number>`count(*)::int`,
        total: sql<number>`coalesce(sum(${invoices.totalCents}) filter (where ${inArray(invoices.status, COUNTED)}), 0)::int`,
        outstanding: sql<number>`coalesce(sum(${invoices.totalCents}) filter (where ${invoices.status} = 'issued'), 0)::int`,
        overdue: sql<number>`coalesce(sum(${invoices.totalCents}) filter (where ${invoices.status} = 'issued' and ${invoices.dueDate} < ${today}), 0)::int`,
      })
      .from(invoices)
      .where(where),
  ]);
  return {
    rows: rows.slice(0, limit),
    nextCursor: paging.nextCursor(rows, limit, (row) => row.invoice.id),
    totals: {
      count: totals?.count ?? 0,
      total: totals?.total ?? 0,
      outstanding: totals?.outstanding ?? 0,
      overdue: totals?.overdue ?? 0,
    },
  };
}

/** Active customers, each of which may be due an invoice. */
export async function activeCustomers(db: Queryable): Promise<CustomerRow[]> {
  return db.select().from(customers).where(eq(customers.active, true));
}

/**
 * Locks the customer's row for the rest of the transaction (an update that changes nothing still
 * takes it): a customer's invoices are made and numbered one at a time. Null when it is gone.
 */
export async function lockCustomer(tx: Queryable, customerId: string): Promise<CustomerRow | null> {
  const [customer] = await tx
    .update(customers)
    .set({ serialNum: sql`${customers.serialNum}` })
    .where(eq(customers.id, customerId))
    .returning();
  return customer ?? null;
}

/** Counts an issued invoice in the customer's series and makes it the customer's latest. */
export async function advanceInvoiceSeries(tx: Queryable, customer: CustomerRow, issued: InvoiceRow) {
  await tx
    .update(customers)
    .set({ serialNum: customer.serialNum + 1, latestInvoiceId: issued.id })
    .where(eq(customers.id, customer.id));
}

export async function findInvoiceRow(db: Queryable, invoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return row ?? null;
}

/** Whether the customer has an invoice for the billed month `period`. */
export async function hasInvoiceFor(db: Queryable, customerId: string, period: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), eq(invoices.period, period)));
  return Boolean(row);
}

/** Stores a draft invoice; its id. */
export async function insertDraftInvoice(
  db: Queryable,
  draft: typeof invoices.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(invoices).values(draft).returning({ id: invoices.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Marks these time entries billed by the invoice, those not billed yet; how many it marked. */
export async function markEntriesBilled(
  db: Queryable,
  entryIds: string[],
  invoiceId: string,
): Promise<number> {
  const billed = await db
    .update(timeEntries)
    .set({ invoiceId })
    .where(and(inArray(timeEntries.id, entryIds), isNull(timeEntries.invoiceId)))
    .returning({ id: timeEntries.id });
  return billed.length;
}

type StatusChange = Partial<Omit<InvoiceRow, 'id' | 'customerId'>>;

/** Applies the change to the invoice while it has one of the `from` statuses; null when it has not. */
export async function changeInvoiceFrom(
  db: Queryable,
  invoiceId: string,
  from: InvoiceRow['status'][],
  change: StatusChange,
): Promise<InvoiceRow | null> {
  const [row] = await db
    .update(invoices)
    .set(change)
    .where(and(eq(invoices.id, invoiceId), inArray(invoices.status, from)))
    .returning();
  return row ?? null;
}

/** How many credit notes the customer has: under its lock, the series so far. */
export async function creditNoteCount(db: Queryable, customerId: string): Promise<number> {
  const [written] = await db
    .select({ count: count() })
    .from(creditNotes)
    .where(eq(creditNotes.customerId, customerId));
  return written?.count ?? 0;
}

export async function insertCreditNote(
  db: Queryable,
  note: typeof creditNotes.$inferInsert,
): Promise<CreditNoteRow> {
  const [row] = await db.insert(creditNotes).values(note).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
