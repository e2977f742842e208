import { ROLES } from '@tidewatch/domain';
import { z } from 'zod';

/** Lookups accept any plausible id and answer 404 for unknown ones; creation checks the stricter rule. */
export const CustomerId = z
  .string()
  .regex(/^[a-z0-9]{2,32}$/, { error: 'A customer id is lowercase letters and digits' });
export const UserId = z.uuid({ error: 'Not a valid user id' });
/** A required text field: the same message whether it is empty or missing (forms send empty as missing). */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

export const Email = z
  .string({ error: 'Enter your email address' })
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Enter a valid email address' }));
export const Language = z.enum(['en', 'da']);
export const RoleName = z.enum(ROLES);
export const IsoDateTime = z.iso.datetime({ offset: true });
export const ConsultingLevel = z.number().int().min(1).max(3);

/** The `{ data: … }` envelope some of the spec's calls answer with (read as `data.data`). */
export const dataEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: item });
