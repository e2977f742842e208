import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffLocations, users } from '../src/db/schema';
import { json, useTestApp } from './helpers';

const t = useTestApp();

const LISBON = {
  place: 'Lisbon',
  country: 'PT',
  latitude: 38.7223,
  longitude: -9.1393,
  timezone: 'Europe/Lisbon',
};

async function userId(email: string): Promise<string> {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

type Member = { email: string; location: { place: string } | null };

describe('staff locations', () => {
  it('lists every staff member with where they work, and no customer user', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const response = await admin.request('/api/staff/locations');
    expect(response.statusCode).toBe(200);
    const members = json<{ data: Member[] }>(response).data;
    expect(members.map((member) => member.email).sort()).toEqual([
      'admin@tidewatch.example',
      'approver@tidewatch.example',
      'finance@tidewatch.example',
      'master@tidewatch.example',
      'reader@tidewatch.example',
      'security@tidewatch.example',
      'tam@tidewatch.example',
    ]);
    expect(members.every((member) => member.location !== null)).toBe(true);
  });

  it('lets an admin move a staff member and take them off the map', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const tam = await userId('tam@tidewatch.example');
    const moved = await admin.request(`/api/staff/${tam}/location`, { method: 'PUT', body: LISBON });
    expect(moved.statusCode).toBe(200);
    expect(json(moved)).toMatchObject({ user_id: tam, location: LISBON });
    expect(await admin.request(`/api/staff/${tam}/location`, { method: 'DELETE' })).toMatchObject({
      statusCode: 204,
    });
    const [row] = await t.database.db.select().from(staffLocations).where(eq(staffLocations.userId, tam));
    expect(row).toBeUndefined();
    const listed = json<{ data: (Member & { user_id: string })[] }>(
      await admin.request('/api/staff/locations'),
    );
    expect(listed.data.find((member) => member.user_id === tam)?.location).toBeNull();
  });

  it('answers 404 for a user who is not staff, and places nobody', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const customerUser = await userId('user@acme.example');
    const response = await admin.request(`/api/staff/${customerUser}/location`, {
      method: 'PUT',
      body: LISBON,
    });
    expect(response.statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(staffLocations)
      .where(eq(staffLocations.userId, customerUser));
    expect(rows).toEqual([]);
  });

  it('answers 400 for coordinates off the globe or an unknown time zone, and changes nothing', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const approver = await userId('approver@tidewatch.example');
    const [before] = await t.database.db
      .select()
      .from(staffLocations)
      .where(eq(staffLocations.userId, approver));
    const response = await admin.request(`/api/staff/${approver}/location`, {
      method: 'PUT',
      body: { ...LISBON, latitude: 91, longitude: -181, timezone: 'Atlantis/Capital', place: ' ' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: object }>(response).fieldErrors).sort()).toEqual([
      'latitude',
      'longitude',
      'place',
      'timezone',
    ]);
    const [after] = await t.database.db
      .select()
      .from(staffLocations)
      .where(eq(staffLocations.userId, approver));
    expect(after).toEqual(before);
  });

  it.each([
    'finance@tidewatch.example',
    'security@tidewatch.example',
    'manager@acme.example',
    'user@acme.example',
  ])('refuses %s (403): the map is for admins', async (email) => {
    const caller = await t.signedIn(email);
    const admin = await userId('admin@tidewatch.example');
    expect((await caller.request('/api/staff/locations')).statusCode).toBe(403);
    expect(
      (await caller.request(`/api/staff/${admin}/location`, { method: 'PUT', body: LISBON })).statusCode,
    ).toBe(403);
    expect((await caller.request(`/api/staff/${admin}/location`, { method: 'DELETE' })).statusCode).toBe(403);
  });

  it('refuses anyone signed out (401)', async () => {
    expect((await t.browser().request('/api/staff/locations')).statusCode).toBe(401);
  });
});
