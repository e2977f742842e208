import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytes } from './bytes';

/** Applications sent from the careers page, with the CV as sent (its type checked from its bytes). */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Lower-cased, as the shared schema leaves it. */
    email: text('email').notNull(),
    /** The position applied for, as the form named it. */
    role: text('role').notNull(),
    message: text('message'),
    /** The language of the page it was sent from. */
    locale: text('locale', { enum: ['en', 'da'] }).notNull(),
    /** The file name as the applicant's browser gave it, cleaned for a mail header. */
    cvName: text('cv_name').notNull(),
    /** The type found in the file's first bytes, not the one the browser claimed. */
    cvType: text('cv_type').notNull(),
    cvSize: integer('cv_size').notNull(),
    cv: bytes('cv').notNull(),
    /** A keyed hash of the sender's address, as for leads. */
    sourceHash: text('source_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('job_applications_created_idx').on(table.createdAt)],
);
