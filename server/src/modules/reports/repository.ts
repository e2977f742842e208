import { desc, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cspReports, errorReports } from '../../db/schema';

export type NewErrorReport = Omit<typeof errorReports.$inferInsert, 'id'>;
export type NewCspReport = Omit<typeof cspReports.$inferInsert, 'id'>;

export async function saveErrorReport(db: Database, report: NewErrorReport) {
  await db.insert(errorReports).values(report);
}

/** Keeps the reports, then only the newest `kept`: a flood from many addresses cannot fill the database. */
export async function saveCspReports(db: Database, reports: NewCspReport[], kept: number) {
  await db.insert(cspReports).values(reports);
  const oldestKept = db
    .select({ id: cspReports.id })
    .from(cspReports)
    .orderBy(desc(cspReports.id))
    .offset(kept - 1)
    .limit(1);
  await db.delete(cspReports).where(lt(cspReports.id, oldestKept));
}
