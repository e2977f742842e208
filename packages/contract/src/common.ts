import { ROLES } from '@tidewatch/domain';
import { z } from 'zod';

// Validation messages are written in English and the server answers with them. Each one carries
// an i18n comment so that the catalog picks it up and forms show it in the reader's language.

/** Lookups accept any plausible id and answer 404 for unknown ones; creation checks the stricter rule. */
export const CustomerId = z
  .string()
  .regex(/^[a-z0-9]{2,32}$/, { error: /*i18n*/ 'A customer id is lowercase letters and digits' });
export const UserId = z.uuid({ error: /*i18n*/ 'Not a valid user id' });
/** A required text field: the same message whether it is empty or missing (forms send empty as missing). */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });
/** An optional text field: an empty one reads as absent. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

export const Email = z
  .string({ error: /*i18n*/ 'Enter your email address' })
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: /*i18n*/ 'Enter a valid email address' }));
export const Language = z.enum(['en', 'da']);
export const RoleName = z.enum(ROLES);
export const IsoDateTime = z.iso.datetime({ offset: true });
export const ConsultingLevel = z.number().int().min(1).max(3);

/** The `{ data: … }` envelope some of the spec's calls answer with (read as `data.data`). */
export const dataEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: item });

/**
 * A field people never see or reach and bots fill in: a request with it filled in is answered
 * as a success, and nothing is kept or sent.
 */
export const HONEYPOT_FIELD = 'website';
/** Spread into a public form's body schema. */
export const honeypot = { [HONEYPOT_FIELD]: z.string().max(2000).optional() };
