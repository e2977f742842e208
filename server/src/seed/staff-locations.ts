import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { staffLocations, users } from '../db/schema';

/** Where the demo's staff work: the three offices, and three who work from elsewhere. */
const DEMO_STAFF_LOCATIONS: Record<
  string,
  Omit<typeof staffLocations.$inferInsert, 'userId' | 'updatedAt'>
> = {
  'admin@tidewatch.example': {
    place: 'Copenhagen office',
    country: 'DK',
    latitude: 55.6653,
    longitude: 12.5783,
    timezone: 'Europe/Copenhagen',
  },
  'approver@tidewatch.example': {
    place: 'Aarhus office',
    country: 'DK',
    latitude: 56.1572,
    longitude: 10.2107,
    timezone: 'Europe/Copenhagen',
  },
  'tam@tidewatch.example': {
    place: 'Odense office',
    country: 'DK',
    latitude: 55.3959,
    longitude: 10.3883,
    timezone: 'Europe/Copenhagen',
  },
  'finance@tidewatch.example': {
    place: 'Lisbon',
    country: 'PT',
    latitude: 38.7223,
    longitude: -9.1393,
    timezone: 'Europe/Lisbon',
  },
  'master@tidewatch.example': {
    place: 'Copenhagen office',
    country: 'DK',
    latitude: 55.6653,
    longitude: 12.5783,
    timezone: 'Europe/Copenhagen',
  },
  'reader@tidewatch.example': {
    place: 'Aalborg',
    country: 'DK',
    latitude: 57.0488,
    longitude: 9.9217,
    timezone: 'Europe/Copenhagen',
  },
  'security@tidewatch.example': {
    place: 'Manila',
    country: 'PH',
    latitude: 14.5995,
    longitude: 120.9842,
    timezone: 'Asia/Manila',
  },
};

export async function seedStaffLocations(db: Pick<Database, 'select' | 'insert'>, now: Date): Promise<void> {
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.keys(DEMO_STAFF_LOCATIONS)));
  const rows = staff.flatMap((user) => {
    const location = DEMO_STAFF_LOCATIONS[user.email];
    return location ? [{ userId: user.id, ...location, updatedAt: now }] : [];
  });
  if (rows.length) await db.insert(staffLocations).values(rows);
}
