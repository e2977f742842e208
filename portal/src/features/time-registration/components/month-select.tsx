import { useLingui } from '@lingui/react/macro';
import { mondayOf, monthList, shiftDate, todayIn } from '@tidewatch/domain';
import { Select } from '@tidewatch/ui';
import { formatMonth } from '../../../lib/format';
import * as styles from './time.css';

/** The browser's zone: the month lists follow the staff member's own calendar. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The month (YYYY-MM) `back` months before this one, in the browser's zone. */
export const monthsAgo = (back: number) => monthList(new Date(), localTimeZone(), back)[back] ?? '';

/** The Monday of last week: catching up is mostly last week's. */
export const lastWeek = () => mondayOf(shiftDate(todayIn(new Date(), localTimeZone()), -7));

/** The month list of spec section 9: this month and 24 months back. */
export function MonthSelect({ value, onChange }: { value: string; onChange(month: string): void }) {
  const { t, i18n } = useLingui();
  return (
    <div className={styles.monthPicker}>
      <Select label={t`Month`} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {monthList(new Date(), localTimeZone()).map((month) => (
          <option key={month} value={month}>
            {formatMonth(month, i18n.locale)}
          </option>
        ))}
      </Select>
    </div>
  );
}
