import { z } from 'zod';
import iconsJson from './data/brand-icons.json' with { type: 'json' };

/**
 * The Simple Icons logo of each app and integration that has one free of attribution terms, by the
 * name the copy gives it (decision 0057); a name without an entry is shown as text alone.
 */
export const brandIcons: Readonly<Record<string, string>> = z
  .record(z.string().min(1), z.string().regex(/^[a-z0-9]+$/, 'a Simple Icons slug'))
  .parse(iconsJson);
