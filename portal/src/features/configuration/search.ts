import { CHANGE_REQUEST_STATUSES } from '@tidewatch/contract/vocabulary';
import * as v from 'valibot';
import { certnameParam, lenient, positiveInteger, tagNameParam } from '../../lib/search-params';

/** `?server=<certname>` or `?tag=<name>`: what the configuration pages show; anything malformed is dropped. */
export const TargetSearch = v.object({
  server: lenient(certnameParam),
  tag: lenient(tagNameParam),
});

/** `?number=` opens one change request; `?status=` filters the list. */
export const ChangeRequestSearch = v.object({
  number: lenient(positiveInteger),
  status: lenient(v.picklist(CHANGE_REQUEST_STATUSES)),
});
