import { z } from 'zod';

/** The site's languages: English at /, Danish at /da/. */
export const SITE_LOCALES = ['en', 'da'] as const;
export type SiteLocale = (typeof SITE_LOCALES)[number];

/**
 * Parses a page's copy, one object per language, with the same schema for each: Danish must have
 * every field English has, and a malformed file fails the build and the tests.
 */
export function localized<Schema extends z.ZodType>(
  schema: Schema,
  json: unknown,
): Record<SiteLocale, z.infer<Schema>> {
  return z.object({ en: schema, da: schema }).strict().parse(json) as Record<SiteLocale, z.infer<Schema>>;
}
