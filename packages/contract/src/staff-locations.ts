import { z } from 'zod';
import { dataEnvelope, requiredText, UserId } from './common';
import { defineRoute, requires } from './route';
import { CountryCode, TimeZone } from './signup';

const degrees = (message: string, limit: number) =>
  z.number({ error: message }).min(-limit, { error: message }).max(limit, { error: message });

/** Where a staff member works: an office or a city, placed on the map by its coordinates. */
export const StaffLocationBody = z.object({
  place: requiredText(/*i18n*/ 'Enter the office or city').max(100),
  country: CountryCode,
  latitude: degrees(/*i18n*/ 'Enter a latitude from -90 to 90', 90),
  longitude: degrees(/*i18n*/ 'Enter a longitude from -180 to 180', 180),
  timezone: TimeZone,
});
export type StaffLocationBody = z.infer<typeof StaffLocationBody>;

/** A staff member and where they work (null: not set yet). */
export const StaffMember = z.object({
  user_id: UserId,
  name: z.string(),
  email: z.string(),
  location: StaffLocationBody.nullable(),
});
export type StaffMember = z.infer<typeof StaffMember>;

const staffParams = z.object({ user_id: UserId });

export const staffLocationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/staff/locations',
    access: requires('employeeMap.view'),
    summary: 'Every active staff member with where they work, by name',
    response: dataEnvelope(z.array(StaffMember)),
  }),
  set: defineRoute({
    method: 'PUT',
    path: '/staff/{user_id}/location',
    access: requires('employeeMap.manage'),
    summary: 'Set where a staff member works (404 for anyone who is not staff)',
    params: staffParams,
    body: StaffLocationBody,
    response: StaffMember,
  }),
  clear: defineRoute({
    method: 'DELETE',
    path: '/staff/{user_id}/location',
    access: requires('employeeMap.manage'),
    summary: 'Take a staff member off the map (404 for anyone who is not staff)',
    params: staffParams,
  }),
};
