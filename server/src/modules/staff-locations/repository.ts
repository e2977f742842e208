import { brand } from '@tidewatch/content';
import type { StaffLocationBody, StaffMember } from '@tidewatch/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type StaffLocationRow, staffLocations, users } from '../../db/schema';

/** Staff are the users of the admin pseudo-customer; nobody else is ever on the map. */
const isActiveStaff = and(eq(users.customerId, brand.adminCustomer.id), eq(users.active, true));

export function toStaffMember(
  user: { id: string; name: string; email: string },
  location: StaffLocationRow | null,
): StaffMember {
  return {
    user_id: user.id,
    name: user.name,
    email: user.email,
    location: location && {
      place: location.place,
      country: location.country,
      latitude: location.latitude,
      longitude: location.longitude,
      timezone: location.timezone,
    },
  };
}

export async function listStaffMembers(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, location: staffLocations })
    .from(users)
    .leftJoin(staffLocations, eq(staffLocations.userId, users.id))
    .where(isActiveStaff)
    .orderBy(asc(users.name), asc(users.email));
  return rows.map((row) => toStaffMember(row, row.location));
}

export async function findStaffMember(db: Database, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(isActiveStaff, eq(users.id, userId)));
  return row ?? null;
}

export async function saveStaffLocation(
  db: Database,
  userId: string,
  location: StaffLocationBody,
  now: Date,
): Promise<StaffLocationRow> {
  const values = { ...location, updatedAt: now };
  const [row] = await db
    .insert(staffLocations)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: staffLocations.userId, set: values })
    .returning();
  return row as StaffLocationRow;
}

export async function clearStaffLocation(db: Database, userId: string): Promise<void> {
  await db.delete(staffLocations).where(eq(staffLocations.userId, userId));
}
