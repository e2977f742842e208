import type { Database } from '../../db/client';
import { leads } from '../../db/schema';

export type NewLead = Omit<typeof leads.$inferInsert, 'id'>;

/** Keeps a lead; its id tells the log lines and mails about it apart. */
export async function saveLead(db: Database, lead: NewLead) {
  const [stored] = await db.insert(leads).values(lead).returning({ id: leads.id });
  return stored?.id;
}
