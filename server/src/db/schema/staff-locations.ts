import { doublePrecision, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Where a staff member works, for the employee map: one place per person, set by admins. */
export const staffLocations = pgTable('staff_locations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  place: text('place').notNull(),
  country: text('country').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  timezone: text('timezone').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type StaffLocationRow = typeof staffLocations.$inferSelect;
