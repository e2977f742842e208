import {
  CLUSTER_PROVIDERS,
  CLUSTER_SORTS,
  CLUSTER_STATUSES,
  CLUSTER_TYPES,
} from '@tidewatch/contract/vocabulary';
import * as z from 'zod/mini';
import { boundedText, certnameParam, cursorTrail, lenient, queryText } from '../../lib/search-params';

/**
 * The clusters page in the URL: search, filters, sort, the cursors of the pages walked so far (the last
 * is the page shown), and `cluster` for one cluster's detail. Anything malformed is dropped.
 */
export const ClusterListSearch = z.object({
  q: lenient(queryText),
  tag: lenient(boundedText(64)),
  provider: lenient(z.enum(CLUSTER_PROVIDERS)),
  type: lenient(z.enum(CLUSTER_TYPES)),
  status: lenient(z.enum(CLUSTER_STATUSES)),
  sort: lenient(z.enum(CLUSTER_SORTS)),
  cursors: lenient(cursorTrail),
  cluster: lenient(certnameParam),
});
export type ClusterListView = z.output<typeof ClusterListSearch>;

export const PAGE_SIZE = 50;
