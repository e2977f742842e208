import { useLingui } from '@lingui/react/macro';
import { MONTHS_BACK, monthList } from '@tidewatch/domain';
import { Select } from '@tidewatch/ui';
import type { ReactNode } from 'react';

/** "November 2026" in the reader's language. */
const monthName = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * A list's month filter: "All months" when none is chosen (a month input would show dashes), this
 * month and the months before it, and the one in the address even if it is older.
 */
export function MonthFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: ReactNode;
  value: string | undefined;
  /** Months before it are not offered (YYYY-MM). */
  min?: string | undefined;
  /** Months after it are not offered (YYYY-MM). */
  max?: string | undefined;
  onChange(month: string | undefined): void;
}) {
  const { t, i18n } = useLingui();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const months = monthList(new Date(), zone, MONTHS_BACK).filter(
    (month) => (!min || month >= min) && (!max || month <= max),
  );
  if (value && !months.includes(value)) months.push(value);
  return (
    <Select label={label} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
      <option value="">{t`All months`}</option>
      {months.map((month) => (
        <option key={month} value={month}>
          {monthName(month, i18n.locale)}
        </option>
      ))}
    </Select>
  );
}
