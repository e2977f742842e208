import { HOSTNAME_PATTERN, PLAN_IDS, SERVER_STATUSES } from '@tidewatch/domain';
import { z } from 'zod';
import { IsoDateTime, text } from './common';
import { CERTNAME_PATTERN, CLUSTER_STATUSES, TAG_NAME_MAX, TAG_NAME_PATTERN } from './vocabulary';

/** Schemas the server, cluster, tag and change-request routes share. */

/** A subscription plan; `null` where a plan may be absent means unmanaged. */
export const Plan = z.enum(PLAN_IDS);
export type Plan = z.infer<typeof Plan>;

export const ServerStatus = z.enum(SERVER_STATUSES);
export const ClusterStatus = z.enum(CLUSTER_STATUSES);

export const Hostname = text({ error: /*i18n*/ 'Enter a name' }).trim().regex(HOSTNAME_PATTERN, {
  error:
    /*i18n*/ 'Use lowercase letters, digits and hyphens (at most 63), not starting or ending with a hyphen',
});
export const Certname = text().regex(CERTNAME_PATTERN, {
  error: /*i18n*/ 'Not a valid certname',
});

export const TagName = text({ error: /*i18n*/ 'Enter a tag name' })
  .trim()
  .min(1, { error: /*i18n*/ 'Enter a tag name' })
  .max(TAG_NAME_MAX, { error: /*i18n*/ 'Use at most 64 characters' })
  .regex(TAG_NAME_PATTERN, {
    error: /*i18n*/ 'Use letters, digits, spaces and . _ : - (starting with a letter or digit)',
  });
export const TagId = z.uuid({ error: /*i18n*/ 'Not a valid tag id' });
export const MAX_SERVER_TAGS = 10;
/** A server's or cluster's tags in order (earlier wins). */
export const TagList = z
  .array(TagName)
  .max(MAX_SERVER_TAGS, { error: /*i18n*/ 'Use at most 10 tags' })
  .refine((names) => new Set(names).size === names.length, { error: /*i18n*/ 'Use each tag once' });

export const RoleId = text().regex(/^[a-z0-9][a-z0-9-]*$/, { error: /*i18n*/ 'Not a valid role id' });
export const ParameterValue = z.union([text().max(2000), z.number(), z.boolean(), z.null()]);
/** Role parameters by role id; secrets that are set read as `********` in answers. */
export const RoleParameters = z.record(RoleId, z.record(text().max(64), ParameterValue));

/** A server's or a tag's roles and parameters, and the same as reviewed YAML. */
export const Configuration = z.object({
  roles: z.array(RoleId),
  parameters: RoleParameters,
  yaml: z.string(),
});
export type Configuration = z.infer<typeof Configuration>;

/** Up to this many matching rows a total or a count is exact; above it, the database's estimate. */
export const EXACT_TOTAL_LIMIT = 10_000;

/** A page of a keyset-paginated list: pass `next_cursor` back as `cursor` for the next page. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    next_cursor: z.string().nullable(),
    /** How many match the filters, over all pages: on the first page only (null after), as counting costs a scan. */
    total: z.number().int().nullable(),
    /** True when `total` is the database's estimate (above 10,000 matches), shown as "about". */
    total_is_estimate: z.boolean(),
  });
export const PageLimit = z.coerce.number().int().min(1).max(200).default(50);
export const Cursor = text().max(512);

export const LastRun = z.object({ at: IsoDateTime, status: z.enum(['unchanged', 'changed', 'failed']) });
