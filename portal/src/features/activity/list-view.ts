import { ACTIVITY_KINDS } from '@tidewatch/contract/vocabulary';
import * as z from 'zod/mini';
import { boundedText, isoDay, lenient } from '../../lib/search-params';

/** The activity page in the URL: kind, the first and last day shown, and the cursors walked so far. */
export const ActivitySearch = z.object({
  kind: lenient(z.enum(ACTIVITY_KINDS)),
  from: lenient(isoDay),
  to: lenient(isoDay),
  cursors: lenient(z.array(boundedText(32)).check(z.maxLength(1000))),
});
export type ActivityView = z.output<typeof ActivitySearch>;

/** A changed filter starts again from the first page. */
export const changeActivityView = (view: ActivityView, next: Partial<ActivityView>): ActivityView => ({
  ...view,
  ...next,
  cursors: undefined,
});
