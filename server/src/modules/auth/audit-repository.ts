import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditEntry = typeof auditLog.$inferInsert;

export async function appendAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
