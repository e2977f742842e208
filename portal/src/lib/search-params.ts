import {
  CERTNAME_PATTERN,
  CUSTOMER_ID_PATTERN,
  TAG_NAME_MAX,
  TAG_NAME_PATTERN,
} from '@tidewatch/contract/vocabulary';
import * as v from 'valibot';

// Search parameters are validated before the first screen draws, so they use valibot, whose parts
// are imported one by one, and the contract's zod-free vocabulary; the server checks every value
// again with the full schemas.

/** A parameter that is dropped, not fatal, when malformed: people type and trim URLs. */
export const lenient = <T extends v.GenericSchema>(schema: T) => v.fallback(v.optional(schema), undefined);

export const boundedText = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** A search box's text; a number-like one arrives parsed as a number. */
export const queryText = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.transform(String))]),
  boundedText(100),
);

/** The cursors of the pages walked so far: the last is the page shown. */
export const cursorTrail = v.pipe(v.array(boundedText(512)), v.maxLength(1000));

/** A positive whole number, also when the URL carries it as text. */
export const positiveInteger = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
);

/** A calendar day, `YYYY-MM-DD`. */
export const isoDay = v.pipe(v.string(), v.isoDate());

export const certnameParam = v.pipe(v.string(), v.regex(CERTNAME_PATTERN));
export const customerIdParam = v.pipe(v.string(), v.regex(CUSTOMER_ID_PATTERN));
export const tagNameParam = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(TAG_NAME_MAX),
  v.regex(TAG_NAME_PATTERN),
);

/** A calendar month, YYYY-MM (the time-registration pages' month lists). */
export const monthParam = v.pipe(v.string(), v.regex(/^20\d\d-(0[1-9]|1[0-2])$/));
