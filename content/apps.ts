import { z } from 'zod';
import categoriesJson from './data/app-categories.json' with { type: 'json' };
import appsJson from './data/apps.json' with { type: 'json' };

/** The catalogue's categories, in the order the filter lists them (spec section 2, Features). */
export const APP_TYPES = [
  'Communication',
  'Application Engines',
  'Computing',
  'Databases',
  'Project Management',
  'Storage',
  'Web Servers',
  'Web Frameworks',
  'Virtualization',
] as const;
export type AppType = (typeof APP_TYPES)[number];

const Localized = z.object({ en: z.string().min(1), da: z.string().min(1) });

/** Supported-app entry (spec section 3): key app_N, fields tech, description, type. */
const SupportedApp = z.object({
  tech: z.string().min(1),
  type: z.enum(APP_TYPES),
  description: Localized,
});
export type SupportedApp = z.infer<typeof SupportedApp> & { key: string };

const AppCategory = z.object({
  type: z.enum(APP_TYPES),
  slug: z
    .string()
    .regex(/^[a-z]+(-[a-z]+)*$/)
    .describe('Its value in the ?category= query'),
  label: Localized,
});
export type AppCategory = z.infer<typeof AppCategory>;

const appKey = /^app_[1-9]\d*$/;

/** Every category exactly once, in the order of APP_TYPES. */
export const appCategories: AppCategory[] = z
  .array(AppCategory)
  .refine((list) => list.map((c) => c.type).join() === APP_TYPES.join(), 'one entry per type, in order')
  .parse(categoriesJson);

/** The catalogue in key order (app_1, app_2, ...), each entry carrying its key. */
export const supportedApps: SupportedApp[] = Object.entries(
  z.record(z.string().regex(appKey), SupportedApp).parse(appsJson),
)
  .map(([key, app]) => ({ key, ...app }))
  .sort((a, b) => Number(a.key.slice(4)) - Number(b.key.slice(4)));
