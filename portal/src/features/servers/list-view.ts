import { FLEET_SORTS, PLAN_IDS, SERVER_SORTS } from '@tidewatch/contract/vocabulary';
import { SERVER_STATUSES } from '@tidewatch/domain';
import * as z from 'zod/mini';
import { boundedText, cursorTrail, customerIdParam, lenient, queryText } from '../../lib/search-params';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

/**
 * The server list's view in the URL, so it can be shared and survives a reload: search,
 * filters, sort, page size and the cursors of the pages walked so far (the last is the page
 * shown; "previous" drops it). Anything malformed is dropped rather than failing the page.
 */
const ListEntries = {
  q: lenient(queryText),
  distribution: lenient(boundedText(40)),
  version: lenient(boundedText(40)),
  plan: lenient(z.enum([...PLAN_IDS, 'none'])),
  status: lenient(z.enum(SERVER_STATUSES)),
  limit: lenient(z.literal(PAGE_SIZES)),
  cursors: lenient(cursorTrail),
};
const ListSearch = z.object(ListEntries);

/** One customer's servers: filtered by tag too. */
export const ServerListSearch = z.object({
  ...ListEntries,
  tag: lenient(boundedText(64)),
  sort: lenient(z.enum(SERVER_SORTS)),
});

/** The fleet view, every customer's servers: filtered by customer instead of tag. */
export const FleetListSearch = z.object({
  ...ListEntries,
  customer_id: lenient(customerIdParam),
  sort: lenient(z.enum(FLEET_SORTS)),
});

/** Either list's view; the fleet's sorts include the customer list's. */
export type ServerListView = z.output<typeof ListSearch> & {
  tag?: string | undefined;
  customer_id?: string | undefined;
  sort?: (typeof FLEET_SORTS)[number] | undefined;
};
