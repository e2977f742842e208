import type { CountKind } from '@tidewatch/contract';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/** Whose things to count: one customer's, or every customer's. */
export type CountScope = { customerId: string } | 'all';

type Counter = (db: Database, scope: CountScope) => Promise<number>;

/** Kinds whose records do not exist yet in this release have none to count. */
const nothingYet: Counter = async () => 0;

const COUNTERS: Record<CountKind, Counter> = {
  user: async (db, scope) => {
    const query = db.select({ n: count() }).from(users);
    const [row] = await (scope === 'all' ? query : query.where(eq(users.customerId, scope.customerId)));
    return row?.n ?? 0;
  },
  server: nothingYet,
  cluster: nothingYet,
  tag: nothingYet,
  team: nothingYet,
  open_service_window: nothingYet,
  service_window_exemption: nothingYet,
  pending_approval: nothingYet,
  service_window_update_config: nothingYet,
};

export function countOf(db: Database, kind: CountKind, scope: CountScope): Promise<number> {
  return COUNTERS[kind](db, scope);
}
