import { mondayOf, monthList, shiftDate, todayIn } from '@tidewatch/domain';

/** The browser's zone: the month lists follow the staff member's own calendar. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The month (YYYY-MM) `back` months before this one, in the browser's zone. */
export const monthsAgo = (back: number) => monthList(new Date(), localTimeZone(), back)[back] ?? '';

/** The Monday of last week: catching up is mostly last week's. */
export const lastWeek = () => mondayOf(shiftDate(todayIn(new Date(), localTimeZone()), -7));
