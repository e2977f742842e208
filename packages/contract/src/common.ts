import { ROLES } from '@tidewatch/domain';
import { z } from 'zod';
import { HONEYPOT_FIELD } from './site-forms';
import { CUSTOMER_ID_PATTERN } from './vocabulary';

// Validation messages are written in English and the server answers with them. Each one carries
// an i18n comment so that the catalog picks it up and forms show it in the reader's language.

/**
 * What PostgreSQL cannot store: a NUL character (refused by `text` columns) and an unpaired
 * surrogate (refused by `jsonb`).
 */
const UNSTORABLE = /[\0\p{Cs}]/u;
const unstorableMessage = { error: /*i18n*/ 'Remove the control characters from this text' };

export const storableText = z.refine<string>((value) => !UNSTORABLE.test(value), unstorableMessage);
/** Every string a request carries starts here, so that every route refuses what cannot be stored. */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(storableText);

/** Whether every string and key inside a JSON value is storable; a loop, as nesting may be deep. */
function storableJson(value: unknown): boolean {
  const pending = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return false;
    } else if (item && typeof item === 'object') {
      for (const [key, nested] of Object.entries(item)) {
        if (UNSTORABLE.test(key)) return false;
        pending.push(nested);
      }
    }
  }
  return true;
}
/** Any JSON sent along to be kept as it is (jsonb), under the same rule as text. */
export const StorableJson = z.unknown().refine(storableJson, unstorableMessage);

/** PostgreSQL's `integer` (and `serial`) holds up to this. */
export const INT4_MAX = 2_147_483_647;
/** A row's number in a path (`/change-requests/12`): positive and within the `integer` column. */
export const RowNumber = z.coerce.number().int().min(1).max(INT4_MAX);

/** Lookups accept any plausible id and answer 404 for unknown ones; creation checks the stricter rule. */
export const CustomerId = text().regex(CUSTOMER_ID_PATTERN, {
  error: /*i18n*/ 'A customer id is lowercase letters and digits',
});
export const UserId = z.uuid({ error: /*i18n*/ 'Not a valid user id' });
/** A required text field: the same message whether it is empty or missing (forms send empty as missing). */
export const requiredText = (message: string) => text({ error: message }).trim().min(1, { error: message });
/** An optional text field: an empty one reads as absent. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

export const Email = text({ error: /*i18n*/ 'Enter your email address' })
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: /*i18n*/ 'Enter a valid email address' }));
export const Language = z.enum(['en', 'da']);
export const RoleName = z.enum(ROLES);
/**
 * Timestamps are kept from the Unix epoch to the end of year 9999 (UTC, after the offset is
 * applied): PostgreSQL and JavaScript dates both hold that range, and nothing the product records
 * (pings, runs, reports) happened before 1970.
 */
export const EARLIEST_TIMESTAMP = Date.UTC(1970, 0, 1);
export const LATEST_TIMESTAMP = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const IsoDateTime = z.iso.datetime({ offset: true }).refine(
  (value) => {
    const time = Date.parse(value);
    return time >= EARLIEST_TIMESTAMP && time <= LATEST_TIMESTAMP;
  },
  { error: /*i18n*/ 'Use a time between 1970 and the end of 9999' },
);
export const ConsultingLevel = z.number().int().min(1).max(3);

/** The `{ data: … }` envelope some of the spec's calls answer with (read as `data.data`). */
export const dataEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: item });

export { HONEYPOT_FIELD };
/** Spread into a public form's body schema. */
export const honeypot = { [HONEYPOT_FIELD]: text().max(2000).optional() };
