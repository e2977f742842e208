import type { Database } from '../../db/client';
import { jobApplications } from '../../db/schema';

export type NewJobApplication = Omit<typeof jobApplications.$inferInsert, 'id'>;

/** Keeps an application with its CV; its id tells the log lines about it apart. */
export async function saveJobApplication(db: Database, application: NewJobApplication) {
  const [stored] = await db.insert(jobApplications).values(application).returning({ id: jobApplications.id });
  return stored?.id;
}
