import { AUDIT_ACTIONS } from '@tidewatch/contract';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only (triggers refuse UPDATE, DELETE and TRUNCATE): impersonation starts and stops, and
 * every write made while impersonating, logged before it runs (`impersonation.write`, no status)
 * and followed by its answer (`impersonation.outcome`, same request id, the status sent); sign-ins,
 * configuration merges, user and plan changes, which a customer reads as its activity.
 * Ids are copied, not referenced, so the log outlives its users.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** The person who acted: the admin when impersonating. */
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** The actor is staff: customers see "<product> staff", not who. */
    actorStaff: boolean('actor_staff').notNull().default(false),
    /** The account acted as (the actor's own when not impersonating). */
    subjectId: uuid('subject_id').notNull(),
    subjectEmail: text('subject_email').notNull(),
    /** The customer whose activity this is. */
    subjectCustomerId: text('subject_customer_id').notNull(),
    reason: text('reason'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status'),
    ip: text('ip'),
    requestId: text('request_id'),
    detail: jsonb('detail'),
  },
  (table) => [
    index('audit_log_actor_idx').on(table.actorId, table.at),
    index('audit_log_customer_idx').on(table.subjectCustomerId, table.id),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;
