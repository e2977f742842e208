import { Certname, ChangeRequestStatus, TagName } from '@tidewatch/contract';
import { z } from 'zod';

/** `?server=<certname>` or `?tag=<name>`: what the configuration pages show; anything malformed is dropped. */
export const TargetSearch = z.object({
  server: Certname.optional().catch(undefined),
  tag: TagName.optional().catch(undefined),
});

/** `?number=` opens one change request; `?status=` filters the list. */
export const ChangeRequestSearch = z.object({
  number: z.coerce.number().int().positive().optional().catch(undefined),
  status: ChangeRequestStatus.optional().catch(undefined),
});
