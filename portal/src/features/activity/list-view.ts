import { ACTIVITY_KINDS } from '@tidewatch/contract/vocabulary';
import * as z from 'zod/mini';
import { boundedText, isoDay, lenient } from '../../lib/search-params';
import type { ActivityQuery } from './api/activity';

/** The activity page in the URL: kind, the first and last day shown, and the cursors walked so far. */
export const ActivitySearch = z.object({
  kind: lenient(z.enum(ACTIVITY_KINDS)),
  from: lenient(isoDay),
  to: lenient(isoDay),
  cursors: lenient(z.array(boundedText(32)).check(z.maxLength(1000))),
});
export type ActivityView = z.output<typeof ActivitySearch>;

export const PAGE_SIZE = 25;

/** The start of a day in the browser's time zone, so "from 3 November" means the viewer's 3 November. */
const startOfDay = (day: string, plusDays = 0) => {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
};

export function activityQueryOf(view: ActivityView): ActivityQuery {
  const cursor = view.cursors?.at(-1);
  return {
    limit: PAGE_SIZE,
    ...(view.kind && { kind: view.kind }),
    ...(view.from && { since: startOfDay(view.from) }),
    ...(view.to && { until: startOfDay(view.to, 1) }),
    ...(cursor && { cursor }),
  };
}

/** A changed filter starts again from the first page. */
export const changeActivityView = (view: ActivityView, next: Partial<ActivityView>): ActivityView => ({
  ...view,
  ...next,
  cursors: undefined,
});
