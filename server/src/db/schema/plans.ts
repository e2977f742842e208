import { PLAN_IDS } from '@tidewatch/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { users } from './users';

export const PLAN_TARGET_KINDS = ['server', 'cluster'] as const;

const target = () => ({
  customerId: text('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: PLAN_TARGET_KINDS }).notNull(),
  /** Kept by name, so a period outlives the server or cluster it billed. */
  certname: text('certname').notNull(),
});

/** Which plan applied to which server or cluster over which interval: what invoices prorate. */
export const planPeriods = pgTable(
  'plan_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...target(),
    plan: text('plan', { enum: PLAN_IDS }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null while the plan applies. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** A period of the sign-up trial, which is not billed. */
    trial: boolean('trial').notNull().default(false),
  },
  (table) => [
    index('plan_periods_customer_starts_idx').on(table.customerId, table.startsAt),
    uniqueIndex('plan_periods_one_open_idx')
      .on(table.customerId, table.kind, table.certname)
      .where(sql`${table.endsAt} is null`),
  ],
);
export type PlanPeriodRow = typeof planPeriods.$inferSelect;

/** A downgrade or cancellation (plan null) waiting for its date; at most one per server or cluster. */
export const pendingPlanChanges = pgTable(
  'pending_plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...target(),
    plan: text('plan', { enum: PLAN_IDS }),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('pending_plan_changes_target_idx').on(table.customerId, table.kind, table.certname),
    index('pending_plan_changes_effective_idx').on(table.effectiveAt),
  ],
);
export type PendingPlanChangeRow = typeof pendingPlanChanges.$inferSelect;
