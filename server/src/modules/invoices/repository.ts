import type { Invoice } from '@tidewatch/contract';
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import {
  type CreditNoteRow,
  type CustomerRow,
  ceilingMonths,
  clusters,
  clusterTags,
  creditNotes,
  customers,
  expenseCeilings,
  type InvoiceRow,
  invoices,
  products,
  type StoredInvoiceLine,
  servers,
  serverTags,
  tags,
  timeEntries,
  timeMonths,
} from '../../db/schema';
import { keyset } from '../../lib/keyset';
import { inMonth } from '../time-registration';

export type { CreditNoteRow, CustomerRow, InvoiceRow, StoredInvoiceLine };

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

/** The ids of the tenant's tags, the groups a ceiling may be set on. */
export async function tagIdsOf(db: Database, tenant: Tenant): Promise<string[]> {
  const rows = await db.select({ id: tags.id }).from(tags).where(eq(tags.customerId, tenant.customerId));
  return rows.map((row) => row.id);
}

/** Replaces the tenant's ceiling and its groups' ceilings, in one transaction. */
export async function replaceCeilings(
  db: Database,
  tenant: Tenant,
  customerCeilingEur: number | null,
  groups: readonly { tagId: string; ceilingEur: number }[],
): Promise<void> {
  const { customerId } = tenant;
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ expenseCeilingEur: customerCeilingEur })
      .where(eq(customers.id, customerId));
    await tx.delete(expenseCeilings).where(eq(expenseCeilings.customerId, customerId));
    if (groups.length > 0) {
      await tx.insert(expenseCeilings).values(groups.map((group) => ({ customerId, ...group })));
    }
  });
}

/** Records that the tenant's spend over its ceilings this `month` is approved in advance. */
export async function preApproveMonth(
  db: Database,
  tenant: Tenant,
  month: string,
  approval: { preApprovedAt: Date; preApprovedBy: string },
): Promise<void> {
  await db
    .insert(ceilingMonths)
    .values({ customerId: tenant.customerId, month, ...approval })
    .onConflictDoUpdate({ target: [ceilingMonths.customerId, ceilingMonths.month], set: approval });
}

/** The customer's group ceilings with their tags' names, by name. */
export async function groupCeilingsOf(db: Database, customerId: string) {
  return db
    .select({ tagId: expenseCeilings.tagId, name: tags.name, ceilingEur: expenseCeilings.ceilingEur })
    .from(expenseCeilings)
    .innerJoin(tags, eq(tags.id, expenseCeilings.tagId))
    .where(eq(expenseCeilings.customerId, customerId))
    .orderBy(tags.name);
}

/** What the customer's ceilings noted for a month (reached, mailed, pre-approved), if anything. */
export async function findCeilingMonth(db: Database, customerId: string, month: string) {
  const [row] = await db
    .select()
    .from(ceilingMonths)
    .where(and(eq(ceilingMonths.customerId, customerId), eq(ceilingMonths.month, month)));
  return row;
}

/** Notes when the month's hard ceiling was first reached. */
export async function noteCeilingMonthReached(db: Database, customerId: string, month: string, at: Date) {
  await db
    .insert(ceilingMonths)
    .values({ customerId, month, reachedAt: at })
    .onConflictDoUpdate({
      target: [ceilingMonths.customerId, ceilingMonths.month],
      set: { reachedAt: at },
      setWhere: isNull(ceilingMonths.reachedAt),
    });
}

/** Claims the month's one ceiling mail; false when it was claimed already. */
export async function claimCeilingMail(db: Database, customerId: string, month: string, at: Date) {
  const claimed = await db
    .update(ceilingMonths)
    .set({ mailedAt: at })
    .where(
      and(
        eq(ceilingMonths.customerId, customerId),
        eq(ceilingMonths.month, month),
        isNull(ceilingMonths.mailedAt),
      ),
    )
    .returning({ month: ceilingMonths.month });
  return claimed.length > 0;
}

/** Active customers with a ceiling of their own or on a group. */
export async function customersWithCeilings(db: Database): Promise<CustomerRow[]> {
  const rows = await db
    .selectDistinct({ customer: customers })
    .from(customers)
    .leftJoin(expenseCeilings, eq(expenseCeilings.customerId, customers.id))
    .where(
      and(
        eq(customers.active, true),
        or(isNotNull(customers.expenseCeilingEur), isNotNull(expenseCeilings.tagId)),
      ),
    );
  return rows.map((row) => row.customer);
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

/** The customer's servers and clusters (all, decommissioned too) and the tags on each. */
export async function machinesWithTags(db: Database, customerId: string) {
  const [serverRows, clusterRows, serverTagRows, clusterTagRows] = await Promise.all([
    db
      .select({ id: servers.id, certname: servers.certname })
      .from(servers)
      .where(eq(servers.customerId, customerId)),
    db
      .select({ id: clusters.id, certname: clusters.certname, nodes: clusters.nodeCount })
      .from(clusters)
      .where(eq(clusters.customerId, customerId)),
    db
      .select({ id: serverTags.serverId, tagId: serverTags.tagId })
      .from(serverTags)
      .innerJoin(servers, eq(servers.id, serverTags.serverId))
      .where(eq(servers.customerId, customerId)),
    db
      .select({ id: clusterTags.clusterId, tagId: clusterTags.tagId })
      .from(clusterTags)
      .innerJoin(clusters, eq(clusters.id, clusterTags.clusterId))
      .where(eq(clusters.customerId, customerId)),
  ]);
  return { serverRows, clusterRows, serverTagRows, clusterTagRows };
}

const taskColumns = { entry: timeEntries, level: products.level, rate: products.priceEur };

/** A time entry with its product's level and hourly rate. */
export interface TaskRow {
  entry: typeof timeEntries.$inferSelect;
  level: number | null;
  rate: number;
}

/** The customer's billable time entries of a month, approved or not. */
export async function billableTasksOfMonth(
  db: Database,
  customerId: string,
  month: string,
): Promise<TaskRow[]> {
  return db
    .select(taskColumns)
    .from(timeEntries)
    .innerJoin(products, eq(products.id, timeEntries.productId))
    .where(and(eq(timeEntries.customerId, customerId), eq(timeEntries.billable, true), inMonth(month)));
}

/** The customer's billable entries before `until` that no invoice billed, in months approved by `now`. */
export async function unbilledApprovedEntries(db: Database, customerId: string, until: string, now: Date) {
  return db
    .select({ id: timeEntries.id, date: timeEntries.date })
    .from(timeEntries)
    .innerJoin(
      timeMonths,
      and(
        eq(timeMonths.employeeId, timeEntries.employeeId),
        eq(timeMonths.month, sql`to_char(${timeEntries.date}, 'YYYY-MM')`),
      ),
    )
    .where(
      and(
        eq(timeEntries.customerId, customerId),
        eq(timeEntries.billable, true),
        isNull(timeEntries.invoiceId),
        lt(timeEntries.date, until),
        eq(timeMonths.status, 'approved'),
        lte(timeMonths.decidedAt, now),
      ),
    );
}

/** The customer's entries from `from` on that an invoice billed, or that `entryIds` name. */
export async function billedOrBillingTasksSince(
  db: Database,
  customerId: string,
  from: string,
  entryIds: string[],
): Promise<TaskRow[]> {
  return db
    .select(taskColumns)
    .from(timeEntries)
    .innerJoin(products, eq(products.id, timeEntries.productId))
    .where(
      and(
        eq(timeEntries.customerId, customerId),
        gte(timeEntries.date, from),
        or(isNotNull(timeEntries.invoiceId), inArray(timeEntries.id, entryIds)),
      ),
    );
}

/** Every line of the customer's invoices. */
export async function invoicedLinesOf(db: Database, customerId: string): Promise<StoredInvoiceLine[]> {
  const rows = await db
    .select({ lines: invoices.lines })
    .from(invoices)
    .where(eq(invoices.customerId, customerId));
  return rows.flatMap((row) => row.lines);
}
