import {
  CERTNAME_PATTERN,
  CUSTOMER_ID_PATTERN,
  TAG_NAME_MAX,
  TAG_NAME_PATTERN,
} from '@tidewatch/contract/vocabulary';
import * as z from 'zod/mini';

// Search parameters are validated before the first screen draws, so they use zod's small build
// over the contract's zod-free vocabulary, which the contract's schemas build on too; the server
// checks every value again with the full schemas.

/** A parameter that is dropped, not fatal, when malformed: people type and trim URLs. */
export const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

export const boundedText = (max: number) => z.string().check(z.maxLength(max));

/** A search box's text; a number-like one arrives parsed as a number. */
export const queryText = z.pipe(
  z.union([z.string(), z.pipe(z.number(), z.transform(String))]),
  boundedText(100),
);

/** The cursors of the pages walked so far: the last is the page shown. */
export const cursorTrail = z.array(boundedText(512)).check(z.maxLength(1000));

/** A positive whole number, also when the URL carries it as text. */
export const positiveInteger = z.pipe(
  z.union([z.number(), z.pipe(z.string(), z.transform(Number))]),
  z.int().check(z.positive()),
);

/** A calendar day, `YYYY-MM-DD`. */
export const isoDay = z.iso.date();

export const certnameParam = z.string().check(z.regex(CERTNAME_PATTERN));
export const customerIdParam = z.string().check(z.regex(CUSTOMER_ID_PATTERN));
export const tagNameParam = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(TAG_NAME_MAX), z.regex(TAG_NAME_PATTERN));

/** A calendar month, YYYY-MM (the time-registration pages' month lists). */
export const monthParam = z.string().check(z.regex(/^20\d\d-(0[1-9]|1[0-2])$/));
