import { z } from 'zod';
import { brandValues } from './brand';
import { fillAll } from './fill';

/** The site's languages: English at /, Danish at /da/. */
export const SITE_LOCALES = ['en', 'da'] as const;
export type SiteLocale = (typeof SITE_LOCALES)[number];

/**
 * Parses a page's copy, one object per language, with the same schema for each: Danish must have
 * every field English has, and a malformed file fails the build and the tests. The brand's names
 * (`{product}` and the like) are filled in here, so no copy repeats them.
 */
export function localized<Schema extends z.ZodType>(
  schema: Schema,
  json: unknown,
): Record<SiteLocale, z.infer<Schema>> {
  const parsed = z.object({ en: schema, da: schema }).strict().parse(json);
  return fillAll(parsed, brandValues) as Record<SiteLocale, z.infer<Schema>>;
}
