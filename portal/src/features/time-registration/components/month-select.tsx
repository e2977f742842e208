import { useLingui } from '@lingui/react/macro';
import { monthList } from '@tidewatch/domain';
import { Select } from '@tidewatch/ui';
import { formatMonth } from '../../../lib/format';
import { localTimeZone } from '../months';
import * as styles from './time.css';

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
