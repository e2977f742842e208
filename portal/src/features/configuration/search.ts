import { CHANGE_REQUEST_STATUSES } from '@tidewatch/contract/vocabulary';
import * as z from 'zod/mini';
import { certnameParam, lenient, positiveInteger, tagNameParam } from '../../lib/search-params';

/** `?server=<certname>` or `?tag=<name>`: what the configuration pages show; anything malformed is dropped. */
export const TargetSearch = z.object({
  server: lenient(certnameParam),
  tag: lenient(tagNameParam),
});

/** `?number=` opens one change request; `?status=` filters the list. */
export const ChangeRequestSearch = z.object({
  number: lenient(positiveInteger),
  status: lenient(z.enum(CHANGE_REQUEST_STATUSES)),
});
